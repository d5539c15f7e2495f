import AnimModel
import AnimSim
import Foundation
import Testing

@testable import AnimWriters

/// A layer tree (§14) in Lottie: a child's layer names its parent's layer and carries its
/// transform relative to it, a group is a null layer, and each layer's opacity is its
/// chain's product (Lottie does not pass opacity on). Expected values are worked by hand
/// from §14: a group's box is 0 × 0, so its matrix is T(position); a circle(5)'s box is
/// 10 × 10 with its anchor at the centre (5, 5).
@Suite struct LottieParentingTests {
  /// The layers of `scene`'s export at its own size, by name.
  static func layers(_ scene: String) throws -> [String: [String: Any]] {
    let bytes = try LottieStreamingTests.export(scene)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let layers = try #require(document["layers"] as? [[String: Any]])
    var named: [String: [String: Any]] = [:]
    for layer in layers { named[layer["nm"] as? String ?? ""] = layer }
    return named
  }

  static func numbers(_ value: Any?) -> [Double] { (value as? [NSNumber])?.map(\.doubleValue) ?? [] }

  /// A static property's value.
  static func fixed(_ property: Any?) -> [Double] {
    guard let p = property as? [String: Any], (p["a"] as? NSNumber)?.intValue == 0 else { return [] }
    if let n = p["k"] as? NSNumber { return [n.doubleValue] }
    return numbers(p["k"])
  }

  static func close(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }
  }

  @Test func aGroupIsANullParentAndItsChildKeepsItsLocalTransform() throws {
    // 10 frames at 10 fps: the group goes from (20, 50) to (60, 50) over frames 0…9.
    let layers = try Self.layers(
      """
      scene "Tree" { size 100, 100; duration 1s; fps 10 }
      node g {
        position (20, 50)
        opacity 0.5
        animate position from (20, 50) to (60, 50) over 0.9s
        node dot = circle(5) {
          position (10, 0)
          opacity 0.5
        }
      }
      """)
    let group = try #require(layers["g"])
    let dot = try #require(layers["dot"])
    // The group finishes first and took the first number (and the one after it) when its
    // child appeared; the child takes the next free one.
    #expect((group["ind"] as? NSNumber)?.intValue == 1)
    #expect(group["parent"] == nil)
    #expect((dot["parent"] as? NSNumber)?.intValue == 1)
    #expect((dot["ind"] as? NSNumber)?.intValue == 3)
    // The group draws nothing: a null layer at full opacity.
    #expect((group["ty"] as? NSNumber)?.intValue == 3)
    #expect(group["shapes"] == nil)
    #expect((dot["ty"] as? NSNumber)?.intValue == 4)
    let groupKS = try #require(group["ks"] as? [String: Any])
    let dotKS = try #require(dot["ks"] as? [String: Any])
    #expect(Self.close(Self.fixed(groupKS["o"]), [100]))
    // The child draws with 0.5 × 0.5.
    #expect(Self.close(Self.fixed(dotKS["o"]), [25]))
    // The group's anchor is its box's origin, and it moves linearly: two keyframes.
    #expect(Self.close(Self.fixed(groupKS["a"]), [0, 0]))
    let moves = try #require((groupKS["p"] as? [String: Any])?["k"] as? [[String: Any]])
    #expect(moves.count == 2)
    #expect(Self.close(Self.numbers(moves.first?["s"]), [20, 50]))
    #expect((moves.first?["t"] as? NSNumber)?.doubleValue == 0)
    #expect(Self.close(Self.numbers(moves.last?["s"]), [60, 50]))
    #expect((moves.last?["t"] as? NSNumber)?.doubleValue == 9)
    // The child's position stays (10, 0) in the group's box, its anchor the circle's centre.
    #expect(Self.close(Self.fixed(dotKS["p"]), [10, 0]))
    #expect(Self.close(Self.fixed(dotKS["a"]), [5, 5]))
    #expect(Self.close(Self.fixed(dotKS["s"]), [100, 100]))
  }

  @Test func aSceneWithoutATreeHasNoParents() throws {
    let layers = try Self.layers(
      """
      scene "Flat" { size 100, 100; duration 0.5s; fps 10 }
      node dot = circle(5) { position (10, 20); opacity 0.5 }
      """)
    let dot = try #require(layers["dot"])
    #expect(dot["parent"] == nil)
    #expect((dot["ind"] as? NSNumber)?.intValue == 1)
    #expect(Self.close(Self.fixed((dot["ks"] as? [String: Any])?["p"]), [10, 20]))
  }
}
