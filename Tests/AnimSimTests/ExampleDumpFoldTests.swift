import AnimMath
import Foundation
import Testing

@testable import AnimModel
@testable import AnimSim

// MARK: - fold.anim (seed 3, 60 fps)

/// Seed 003's folding picture (§12.1), by hand: topHalf's box is 250 × 160 with its
/// anchor at the bottom centre, at (187.5, 300), perspective 500, so a box point (x, y)
/// is (x − 125, y − 160) from the fold; rotateX(a) sends it to y′ = (y − 160)·cos a,
/// z = (y − 160)·sin a, and it lands at (187.5 + (x − 125)/W, 300 + y′/W) with
/// W = 1 − z/500.
@Suite struct ExampleDumpFoldTests {
  static func node(_ frame: Frame?, _ name: String) throws -> NodeFrame {
    try #require(frame?.nodes.first { $0.id.name == name }, "\(name)")
  }

  /// topHalf's matrix3d at rest (rotationX 0), by hand.
  static let rest: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, -0.375, -0.6, 1, -0.002, 62.5, 140, 0, 1]

  /// By hand, as the suite's comment says.
  static func landing(_ x: Double, _ y: Double, degrees a: Double) -> Point {
    let r = a * .pi / 180
    let w = 1 - (y - 160) * sin(r) / 500
    return Point(187.5 + (x - 125) / w, 300 + (y - 160) * cos(r) / w)
  }

  @Test func foldsAboutTheLineAndSpringsBackToTheIdentity() throws {
    let run = try Example.run("fold", keep: [0, 42, 130])
    // Frame 0: no turn yet. T(187.5, 300)·P(500)·T(−125, −160): x, y and the last
    // column are the translation to (62.5, 140); the z column is P's (0, 0, 1, −1/500)
    // with the translation's W share added: (−187.5/500, −300/500, 1, −1/500).
    let top0 = try Self.node(run.frames[0], "topHalf")
    #expect(top0.matrix3d?.m == Self.rest)
    #expect(top0.matrix == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 62.5, ty: 140))
    // 2-D nodes carry no 3-D transform.
    #expect(try Self.node(run.frames[0], "bottomHalf").matrix3d == nil)
    #expect(try Self.node(run.frames[0], "shade").matrix3d == nil)
    // Frame 42 (0.7 s): the drag (pressed at 0.2 s, 160 points down over 1 s) half-way
    // through easeInOut (symmetric, so 0.5): ty = 80, a = −80 / 200 · 180° = −72°.
    let top = try Self.node(run.frames[42], "topHalf")
    #expect(abs(top.state.rotationX - -72) < 1e-4)
    // The shade reads the angle: 72 / 180 = 0.4.
    #expect(abs(try Self.node(run.frames[42], "shade").state.opacity - 0.4) < 1e-9)
    let h = try #require(top.matrix3d).planar
    for (x, y) in [(0.0, 0.0), (250.0, 0.0), (250.0, 160.0), (0.0, 160.0)] {
      let p = h.apply(Point(x, y))
      let e = Self.landing(x, y, degrees: -72)
      #expect(abs(p.x - e.x) < 1e-3 && abs(p.y - e.y) < 1e-3, "(\(x), \(y)) → \(p), by hand \(e)")
    }
    // The 2-D matrix takes the 3-D values as 0 (§12.1).
    #expect(top.matrix == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 62.5, ty: 140))
    // The stripe turns about the same line: its box (anchor y 4 on height 24) starts
    // 96 above the fold, so its top-left corner is the picture's point (0, 64).
    let stripe = try #require(try Self.node(run.frames[42], "stripe").matrix3d).planar
    let s = stripe.apply(Point(0, 0))
    let e = Self.landing(0, 64, degrees: -72)
    #expect(abs(s.x - e.x) < 1e-3 && abs(s.y - e.y) < 1e-3, "stripe \(s), by hand \(e)")
    // Frame 130 (2.1667 s): released at 1.2 s, the 0.6 s spring ended at 1.8 s and holds
    // its end value exactly.
    let back = try Self.node(run.frames[130], "topHalf")
    #expect(back.state.rotationX == 0 && back.state.perspective == 500)
    #expect(back.matrix3d?.m == Self.rest)
  }
}
