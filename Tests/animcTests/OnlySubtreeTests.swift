import Foundation
import Testing

/// `--only NAME` keeps the named node's, emitter's or replicator's instances with their
/// descendants (§14), each drawn as in the whole scene.
@Suite struct OnlySubtreeTests {
  /// A cart (opacity 0.5) with a wheel, a spark emitter spawning in the cart (each spark
  /// 0.5, so drawn at 0.25), and another node.
  static let scene = """
    scene {
      size 200, 200
      fps 10
      duration 1s
    }
    node cart = rect(40, 20) {
      position (50, 100)
      opacity 0.5
      node wheel = circle(5) {
        position (10, 20)
      }
    }
    node other = circle(5) {
      position (150, 100)
    }
    emitter sparks {
      every 500ms until 0.6s
      spawn circle(2) in cart {
        opacity 0.5
      }
    }
    """

  /// The Lottie layers `--only name` writes: name and constant opacity (in percent).
  static func layers(only name: String) throws -> [String: Double] {
    let dir = try RenderCommandTests.workDirectory("only-\(name)")
    let file = dir.appendingPathComponent("tree.anim")
    try Self.scene.write(to: file, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out.json")
    _ = try RenderCommandTests.animcOK(["render", file.path, "-o", out.path, "--only", name])
    let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
    var found: [String: Double] = [:]
    for layer in try #require(doc["layers"] as? [[String: Any]]) {
      let ks = try #require(layer["ks"] as? [String: Any])
      let o = try #require(ks["o"] as? [String: Any])
      found[try #require(layer["nm"] as? String)] = o["k"] as? Double ?? .nan
    }
    return found
  }

  @Test func aNodeKeepsItsChildrenAndWhatSpawnsInIt() throws {
    // The wheel is drawn at the cart's 0.5; each spark at 0.5 × 0.5.
    #expect(try Self.layers(only: "cart") == ["cart": 50, "wheel": 50, "sparks#0": 25, "sparks#1": 25])
  }

  @Test func anEmitterWhoseParentIsLeftOutDrawsAsInTheScene() throws {
    // Without the cart, each spark keeps the 0.25 it is drawn with.
    #expect(try Self.layers(only: "sparks") == ["sparks#0": 25, "sparks#1": 25])
    #expect(try Self.layers(only: "other") == ["other": 100])
  }
}
