import Foundation
import Testing

@testable import AnimMath

@Test func heart36IsSeed000sConstruction() {
  // w = h = 36: p = 4, r = floor((36 − 8)/4) = 7, B = (floor(18), 36 − 4) = (18, 32),
  // L = (4, floor(36/2.4)) = (4, 15). Quad B → L with control (4, 15 + 7) = (4, 22);
  // arcs centred (4 + 7, 15) = (11, 15) and (4 + 21, 15) = (25, 15), radius 7, π → 0
  // clockwise; quad back to B with control (4 + 28, 22) = (32, 22).
  let heart = ShapeOutline.heart(36)
  #expect(heart.width == 36 && heart.height == 36)
  #expect(
    heart.path.segments == [
      .move(to: Point(18, 32)),
      .quad(control: Point(4, 22), to: Point(4, 15)),
      .arc(Arc(center: Point(11, 15), radius: 7, start: .pi, end: 0, clockwise: true)),
      .arc(Arc(center: Point(25, 15), radius: 7, start: .pi, end: 0, clockwise: true)),
      .quad(control: Point(32, 22), to: Point(18, 32)),
      .close,
    ])
  // §9's example line, completed: each half circle is exactly 180°, so one `A` each.
  #expect(
    heart.path.svgPathData(format: dumpNumber)
      == "M 18 32 Q 4 22 4 15 A 7 7 0 0 1 18 15 A 7 7 0 0 1 32 15 Q 32 22 18 32 Z")
  // True extent: the arcs' tops at y = 15 − 7 = 8; x from L.x = 4 to 4 + 4r = 32; the
  // quads' x' = 0 only at their ends, so their control points do not widen the box.
  let box = heart.path.bounds
  #expect(box.map { near($0.minX, 4, 1e-9) && near($0.minY, 8, 1e-9) } == true)
  #expect(box.map { near($0.maxX, 32, 1e-9) && near($0.maxY, 32, 1e-9) } == true)
}

@Test func heartWithTwoSizes() {
  // w 40, h 30: r = floor(32/4) = 8, B = (20, 26), L = (4, floor(12.5)) = (4, 12).
  let heart = ShapeOutline.heart(width: 40, height: 30)
  #expect(heart.width == 40 && heart.height == 30)
  #expect(heart.path.segments[0] == .move(to: Point(20, 26)))
  #expect(heart.path.segments[1] == .quad(control: Point(4, 20), to: Point(4, 12)))
  #expect(heart.path.segments[3] == .arc(Arc(center: Point(28, 12), radius: 8, start: .pi, end: 0)))
  #expect(heart.path.segments[4] == .quad(control: Point(36, 20), to: Point(20, 26)))
}

@Test func circleStartsRightAndRunsClockwise() {
  let circle = ShapeOutline.circle(radius: 10)
  #expect(circle.width == 20 && circle.height == 20)
  // A full turn is split into two half circles: right → left (through the bottom) → right.
  #expect(
    circle.path.svgPathData(format: dumpNumber)
      == "M 20 10 A 10 10 0 0 1 0 10 A 10 10 0 0 1 20 10 Z")
  let m = PathMeasure(circle.path)
  // A quarter of the way round, clockwise on screen, is the bottom, heading left.
  #expect(near(m.point(at: 0.25), Point(10, 20), 1e-9))
  #expect(near(m.angle(at: 0.25), 180, 1e-9))
  #expect(near(m.angle(at: 0), 90, 1e-9))
  let box = circle.path.bounds
  #expect(box.map { near($0.minX, 0, 1e-9) && near($0.maxY, 20, 1e-9) } == true)
}

@Test func ellipseStartsRightAndRunsClockwise() {
  let e = ShapeOutline.ellipse(width: 60, height: 20)
  #expect(e.width == 60 && e.height == 20)
  #expect(e.path.segments.first == .move(to: Point(60, 10)))
  #expect(e.path.isClosed)
  let m = PathMeasure(e.path)
  // Second segment end: the bottom, reached first when running clockwise.
  #expect(near(m.point(at: 0.25), Point(30, 20), 1e-6))
  // The Bezier quarter is within 0.03% of the radius everywhere.
  for i in 0..<100 {
    let p = m.point(at: Double(i) / 100)
    let r = ((p.x - 30) / 30 * (p.x - 30) / 30 + (p.y - 10) / 10 * (p.y - 10) / 10).squareRoot()
    #expect(near(r, 1, 3e-4))
  }
  let box = e.path.bounds
  #expect(
    box.map { near($0.minX, 0, 1e-9) && near($0.minY, 0, 1e-9) && near($0.maxX, 60, 1e-9) } == true)
}

@Test func rectStartsTopLeftAfterItsCorner() {
  let plain = ShapeOutline.rect(width: 100, height: 50)
  #expect(plain.path.svgPathData(format: dumpNumber) == "M 0 0 L 100 0 L 100 50 L 0 50 Z")
  let rounded = ShapeOutline.rect(width: 100, height: 50, corner: 10)
  #expect(
    rounded.path.svgPathData(format: dumpNumber)
      == "M 10 0 L 90 0 A 10 10 0 0 1 100 10 L 100 40 A 10 10 0 0 1 90 50 L 10 50 A 10 10 0 0 1 0 40 "
      + "L 0 10 A 10 10 0 0 1 10 0 Z")
  let box = rounded.path.bounds
  #expect(
    box.map { near($0.minX, 0, 1e-9) && near($0.maxX, 100, 1e-9) && near($0.maxY, 50, 1e-9) }
      == true)
  // A corner larger than half the short side is clamped: a 50 × 50 square becomes a circle.
  let pill = ShapeOutline.rect(width: 50, height: 50, corner: 40)
  #expect(near(PathMeasure(pill.path).length, 50 * .pi, 1e-9))
}

@Test func starHasAlternatingTipsFromTheTopClockwise() {
  let star = ShapeOutline.star(points: 5, outer: 10, inner: 4)
  #expect(star.width == 20 && star.height == 20)
  guard case .move(let first) = star.path.segments[0],
    case .line(let second) = star.path.segments[1]
  else {
    Issue.record("star should start with a move and a line")
    return
  }
  #expect(near(first, Point(10, 0), 1e-12))
  // 36° clockwise from up: (10 + 4 sin 36°, 10 − 4 cos 36°) = (12.351141, 6.763932).
  #expect(near(second, Point(12.351141009169893, 6.76393202250021), 1e-12))
  #expect(star.path.segments.count == 11 && star.path.isClosed)
}

@Test func polygonAndShapeBoxesUseTrueExtents() {
  let tri = ShapeOutline.polygon([Point(0, 0), Point(30, 0), Point(10, 20)])
  #expect(tri.width == 30 && tri.height == 20)
  #expect(tri.path.svgPathData(format: dumpNumber) == "M 0 0 L 30 0 L 10 20 Z")
  // Negative coordinates are not shifted; the box starts at the origin regardless.
  let off = ShapeOutline.polygon([Point(-5, -5), Point(10, 0), Point(0, 8)])
  #expect(off.width == 10 && off.height == 8)
  // A quad bulging to y = 10 at t = ½ although its control point is at y = 20.
  let bump = ShapeOutline.unshifted(
    Path([.move(to: .zero), .quad(control: Point(10, 20), to: Point(20, 0))]))
  #expect(bump.width == 20 && near(bump.height, 10, 1e-12))
  // Cubic (0,0) (0,30) (30,30) (30,0): y(½) = 3·30/8 + 3·30/8 = 22.5 is the top.
  let arch = Path([.move(to: .zero), .cubic(c1: Point(0, 30), c2: Point(30, 30), to: Point(30, 0))])
  #expect(arch.bounds.map { near($0.maxY, 22.5, 1e-12) && $0.maxX == 30 } == true)
  #expect(Path().bounds == nil)
  #expect(ShapeOutline.polygon([]).width == 0)
}

@Test func arcBoundsIncludeTheQuadrantsTheyPass() {
  func box(_ start: Double, _ end: Double, _ clockwise: Bool) -> Bounds? {
    Path([.arc(Arc(center: .zero, radius: 10, start: start, end: end, clockwise: clockwise))])
      .bounds
  }
  let s = 10 * (0.5).squareRoot()
  // −45° → 45° clockwise passes 0°: x reaches 10.
  let a = box(-.pi / 4, .pi / 4, true)
  #expect(
    a.map { near($0.maxX, 10, 1e-12) && near($0.minX, s, 1e-12) && near($0.minY, -s, 1e-12) }
      == true)
  // The same ends counter-clockwise go the long way round, through 270°, 180° and 90°.
  let b = box(-.pi / 4, .pi / 4, false)
  #expect(
    b.map { near($0.minX, -10, 1e-12) && near($0.maxY, 10, 1e-12) && near($0.maxX, s, 1e-12) }
      == true)
  // A 90° arc from 0° to 90° clockwise: the quarter from (10, 0) to (0, 10).
  let c = box(0, .pi / 2, true)
  #expect(
    c.map { near($0.minX, 0, 1e-12) && near($0.maxY, 10, 1e-12) && near($0.minY, 0, 1e-12) } == true
  )
}

@Test func parabolaControlPointsForAllThreeTypes() {
  // S = (60, 500), E = (330, 44), h = 120: dx = 270, dy = −456.
  let s = Point(60, 500)
  let e = Point(330, 44)
  // .up: (60 + 90, 500 − 228 − 120) = (150, 152).
  #expect(
    Path.parabola(from: s, to: e, height: 120).segments == [
      .move(to: s), .quad(control: Point(150, 152), to: e),
    ])
  // .downUp: c1 = (150, 500 − 152 + 120) = (150, 468), c2 = (60 + 180, 500 − 304 − 120) = (240, 76).
  #expect(
    Path.parabola(from: s, to: e, height: 120, type: .downUp).segments
      == [.move(to: s), .cubic(c1: Point(150, 468), c2: Point(240, 76), to: e)])
  // .upDown: c1 = (150, 500 − 152 − 120) = (150, 228), c2 = (240, 500 − 304 + 120) = (240, 316).
  #expect(
    Path.parabola(from: s, to: e, height: 120, type: .upDown).segments
      == [.move(to: s), .cubic(c1: Point(150, 228), c2: Point(240, 316), to: e)])
}

@Test func svgSplitsLongArcsAndJoinsDetachedOnes() {
  // 270° counter-clockwise from 0°: split into two 135° halves, sweep flag 0.
  let arc = Arc(center: Point(50, 50), radius: 10, start: 0, end: .pi / 2, clockwise: false)
  let text = Path([.move(to: Point(60, 50)), .arc(arc)]).svgPathData(format: dumpNumber)
  // Half way (−135°): (50 − 7.071068, 50 − 7.071068); the end at 90°: (50, 60).
  #expect(text == "M 60 50 A 10 10 0 0 0 42.928932 42.928932 A 10 10 0 0 0 50 60")
  // An arc away from the current point is reached by a line; with none, by a move.
  let joined = Path([
    .move(to: .zero), .arc(Arc(center: Point(10, 0), radius: 5, start: .pi, end: 0)),
  ])
  #expect(joined.svgPathData(format: dumpNumber) == "M 0 0 L 5 0 A 5 5 0 0 1 15 0")
  let alone = Path([.arc(Arc(center: Point(10, 0), radius: 5, start: .pi, end: 0)), .close])
  #expect(alone.svgPathData(format: dumpNumber) == "M 5 0 A 5 5 0 0 1 15 0 Z")
  #expect(Path([.close]).svgPathData(format: dumpNumber) == "")
  let curves = Path([
    .move(to: Point(1, 2)), .cubic(c1: Point(3, 4), c2: Point(5, 6), to: Point(7, 8)),
  ])
  #expect(curves.svgPathData(format: dumpNumber) == "M 1 2 C 3 4 5 6 7 8")
}

@Test func degenerateShapesDoNotTrap() {
  let nan = Double.nan
  _ = ShapeOutline.circle(radius: 0).path.svgPathData(format: dumpNumber)
  _ = ShapeOutline.circle(radius: nan).path.bounds
  _ = ShapeOutline.heart(width: nan, height: 0).path.bounds
  _ = ShapeOutline.rect(width: -5, height: 10, corner: nan).path.bounds
  _ = ShapeOutline.star(points: -3, outer: nan, inner: 1).path.bounds
  _ = ShapeOutline.star(points: Int.max, outer: 1, inner: 1).path.segments.count
  _ = ShapeOutline.ellipse(width: 0, height: 0).path.bounds
  let huge = Path([.arc(Arc(center: .zero, radius: 1, start: 0, end: -1e300))])
  _ = huge.bounds
  _ = huge.svgPathData(format: dumpNumber)
}
