import AnimMath
import Testing

@testable import AnimRender

@Suite("Raster coverage")
struct CoverageTests {
  let raster = Rasterizer()

  @Test func fractionalRectangleHasExactPerPixelCoverage() {
    // x from 1.25 to 3.5, y from 0.5 to 2.75 on a 5×4 grid.
    let cov = raster.fillCoverage(
      of: TestShapes.rect(1.25, 0.5, 2.25, 2.25), transform: .identity, width: 5, height: 4)
    let columns: [Float] = [0, 0.75, 1, 0.5, 0]
    let rows: [Float] = [0.5, 1, 0.75, 0]
    for y in 0..<4 {
      for x in 0..<5 {
        #expect(abs(cov[y * 5 + x] - columns[x] * rows[y]) < 1e-6, "pixel (\(x), \(y))")
      }
    }
  }

  @Test func circleAreaIsPiRSquared() {
    let r = 20.3
    let cov = raster.fillCoverage(
      of: TestShapes.circle(r), transform: .translation(5.37, 3.11), width: 64, height: 64)
    let total = cov.reduce(0.0) { $0 + Double($1) }
    let area = Double.pi * r * r
    #expect(abs(total - area) / area < 0.001, "total \(total) vs \(area)")
  }

  @Test func triangleCoverageSumsToItsArea() {
    let a = Point(3.2, 1.7)
    let b = Point(27.9, 9.4)
    let c = Point(11.1, 30.6)
    let cov = raster.fillCoverage(
      of: TestShapes.polygon([a, b, c]), transform: .identity, width: 32, height: 32)
    let total = cov.reduce(0.0) { $0 + Double($1) }
    let area = abs((b - a).cross(c - a)) / 2
    #expect(abs(total - area) < 1e-3, "total \(total) vs \(area)")
    #expect(cov.allSatisfy { $0 >= 0 && $0 <= 1 })
  }

  @Test func overlappingSameDirectionSquaresCoverOnce() {
    var path = TestShapes.rect(0, 0, 6, 6)
    path.segments += TestShapes.rect(3, 3, 6, 6).segments
    let cov = raster.fillCoverage(of: path, transform: .identity, width: 10, height: 10)
    #expect(cov[4 * 10 + 4] == 1)  // overlap: winding 2, coverage 1
    #expect(cov[1 * 10 + 1] == 1)
    #expect(cov[8 * 10 + 8] == 1)
    #expect(cov[1 * 10 + 8] == 0)
    #expect(abs(cov.reduce(0, +) - 63) < 1e-4)  // 36 + 36 − 9
  }

  @Test func oppositeDirectionSquaresCancelWhereWindingIsZero() {
    var path = TestShapes.rect(0, 0, 6, 6)
    path.segments += TestShapes.rect(3, 3, 6, 6, reversed: true).segments
    let cov = raster.fillCoverage(of: path, transform: .identity, width: 10, height: 10)
    #expect(cov[4 * 10 + 4] == 0)  // winding +1 − 1 = 0: uncovered
    #expect(cov[1 * 10 + 1] == 1)
    #expect(cov[8 * 10 + 8] == 1)  // winding −1: covered under non-zero
    #expect(abs(cov.reduce(0, +) - 54) < 1e-4)
  }

  @Test func shapesCrossingTheCanvasEdgesAreClippedExactly() {
    // A 10×10 square at (−4.5, −2.25) on a 4×4 canvas covers x < 4, y < 4 fully except
    // nothing: it reaches x = 5.5, y = 7.75.
    let cov = raster.fillCoverage(
      of: TestShapes.rect(-4.5, -2.25, 10, 10), transform: .identity, width: 4, height: 4)
    #expect(cov.allSatisfy { abs($0 - 1) < 1e-6 })
    // A diagonal half-plane triangle extending far beyond every side.
    let tri = TestShapes.polygon([Point(-100, -100), Point(100, 100), Point(-100, 100)])
    let half = raster.fillCoverage(of: tri, transform: .identity, width: 8, height: 8)
    #expect(abs(half.reduce(0, +) - 32) < 1e-3)
    #expect(abs(half[0] - 0.5) < 1e-5 && half[8] == 1 && half[1] == 0)
  }

  @Test func transformsMapTheLocalBox() {
    // A unit-ish square scaled by 4 and rotated 90° about the origin, then moved.
    let m = AffineTransform.translation(10, 2) * .rotation(.pi / 2) * .scale(4, 4)
    let cov = raster.fillCoverage(
      of: TestShapes.rect(0, 0, 2, 1), transform: m, width: 16, height: 16)
    #expect(abs(cov.reduce(0, +) - 32) < 1e-3)
    // Rotated 90°: x ∈ [6, 10], y ∈ [2, 10].
    #expect(cov[5 * 16 + 7] > 0.999 && cov[5 * 16 + 10] < 1e-6 && cov[5 * 16 + 5] < 1e-6)
  }

  @Test func curvesFlattenWithinTolerance() {
    // A quad's area: the parabolic segment of S→E with control C has area 2/3 of the
    // triangle S, C, E.
    var b = PathBuilder()
    b.move(to: Point(2, 30))
    b.quad(control: Point(16, 2), to: Point(30, 30))
    b.close()
    let cov = raster.fillCoverage(of: b.path, transform: .identity, width: 32, height: 32)
    let area = 2.0 / 3.0 * (28 * 28 / 2.0)
    #expect(abs(cov.reduce(0.0) { $0 + Double($1) } - area) / area < 0.002)
  }
}
