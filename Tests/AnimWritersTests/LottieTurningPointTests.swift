import Foundation
import Testing

@testable import AnimWriters

/// §13's size rule at a turning point: "a value that follows one cubic-Bezier timing
/// from one frame to another is exactly one pair of keyframes with that easing". An eased
/// `autoreverse` beat turns at every half, so each half is one pair and the keys fall on
/// the turns. The times are worked from the scene: 60 fps, halves of 0.5 s = 30 frames,
/// 3 s = 180 frames, so the turns are at 0, 30, …, 180 (7 keys), scale 100 % at the even
/// ones and 110 % at the odd ones.
@Suite struct LottieTurningPointTests {
  static let beat = """
    scene "beat" { size 100, 100; fps 60; duration 3s }
    shape dot = circle(40)
    node pulse = dot {
      position (50, 50)
      animate scale from 1 to 1.1 over 0.5s timing easeInOut autoreverse repeat forever
    }
    """

  /// The keyframes (time, first component) of `property` in the layer named `layer`.
  static func keys(_ scene: String, layer: String, _ property: String) throws -> [(Double, Double)] {
    let layers = try LottieParentingTests.layers(scene)
    let ks = try #require(layers[layer]?["ks"] as? [String: Any])
    let p = try #require(ks[property] as? [String: Any])
    let frames = try #require(p["k"] as? [[String: Any]])
    return frames.map {
      (($0["t"] as? NSNumber)?.doubleValue ?? .nan, LottieParentingTests.numbers($0["s"]).first ?? .nan)
    }
  }

  @Test func anEasedBeatIsOnePairPerHalf() throws {
    let keys = try Self.keys(Self.beat, layer: "pulse", "s")
    #expect(keys.map(\.0) == [0, 30, 60, 90, 120, 150, 180])
    for (i, key) in keys.enumerated() {
      #expect(abs(key.1 - (i.isMultiple(of: 2) ? 100 : 110)) < 1e-6)
    }
  }

  /// The same beat on a parent: its child's layer is parented and still, so the parent's
  /// economy is the child's too (the defect gave the pair 145 keys).
  @Test func aBeatingParentKeepsItsChildStill() throws {
    let scene = Self.beat.replacingOccurrences(
      of: "  position (50, 50)\n",
      with: "  position (50, 50)\n  node label = circle(5) { position (40, 40) }\n")
    #expect(try Self.keys(scene, layer: "pulse", "s").count == 7)
    let label = try #require(try LottieParentingTests.layers(scene)["label"])
    let ks = try #require(label["ks"] as? [String: Any])
    for (name, property) in ks {
      #expect((property as? [String: Any])?["a"] as? NSNumber != 1, "\(name) is animated")
    }
  }

  /// A beat whose easing overshoots turns inside one pair: the whole run is still tried
  /// as one pair before it is cut at its turns (the CSS "back" curve, worked by hand: it
  /// rises past 1 and settles, one turn per run).
  @Test func anOvershootingPairIsNotCutAtItsTurn() throws {
    let scene = """
      scene "back" { size 100, 100; fps 60; duration 1s }
      shape dot = circle(40)
      node pulse = dot {
        position (50, 50)
        animate scale from 1 to 1.1 over 0.5s timing cubicBezier(0.3, 0, 0.6, 1.6)
      }
      """
    let keys = try Self.keys(scene, layer: "pulse", "s")
    #expect(keys.map(\.0) == [0, 30], "\(keys)")
  }
}
