import Testing

@testable import AnimMath

/// The fast inverse of arc length against the exact Newton solve on the adaptive
/// quadrature table (`LengthTable`, itself checked against a dense polyline in
/// PathMeasureTests), over random cubics and quadratics.
@Test func splineMatchesTheExactSolveWithinItsTolerance() {
  var random = SplitMix64(seed: 7)
  func coordinate() -> Double { Double(random.next() % 100_000) / 100 }
  var splines = 0
  for k in 0..<200 {
    let a = Point(coordinate(), coordinate())
    let c1 = Point(coordinate(), coordinate())
    let c2 = Point(coordinate(), coordinate())
    let b = Point(coordinate(), coordinate())
    let piece: PathCurve = k.isMultiple(of: 4) ? .quad(a, c1, b) : .cubic(a, c1, c2, b)
    let tolerance = PathMeasure.splineTolerance * piece.controlPolygonLength
    let exact = LengthTable(piece)
    guard let spline = InverseLengthSpline(piece, tolerance: tolerance) else { continue }
    splines += 1
    #expect(abs(spline.length - exact.total) <= 1e-9 * exact.total, "curve \(k): length")
    for i in 1..<100 {
      let s = exact.total * Double(i) / 100
      let fast = piece.point(at: spline.parameter(atLength: s))
      let slow = piece.point(at: exact.parameter(atLength: s, of: piece))
      // The tolerance is checked at the middle of every step while building; here at
      // other points, with a margin of 10.
      #expect(fast.distance(to: slow) <= 10 * tolerance, "curve \(k) at \(i)%: \(fast) vs \(slow)")
    }
  }
  // Random control points rarely make a cusp: nearly every curve gets a spline.
  #expect(splines >= 190)
}

@Test func aCuspKeepsTheExactSolve() {
  // B′(t) vanishes at t = 0.5 (the first test path of PathMeasureTests).
  let cusp = PathCurve.cubic(Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0))
  #expect(InverseLengthSpline(cusp, tolerance: 1e-9 * cusp.controlPolygonLength) == nil)
  // A control point on an end point: the speed is zero at that end.
  let stub = PathCurve.quad(Point(0, 0), Point(0, 0), Point(10, 10))
  #expect(InverseLengthSpline(stub, tolerance: 1e-9 * stub.controlPolygonLength) == nil)
}

@Test func quinticHermiteReproducesAQuintic() {
  // f(u) = u⁵ − 2u³ + u: f(0) = 0, f′(0) = 1, f″(0) = 0, f(1) = 0, f′(1) = 0, f″(1) = 8.
  for i in 0...10 {
    let u = Double(i) / 10
    let expected = u * u * u * u * u - 2 * u * u * u + u
    let got = InverseLengthSpline.quinticHermite(u, 0, 1, 0, 0, 0, 8)
    #expect(abs(got - expected) <= 1e-14, "u \(u)")
  }
}
