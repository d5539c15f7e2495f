import Foundation
import Testing

@testable import AnimMath

/// An independent dense polyline of a path: each drawn segment sampled at `n` equal
/// parameter steps with its own textbook formula. `jumps` holds the indices of points a
/// move jumps to: the chord to them is not part of the length.
private func polyline(_ path: Path, n: Int = 10_000) -> (points: [Point], jumps: Set<Int>) {
  var points: [Point] = []
  var jumps: Set<Int> = []
  var current = Point.zero
  var start = Point.zero
  func sample(_ f: (Double) -> Point) {
    for i in 1...n { points.append(f(Double(i) / Double(n))) }
  }
  for segment in path.segments {
    switch segment {
    case .move(let p):
      current = p
      start = p
      if !points.isEmpty { jumps.insert(points.count) }
      points.append(p)
    case .line(let p):
      let a = current
      sample { t in Point(a.x + (p.x - a.x) * t, a.y + (p.y - a.y) * t) }
      current = p
    case .quad(let c, let p):
      let a = current
      sample { t in
        let s = 1 - t
        return Point(
          s * s * a.x + 2 * s * t * c.x + t * t * p.x, s * s * a.y + 2 * s * t * c.y + t * t * p.y)
      }
      current = p
    case .cubic(let c1, let c2, let p):
      let a = current
      sample { t in
        let s = 1 - t
        let (b0, b1, b2, b3) = (s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t)
        return Point(
          b0 * a.x + b1 * c1.x + b2 * c2.x + b3 * p.x, b0 * a.y + b1 * c1.y + b2 * c2.y + b3 * p.y)
      }
      current = p
    case .arc(let arc):
      // The sweep by hand: clockwise runs end − start, plus 2π until ≥ 0.
      var sweep = arc.clockwise ? arc.end - arc.start : arc.start - arc.end
      while sweep < 0 { sweep += 2 * .pi }
      sweep = min(sweep, 2 * .pi)
      let dir: Double = arc.clockwise ? 1 : -1
      sample { t in
        let angle = arc.start + dir * sweep * t
        return Point(arc.center.x + arc.radius * cos(angle), arc.center.y + arc.radius * sin(angle))
      }
      current = points.last ?? current
    case .close:
      let a = current
      sample { t in Point(a.x + (start.x - a.x) * t, a.y + (start.y - a.y) * t) }
      current = start
    }
  }
  return (points, jumps)
}

/// Total length and the point at a fraction of it, along the polyline.
private struct Reference {
  let points: [Point]
  let cumulative: [Double]
  init(_ path: Path) {
    let (points, jumps) = polyline(path)
    self.points = points
    var c: [Double] = [0]
    for i in 1..<points.count {
      let d = points[i] - points[i - 1]
      c.append(c[i - 1] + (jumps.contains(i) ? 0 : (d.x * d.x + d.y * d.y).squareRoot()))
    }
    cumulative = c
  }
  var length: Double { cumulative.last ?? 0 }
  func point(at p: Double) -> Point {
    let s = p * length
    guard let i = cumulative.firstIndex(where: { $0 >= s }), i > 0 else { return points[0] }
    let span = cumulative[i] - cumulative[i - 1]
    let f = span > 0 ? (s - cumulative[i - 1]) / span : 1
    return points[i - 1].lerp(to: points[i], f)
  }
}

private let testPaths: [(String, Path)] = [
  ("heart", ShapeOutline.heart(36).path),
  ("circle", ShapeOutline.circle(radius: 40).path),
  ("rounded rect", ShapeOutline.rect(width: 100, height: 50, corner: 12).path),
  ("parabola", Path.parabola(from: Point(60, 500), to: Point(330, 44), height: 120, type: .downUp)),
  (
    "cusp",
    Path([
      .move(to: Point(0, 0)), .cubic(c1: Point(100, 100), c2: Point(0, 100), to: Point(100, 0)),
    ])
  ),
  (
    // The same curve cut at t = 0.7 by de Casteljau: its cusp now sits at t = 5/7.
    "off-grid cusp",
    Path([
      .move(to: Point(0, 0)), .cubic(c1: Point(70, 70), c2: Point(42, 91), to: Point(53.2, 63)),
    ])
  ),
  (
    "seed 000 travel",
    Path([
      .move(to: Point(200, 600)),
      .cubic(c1: Point(272, 400), c2: Point(56, 300), to: Point(272, 150)),
    ])
  ),
  (
    "mixed",
    Path([
      .move(to: Point(10, 10)), .line(to: Point(10, 10)),
      .quad(control: Point(10, 10), to: Point(50, 30)),
      .arc(Arc(center: Point(50, 60), radius: 30, start: -.pi / 2, end: .pi, clockwise: false)),
      .move(to: Point(200, 200)), .line(to: Point(220, 200)),
    ])
  ),
]

@Test func lengthAndPositionMatchADensePolyline() {
  for (name, path) in testPaths {
    let reference = Reference(path)
    let measure = PathMeasure(path)
    let total = reference.length
    #expect(abs(measure.length - total) <= 1e-6 * total, "\(name): \(measure.length) vs \(total)")
    for i in 0...200 {
      let p = Double(i) / 200
      let got = measure.point(at: p)
      let expected = reference.point(at: p)
      #expect(got.distance(to: expected) <= 1e-4 * total, "\(name) p \(p): \(got) vs \(expected)")
    }
  }
}

@Test func circleLengthIsExact() {
  #expect(near(PathMeasure(ShapeOutline.circle(radius: 40).path).length, 80 * .pi, 1e-9))
  // 2·(80 + 30) straight + four quarter circles of radius 10.
  let rect = PathMeasure(ShapeOutline.rect(width: 100, height: 50, corner: 10).path)
  #expect(near(rect.length, 220 + 20 * .pi, 1e-9))
}

/// A 10 × 10 square from the origin, clockwise on screen: L = 40.
private let square = Path([
  .move(to: .zero), .line(to: Point(10, 0)), .line(to: Point(10, 10)), .line(to: Point(0, 10)),
  .close,
])

@Test func closedPathsWrapAndOpenPathsClamp() {
  let closed = PathMeasure(square)
  #expect(closed.isClosed && closed.length == 40)
  #expect(near(closed.point(at: 0.125), Point(5, 0), 1e-9))
  #expect(near(closed.point(at: 1.125), Point(5, 0), 1e-9))
  #expect(near(closed.point(at: -0.125), Point(0, 5), 1e-9))
  #expect(closed.point(atLength: 45) == closed.point(at: 1))
  #expect(near(closed.point(at: 3.625), Point(5, 10), 1e-9))
  let open = PathMeasure(Path([.move(to: Point(1, 2)), .line(to: Point(11, 2))]))
  #expect(!open.isClosed)
  #expect(open.point(at: 1.5) == Point(11, 2))
  #expect(open.point(at: -1) == Point(1, 2))
  #expect(open.point(at: .nan) == Point(1, 2))
  #expect(near(open.point(atLength: 2.5), Point(3.5, 2), 1e-12))
}

@Test func tangentAnglesAreDegreesInTheHalfOpenRange() {
  let m = PathMeasure(square)
  #expect(near(m.angle(at: 0.125), 0, 1e-9))
  #expect(near(m.angle(at: 0.375), 90, 1e-9))
  #expect(near(m.angle(at: 0.625), 180, 1e-9))
  #expect(near(m.angle(at: 0.875), -90, 1e-9))
  // dy = −0 − 0 = −0: atan2 gives −180, which folds to 180.
  let leftwards = PathMeasure(Path([.move(to: Point(10, 0)), .line(to: Point(0, -0.0))]))
  #expect(leftwards.angle(at: 0.5) == 180)
}

@Test func vanishingTangentsUseTheNearestDefinedOne() {
  // A quad whose control sits on its start: B'(0) = 0, but it leaves towards (10, 10).
  let quad = PathMeasure(Path([.move(to: .zero), .quad(control: .zero, to: Point(10, 10))]))
  #expect(near(quad.angle(at: 0), 45, 1e-9))
  // A zero-length line first, then up the screen.
  let stub = PathMeasure(Path([.move(to: .zero), .line(to: .zero), .line(to: Point(0, -10))]))
  #expect(near(stub.angle(at: 0), -90, 1e-9))
  // The cusp at t = 1/2 of (0,0) (10,10) (0,10) (10,0) is halfway along by symmetry.
  let cusp = PathMeasure(
    Path([.move(to: .zero), .cubic(c1: Point(10, 10), c2: Point(0, 10), to: Point(10, 0))]))
  #expect(near(cusp.point(at: 0.5), Point(5, 7.5), 1e-4 * cusp.length))
  #expect(cusp.angle(at: 0.5).isFinite)
  // Ending on a degenerate cubic: arrives along the last distinct control point.
  let end = PathMeasure(
    Path([.move(to: .zero), .cubic(c1: Point(0, 10), c2: Point(10, 10), to: Point(10, 10))]))
  #expect(near(end.angle(at: 1), 0, 1e-9))
}

@Test func linearPacingGivesEachSegmentAnEqualShare() {
  // Lengths 10 and 30: with .linear each takes half of p, at constant speed within it.
  let path = Path([.move(to: .zero), .line(to: Point(10, 0)), .line(to: Point(10, 30))])
  let m = PathMeasure(path)
  #expect(near(m.point(at: 0.25, pacing: .linear), Point(5, 0), 1e-12))
  #expect(near(m.point(at: 0.75, pacing: .linear), Point(10, 15), 1e-12))
  #expect(near(m.point(at: 0.25, pacing: .paced), Point(10, 0), 1e-12))
  #expect(m.point(at: 1, pacing: .linear) == Point(10, 30))
  // Within a curved segment, linear pacing is constant speed: compare with .paced on the
  // curve alone (the second half of p covers the second segment).
  let curve = Path([.move(to: Point(10, 0)), .quad(control: Point(40, 0), to: Point(40, 30))])
  let joined = PathMeasure(
    Path([
      .move(to: .zero), .line(to: Point(10, 0)), .quad(control: Point(40, 0), to: Point(40, 30)),
    ]))
  let alone = PathMeasure(curve)
  for f in [0.1, 0.4, 0.9] {
    #expect(near(joined.point(at: 0.5 + f / 2, pacing: .linear), alone.point(at: f), 1e-9))
  }
}

@Test func degeneratePathsDoNotTrap() {
  let empty = PathMeasure(Path())
  #expect(empty.length == 0 && empty.point(at: 0.5) == .zero && empty.angle(at: 0.5) == 0)
  let dot = PathMeasure(Path([.move(to: Point(3, 4)), .line(to: Point(3, 4)), .close]))
  #expect(dot.length == 0 && dot.point(at: 0.7) == Point(3, 4))
  let zeroCircle = PathMeasure(ShapeOutline.circle(radius: 0).path)
  #expect(zeroCircle.length == 0)
  let nan = Double.nan
  let bad = PathMeasure(
    Path([
      .move(to: Point(nan, 0)), .cubic(c1: Point(nan, nan), c2: .zero, to: Point(1, 1)),
      .arc(Arc(center: .zero, radius: nan, start: 0, end: 1)),
      .arc(Arc(center: .zero, radius: 5, start: 0, end: -1e300)),
      .quad(control: Point(.infinity, 0), to: .zero),
    ]))
  for p in [nan, -1, 0, 0.5, 1, .infinity] {
    _ = bad.sample(at: p)
    _ = bad.sample(at: p, pacing: .linear)
  }
  _ = bad.length
}
