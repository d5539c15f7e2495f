import AnimMath
import Foundation
import Testing

@testable import AnimModel
@testable import AnimSim

// MARK: - fold.anim (seed 3, 60 fps)

/// Seed 003's folding picture (§12.1, §12.3, §14), by hand. The hinge, a group at the fold
/// (187.5, 300) with perspective 500, turns by a; the top half is its child, a 250 × 125
/// image box anchored at its bottom centre at the hinge's origin, so a box point (x, y) is
/// (x − 125, y − 125) from the fold; rotateX(a) sends it to y′ = (y − 125)·cos a,
/// z = (y − 125)·sin a, and it lands at (187.5 + (x − 125)/W, 300 + y′/W) with
/// W = 1 − z/500.
@Suite struct ExampleDumpFoldTests {
  static func node(_ frame: Frame?, _ name: String) throws -> NodeFrame {
    try #require(frame?.nodes.first { $0.id.name == name }, "\(name)")
  }

  /// topHalf's matrix3d at rest (rotationX 0), by hand: T(187.5, 300)·P(500)·T(−125, −125).
  /// x, y and the last column are the translation to (62.5, 175); the z column is P's
  /// (0, 0, 1, −1/500) with the translation's W share added: (−187.5/500, −300/500, 1, −1/500).
  static let rest: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, -0.375, -0.6, 1, -0.002, 62.5, 175, 0, 1]

  /// By hand, as the suite's comment says.
  static func landing(_ x: Double, _ y: Double, degrees a: Double) -> Point {
    let r = a * .pi / 180
    let w = 1 - (y - 125) * sin(r) / 500
    return Point(187.5 + (x - 125) / w, 300 + (y - 125) * cos(r) / w)
  }

  /// The hinge's whole transform written out entry by entry (not with `Matrix3D`'s
  /// helpers): T(187.5, 300)·P(500)·Rx(a), rows
  ///   [1, −0.375 sin a,      −0.375 cos a,       187.5]  (row 1 + 187.5 × row 4)
  ///   [0, cos a − 0.6 sin a, −sin a − 0.6 cos a, 300]    (row 2 + 300 × row 4)
  ///   [0, sin a,             cos a,              0]
  ///   [0, −sin a / 500,      −cos a / 500,       1]
  /// where Rx's rows 2 and 3 are (0, cos a, −sin a, 0) and (0, sin a, cos a, 0), and P·Rx's
  /// last row is −1/500 × Rx's row 3 + (0, 0, 0, 1). At a = 0 the z column is `rest`'s.
  static func hinge(degrees a: Double) -> [Double] {
    let s = sin(a * .pi / 180)
    let c = cos(a * .pi / 180)
    let rows: [[Double]] = [
      [1, -187.5 * s / 500, -187.5 * c / 500, 187.5],
      [0, c - 300 * s / 500, -s - 300 * c / 500, 300],
      [0, s, c, 0],
      [0, -s / 500, -c / 500, 1],
    ]
    return (0..<16).map { rows[$0 % 4][$0 / 4] }
  }

  /// A column-major 4×4 times a translation T(dx, dy): only the last column changes, to
  /// M·(dx, dy, 0, 1).
  static func translated(_ m: [Double], _ dx: Double, _ dy: Double) -> [Double] {
    var out = m
    for row in 0..<4 { out[12 + row] = m[row] * dx + m[4 + row] * dy + m[12 + row] }
    return out
  }

  static func expectClose(
    _ a: [Double]?, _ b: [Double], _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let a else {
      Issue.record("\(what): no matrix3d", sourceLocation: sourceLocation)
      return
    }
    #expect(
      a.count == 16 && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }, "\(what): \(a) ≠ \(b)",
      sourceLocation: sourceLocation)
  }

  @Test func foldsAboutTheLineAndSpringsBackToTheIdentity() throws {
    let run = try Example.run("fold", keep: [0, 42, 130])
    // Frame 0: no turn yet.
    let top0 = try Self.node(run.frames[0], "topHalf")
    #expect(top0.matrix3d?.m == Self.rest)
    #expect(top0.matrix == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 62.5, ty: 175))
    // 2-D nodes carry no 3-D transform.
    #expect(try Self.node(run.frames[0], "bottomHalf").matrix3d == nil)
    #expect(try Self.node(run.frames[0], "shade").matrix3d == nil)
    // Frame 42 (0.7 s): the drag (pressed at 0.2 s, 160 points down over 1 s) half-way
    // through easeInOut (symmetric, so 0.5): ty = 80, a = −80 / 200 · 180° = −72°, on the
    // hinge; the top half keeps its own rotationX 0.
    let hinge = try Self.node(run.frames[42], "hinge")
    #expect(abs(hinge.state.rotationX - -72) < 1e-4)
    let top = try Self.node(run.frames[42], "topHalf")
    #expect(top.state.rotationX == 0)
    // The shade reads the hinge's angle: 72 / 180 = 0.4.
    #expect(abs(try Self.node(run.frames[42], "shade").state.opacity - 0.4) < 1e-6)
    let h = try #require(top.matrix3d).planar
    for (x, y) in [(0.0, 0.0), (250.0, 0.0), (250.0, 125.0), (0.0, 125.0)] {
      let p = h.apply(Point(x, y))
      let e = Self.landing(x, y, degrees: -72)
      #expect(abs(p.x - e.x) < 1e-3 && abs(p.y - e.y) < 1e-3, "(\(x), \(y)) → \(p), by hand \(e)")
    }
    // The 2-D matrix takes the 3-D values as 0 (§12.1).
    #expect(top.matrix == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 62.5, ty: 175))
    // The ribbon turns about the same line: its box (24 high, centred 84 above the fold)
    // starts 96 above the fold, so its top-left corner is the picture's point (0, 29).
    let stripe = try #require(try Self.node(run.frames[42], "stripe").matrix3d).planar
    let s = stripe.apply(Point(0, 0))
    let e = Self.landing(0, 29, degrees: -72)
    #expect(abs(s.x - e.x) < 1e-3 && abs(s.y - e.y) < 1e-3, "stripe \(s), by hand \(e)")
    // Frame 130 (2.1667 s): released at 1.2 s, the 0.6 s spring ended at 1.8 s and holds
    // its end value exactly.
    let back = try Self.node(run.frames[130], "hinge")
    #expect(back.state.rotationX == 0 && back.state.perspective == 500)
    #expect(try Self.node(run.frames[130], "topHalf").matrix3d?.m == Self.rest)
  }

  /// §14: each child's whole transform is the hinge's times its own, with 4 × 4 matrices.
  @Test func halvesShareOnePictureAndTheTopHangsFromTheHinge() throws {
    let run = try Example.run("fold", keep: [0, 42, 60])
    for n in [0, 42, 60] {
      let frame = try #require(run.frames[n])
      let hinge = try Self.node(frame, "hinge")
      #expect(hinge.shape.isGroup)
      let a = hinge.state.rotationX
      // The hinge's own matrix3d, by hand for its recorded angle.
      Self.expectClose(hinge.matrix3d?.m, Self.hinge(degrees: a), "hinge@\(n)")
      // topHalf: H·T(0, 0)·T(−125, −125) (anchor (0.5, 1) of 250 × 125); the ribbon:
      // H·T(0, −84)·T(−125, −12) = H·T(−125, −96).
      for (name, dx, dy) in [("topHalf", -125.0, -125.0), ("stripe", -125.0, -96.0)] {
        let child = try Self.node(frame, name)
        let parent = try #require(child.parent, "\(name) has a parent@\(n)")
        #expect(frame.nodes[parent].id.name == "hinge", "\(name)'s parent@\(n)")
        Self.expectClose(child.matrix3d?.m, Self.translated(Self.hinge(degrees: a), dx, dy), "\(name)@\(n)")
      }
      // One picture, two halves: the same image, contentsRect upper and lower half.
      let top = try Self.node(frame, "topHalf")
      let bottom = try Self.node(frame, "bottomHalf")
      #expect(top.shape.image != nil && top.shape.id == bottom.shape.id)
      #expect(top.contentsRect == ContentsRect(x: 0, y: 0, width: 1, height: 0.5))
      #expect(bottom.contentsRect == ContentsRect(x: 0, y: 0.5, width: 1, height: 0.5))
      // The bottom half hangs below the fold: T(187.5, 300)·T(−125, 0).
      #expect(bottom.matrix == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 62.5, ty: 300))
    }
    // Frame 60 (1.0 s, u = 0.8 of the drag): still folding, so the check above is not at
    // a = 0 only.
    #expect(try Self.node(run.frames[60], "hinge").state.rotationX < -100)
  }
}
