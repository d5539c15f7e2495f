import AnimMath
import Foundation
import Testing

@testable import AnimRender

@Suite("Raster strokes")
struct StrokeTests {
  let raster = Rasterizer()

  func sum(_ c: [Float]) -> Double { c.reduce(0.0) { $0 + Double($1) } }

  func line(_ a: Point, _ b: Point) -> Path {
    var builder = PathBuilder()
    builder.move(to: a)
    builder.line(to: b)
    return builder.path
  }

  @Test func openLineHasButtCaps() {
    let cov = raster.strokeCoverage(
      of: line(Point(1, 5), Point(9, 5)), transform: .identity, lineWidth: 2, width: 12, height: 12)
    #expect(abs(sum(cov) - 16) < 1e-4)
    #expect(cov[4 * 12 + 1] == 1 && cov[5 * 12 + 8] == 1)
    #expect(cov[4 * 12 + 0] == 0 && cov[4 * 12 + 9] == 0)  // no cap beyond the ends
  }

  @Test func closedSquareHasMiterCorners() {
    let cov = raster.strokeCoverage(
      of: TestShapes.rect(2, 2, 8, 8), transform: .identity, lineWidth: 2, width: 12, height: 12)
    #expect(abs(sum(cov) - 64) < 1e-4)  // 10×10 outside minus 6×6 inside
    for corner in [(1, 1), (10, 1), (10, 10), (1, 10)] {
      #expect(cov[corner.1 * 12 + corner.0] == 1, "corner \(corner)")
    }
    #expect(cov.allSatisfy { $0 <= 1 })
  }

  @Test func sharpCornersBeyondTheMiterLimitAreBevelled() {
    // A 10° spike: its miter would reach 1/sin(5°) ≈ 11.5 half-widths past the tip.
    var b = PathBuilder()
    b.move(to: Point(2, 20))
    b.line(to: Point(40, 20))
    let back = Point(40 - 38 * cos(10 * Double.pi / 180), 20 - 38 * sin(10 * Double.pi / 180))
    b.line(to: back)
    let cov = raster.strokeCoverage(
      of: b.path, transform: .identity, lineWidth: 4, width: 64, height: 40)
    for x in 43..<64 { #expect(cov[20 * 64 + x] == 0, "x \(x)") }
    // A 90° corner is mitered: its outer corner pixel is fully covered.
    var c = PathBuilder()
    c.move(to: Point(4, 4))
    c.line(to: Point(20, 4))
    c.line(to: Point(20, 20))
    let right = raster.strokeCoverage(
      of: c.path, transform: .identity, lineWidth: 4, width: 32, height: 32)
    #expect(right[2 * 32 + 21] == 1)
  }

  @Test func strokeEndTrimsByLength() {
    let path = line(Point(0, 5), Point(10, 5))
    let half = raster.strokeCoverage(
      of: path, transform: .identity, lineWidth: 2, strokeEnd: 0.5, width: 12, height: 12)
    #expect(abs(sum(half) - 10) < 1e-4)
    #expect(half[5 * 12 + 4] == 1 && half[5 * 12 + 5] == 0)
    let middle = raster.strokeCoverage(
      of: path, transform: .identity, lineWidth: 2, strokeStart: 0.25, strokeEnd: 0.75, width: 12,
      height: 12)
    #expect(abs(sum(middle) - 10) < 1e-4)
    #expect(abs(middle[5 * 12 + 2] - 0.5) < 1e-5 && abs(middle[5 * 12 + 7] - 0.5) < 1e-5)
    let none = raster.strokeCoverage(
      of: path, transform: .identity, lineWidth: 2, strokeStart: 0.6, strokeEnd: 0.4, width: 12,
      height: 12)
    #expect(sum(none) == 0)
  }

  @Test func trimmedClosedOutlineStartsWhereTheOutlineStarts() {
    // Clockwise from (2, 2): half the length is the top and right edges.
    let cov = raster.strokeCoverage(
      of: TestShapes.rect(2, 2, 8, 8), transform: .identity, lineWidth: 2, strokeEnd: 0.5,
      width: 12, height: 12)
    #expect(abs(sum(cov) - 32) < 1e-4)
    #expect(cov[1 * 12 + 10] == 1)  // the mitered corner between them
    #expect(cov[5 * 12 + 1] == 0)  // the left edge is not drawn
  }

  @Test func strokeWidthScalesWithTheTransform() {
    let cov = raster.strokeCoverage(
      of: line(Point(0, 2), Point(10, 2)), transform: .scale(1, 3), lineWidth: 2, width: 12,
      height: 12)
    #expect(abs(sum(cov) - 60) < 1e-3)  // 10 long, 2·3 = 6 tall
  }

  @Test func circleStrokeIsAnAnnulus() {
    let cov = raster.strokeCoverage(
      of: TestShapes.circle(20), transform: .translation(4, 4), lineWidth: 3, width: 48, height: 48)
    let area = Double.pi * (21.5 * 21.5 - 18.5 * 18.5)
    #expect(abs(sum(cov) - area) / area < 0.005, "\(sum(cov)) vs \(area)")
    #expect(cov.allSatisfy { $0 <= 1 })
  }

  @Test func zeroOrBadWidthDrawsNothing() {
    for w in [0, -1, Double.nan, .infinity] {
      let cov = raster.strokeCoverage(
        of: TestShapes.rect(2, 2, 8, 8), transform: .identity, lineWidth: w, width: 12, height: 12)
      #expect(sum(cov) == 0)
    }
  }
}
