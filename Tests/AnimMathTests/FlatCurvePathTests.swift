import Testing

@testable import AnimMath

private let cubic = Path([
  .move(to: Point(10, 600)), .cubic(c1: Point(100, 400), c2: Point(-170, 300), to: Point(82, 200)),
])
private let quad = Path([.move(to: Point(60, 500)), .quad(control: Point(195, 100), to: Point(330, 44))])

/// The flat layout answers what the measure answers part-way along, bit for bit: the
/// simulator uses one for some instances and the other for the rest.
@Test(arguments: [cubic, quad])
func flatCurveGivesTheMeasuresPoint(path: Path) throws {
  let measure = PathMeasure(path)
  let flat = try #require(measure.flat)
  for i in 1..<1000 {
    let p = Double(i) / 1000
    for pacing in [PathPacing.paced, .linear] {
      #expect(FlatCurvePath.point(flat.base, at: p) == measure.point(at: p, pacing: pacing), "p = \(p)")
    }
  }
  #expect(flat.base[1] == measure.length)
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

/// The knot to prefetch lies inside the block for any progress, NaN and infinities too.
@Test func knotAddressStaysInTheBlock() throws {
  let flat = try #require(PathMeasure(cubic).flat)
  let start = UnsafeRawPointer(flat.base)
  let knots = Int(flat.base[2]) * InverseLengthSpline.stride
  let end = start + MemoryLayout<Double>.stride * (FlatCurvePath.header + knots)
  for p in [-1, 0, 1e-300, 0.5, 1 - 1e-16, 1, 2, .nan, .infinity, -.infinity] {
    let address = FlatCurvePath.knotAddress(flat.base, at: p)
    #expect(address >= start + MemoryLayout<Double>.stride * FlatCurvePath.header && address < end, "p = \(p)")
  }
}
