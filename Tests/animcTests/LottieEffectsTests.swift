import Foundation
import Testing

/// §15's `blend` and `blur` in a Lottie export: blend mode 16 (add) on the layer and the
/// Gaussian Blur effect (`ty` 29) whose blurriness is `R / (0.3·√|det|)` of the layer's
/// transform, worked out here by hand; the file passes lottie-specs' schema, and the
/// export prints one warning naming rlottie.
@Suite struct LottieEffectsTests {
  static let scene = """
    scene "Effects" { size 100, 100; duration 0.2s; fps 10 }
    node a = circle(5) {
      position (30, 30)
      scale 2
      blend .additive
      blur 3
    }
    node b = rect(10, 10) {
      position (70, 70)
      scaleX 3
      scaleY 0.75
      blur 0.9
    }
    node c = rect(10, 10) { position (50, 50) }
    """

  static func layers(_ json: String) throws -> [String: [String: Any]] {
    let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let layers = try #require(doc["layers"] as? [[String: Any]])
    return Dictionary(layers.compactMap { l in (l["nm"] as? String).map { ($0, l) } }, uniquingKeysWith: { a, _ in a })
  }

  /// The Blurriness control's fixed value.
  static func blurriness(_ layer: [String: Any]) throws -> Double {
    let effects = try #require(layer["ef"] as? [[String: Any]])
    #expect(effects.count == 1)
    let blur = try #require(effects.first)
    #expect(blur["ty"] as? Int == 29)
    let controls = try #require(blur["ef"] as? [[String: Any]])
    let control = try #require(controls.first { $0["nm"] as? String == "Blurriness" })
    let v = try #require(control["v"] as? [String: Any])
    #expect(v["a"] as? Int == 0)
    return try #require(v["k"] as? Double)
  }

  @Test func blendModeAndBlurrinessAndOneWarning() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-effects")
    let source = dir.appendingPathComponent("effects.anim")
    try Self.scene.write(to: source, atomically: true, encoding: .utf8)
    let json = dir.appendingPathComponent("out.json")
    let r = try CLITests.animc(["render", source.path, "-o", json.path])
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(r.stderr)")
    #expect(r.stderr.contains("warning") && r.stderr.contains("rlottie"), "\(r.stderr)")
    let layers = try Self.layers(try String(contentsOf: json, encoding: .utf8))
    let a = try #require(layers["a"])
    let b = try #require(layers["b"])
    let c = try #require(layers["c"])
    #expect(a["bm"] as? Int == 16)
    #expect(b["bm"] as? Int == 0 && c["bm"] as? Int == 0)
    // a: scale 2, |det| = 4: 3 / (0.3 · 2) = 5. b: |det| = 3 · 0.75 = 2.25: 0.9 / (0.3 · 1.5) = 2.
    #expect(abs(try Self.blurriness(a) - 5) < 1e-5)
    #expect(abs(try Self.blurriness(b) - 2) < 1e-5)
    #expect(c["ef"] == nil)
    _ = try LottieExportTests.check(["schema", json.path])
  }

  @Test func noWarningWithoutThem() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-no-effects")
    let source = dir.appendingPathComponent("plain.anim")
    try "scene \"P\" { size 50, 50; duration 0.1s; fps 10 }\nnode c = rect(10, 10) { position (25, 25) }\n"
      .write(to: source, atomically: true, encoding: .utf8)
    let r = try CLITests.animc(["render", source.path, "-o", dir.appendingPathComponent("out.json").path])
    #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
  }
}
