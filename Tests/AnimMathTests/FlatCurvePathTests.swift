import Testing

@testable import AnimMath

private let cubic = Path([
  .move(to: Point(10, 600)), .cubic(c1: Point(100, 400), c2: Point(-170, 300), to: Point(82, 200)),
])
private let quad = Path([.move(to: Point(60, 500)), .quad(control: Point(195, 100), to: Point(330, 44))])

/// The flat layout's precomputed intervals give the spline's own parameter (from its
/// knots, `InverseLengthSpline.parameter`), bit for bit, and so the same point; the
/// measure answers through it part-way along, with either pacing.
@Test(arguments: [cubic, quad])
func flatCurveGivesTheSplinesPoint(path: Path) throws {
  let measure = PathMeasure(path)
  let flat = try #require(measure.flat)
  let piece = try #require(path.curves().curves.first)
  let spline = try #require(
    InverseLengthSpline(piece, tolerance: PathMeasure.splineTolerance * piece.controlPolygonLength))
  #expect(flat.numbers[1] == spline.length)
  #expect(flat.numbers[1] == measure.length)
  for i in 1..<1000 {
    let p = Double(i) / 1000
    let t = spline.parameter(atLength: p * spline.length)
    #expect(flat.parameter(at: p) == t, "p = \(p)")
    #expect(flat.point(at: p) == piece.point(at: t), "p = \(p)")
    for pacing in [PathPacing.paced, .linear] {
      #expect(measure.point(at: p, pacing: pacing) == piece.point(at: t), "p = \(p)")
    }
  }
}

/// A closed path's progress folded into 0…1 lands part-way along, where the flat
/// layout answers: the same point as the progress inside one turn.
@Test func closedFlatCurveWraps() throws {
  let loop = Path([
    .move(to: Point(0, 0)), .cubic(c1: Point(100, -80), c2: Point(100, 80), to: Point(0, 0)), .close,
  ])
  let measure = PathMeasure(loop)
  try #require(measure.flat != nil && measure.isClosed)
  for p in [0.25, 0.5, 0.75] {
    #expect(measure.point(at: p + 1) == measure.point(at: p))
    #expect(measure.point(at: p - 2) == measure.point(at: p))
  }
}

/// Only one drawn Bezier with a spline has a flat layout.
@Test func flatCurveNeedsOneDrawnBezier() {
  let line = Path([.move(to: .zero), .line(to: Point(100, 0))])
  let two = Path([.move(to: .zero), .quad(control: Point(50, 50), to: Point(100, 0)), .line(to: Point(200, 0))])
  let dot = Path([.move(to: Point(5, 5)), .cubic(c1: Point(5, 5), c2: Point(5, 5), to: Point(5, 5))])
  for path in [line, two, dot, Path()] {
    #expect(PathMeasure(path).flat == nil)
  }
}

/// The interval a search starts from lies inside the layout for any progress, NaN and
/// infinities too, and is the interval of p·L, or the one before it, for progress
/// part-way along.
@Test func nearIntervalStaysInTheLayout() throws {
  let flat = try #require(PathMeasure(cubic).flat)
  let intervals = flat.intervals
  #expect(intervals == Int(flat.numbers[2]))
  #expect(flat.numbers.count == FlatCurvePath.header + FlatCurvePath.intervalStride * intervals)
  for p in [-1, 0, 1e-300, 0.5, 1 - 1e-16, 1, 2, 1e300, .nan, .infinity, -.infinity] {
    let j = flat.nearInterval(at: p)
    #expect(j >= 0 && j < intervals, "p = \(p)")
  }
  // The guide points at the interval holding p·L or the one before it (the knots are
  // at equal steps of t, so p·(intervals) is often further off on this curve).
  let piece = try #require(cubic.curves().curves.first)
  let spline = try #require(
    InverseLengthSpline(piece, tolerance: PathMeasure.splineTolerance * piece.controlPolygonLength))
  let stride = InverseLengthSpline.stride
  for i in 1..<1000 {
    let p = Double(i) / 1000
    let s = p * spline.length
    let holding = (0..<intervals).last { spline.knots[stride * $0] <= s } ?? 0
    let guess = flat.nearInterval(at: p)
    #expect(guess == holding || guess == holding - 1, "p = \(p)")
  }
}

/// A spline of more intervals than the guide can number (a byte each) goes without it and
/// still finds every interval: a straight cubic with knots at equal steps of length,
/// where t = p exactly.
@Test func flatCurveWithoutAGuide() throws {
  let n = 300
  let piece = PathCurve.cubic(Point(0, 0), Point(100, 0), Point(200, 0), Point(300, 0))
  var knots: [Double] = []
  for j in 0...n { knots += [Double(j) / Double(n) * 300, 1.0 / 300, 0] }
  let flat = try #require(FlatCurvePath(piece, knots: knots[...], length: 300))
  #expect(flat.intervals == n)
  for i in 1..<1000 {
    let p = Double(i) / 1000
    #expect(abs(flat.parameter(at: p) - p) < 1e-12, "p = \(p)")
    #expect(abs(flat.point(at: p).x - 300 * p) < 1e-9, "p = \(p)")
  }
}

/// On a path of several pieces every Bezier's parameter comes through its flat layout,
/// and is the spline's own (from its knots), bit for bit: the point at each progress is
/// that of the piece holding arc length p·L at the spline's parameter.
@Test func everyBezierOfAPathReadsItsSplineFlat() throws {
  let path = Path([
    .move(to: Point(10, 600)), .cubic(c1: Point(100, 400), c2: Point(-170, 300), to: Point(82, 200)),
    .line(to: Point(150, 200)), .quad(control: Point(195, 100), to: Point(330, 44)),
  ])
  let measure = PathMeasure(path)
  #expect(measure.flat == nil)
  let curves = path.curves().curves
  try #require(curves.count == 3)
  let first = try #require(
    InverseLengthSpline(curves[0], tolerance: PathMeasure.splineTolerance * curves[0].controlPolygonLength))
  let last = try #require(
    InverseLengthSpline(curves[2], tolerance: PathMeasure.splineTolerance * curves[2].controlPolygonLength))
  let line = 68.0
  #expect(measure.length == first.length + line + last.length)
  for i in 1..<1000 {
    let s = Double(i) / 1000 * measure.length
    let expected: Point
    if s < first.length {
      expected = curves[0].point(at: first.parameter(atLength: s))
    } else if s < first.length + line {
      continue
    } else {
      expected = curves[2].point(at: last.parameter(atLength: s - (first.length + line)))
    }
    #expect(measure.point(at: Double(i) / 1000) == expected, "i = \(i)")
  }
}
