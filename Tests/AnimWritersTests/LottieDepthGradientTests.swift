import AnimMath
import AnimModel
import Testing

@testable import AnimWriters

/// A gradient fitted to a 3-D node's projection (`LottieDepthGradient`): expected values
/// worked by hand from the maps written here.
@Suite struct LottieDepthGradientTests {
  static let red = Color(r: 1, g: 0, b: 0, a: 1)
  static let green = Color(r: 0, g: 1, b: 0, a: 1)
  static let blue = Color(r: 0, g: 0, b: 1, a: 1)

  /// Red to blue changes each of r and b by exactly d over any d of t.
  @Test func theColourChangeOfTwoStopsIsItsSlope() {
    let stops = [Gradient.Stop(0, Self.red), Gradient.Stop(1, Self.blue)]
    #expect(abs(LottieDepthGradient.colorChange(stops, within: 0.1) - 0.1) < 1e-12)
  }

  /// Red, green, blue: green rises at 2 per unit of t, so 0.3 before the middle stop it is
  /// 0.4 where the middle has 1 (0.6), and red falls as fast.
  @Test func theSteepestSegmentDecides() {
    let stops = [Gradient.Stop(0, Self.red), Gradient.Stop(0.5, Self.green), Gradient.Stop(1, Self.blue)]
    #expect(abs(LottieDepthGradient.colorChange(stops, within: 0.3) - 0.6) < 1e-12)
  }

  /// A hard edge changes everything across any distance at all.
  @Test func aHardEdgeChangesByItsJump() {
    let stops = [
      Gradient.Stop(0, Self.red), Gradient.Stop(0.5, Self.red), Gradient.Stop(0.5, Self.blue),
      Gradient.Stop(1, Self.blue),
    ]
    #expect(LottieDepthGradient.colorChange(stops, within: 0.001) == 1)
  }

  /// x' = x/2 + 20, y' = y + 30: the gradient from (0, 0) to (10, 0) runs on the screen
  /// from (20, 30) to (25, 30), exactly.
  @Test func anAffineMapGivesTheMappedGradient() throws {
    let h = Homography(m00: 0.5, m01: 0, m02: 20, m10: 0, m11: 1, m12: 30, m20: 0, m21: 0, m22: 1)
    let g = Gradient.linear(
      [Gradient.Stop(0, Self.red), Gradient.Stop(1, Self.blue)], start: .zero, end: Point(10, 0))
    let fit = try #require(
      LottieDepthGradient.fit(g, h, width: 10, height: 10, margin: 0, pointTolerance: 0.05))
    #expect(abs(fit.start.x - 20) < 1e-9 && abs(fit.start.y - 30) < 1e-9)
    #expect(abs(fit.end.x - 25) < 1e-9 && abs(fit.end.y - 30) < 1e-9)
  }

  /// W = 1 + x/10 over a 10-wide box: the far side is drawn at half the near side's scale,
  /// and t = x/10 is no affine function of the screen point, by far more than 1/255.
  @Test func aStrongPerspectiveHasNoFit() {
    let h = Homography(m00: 1, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0, m20: 0.1, m21: 0, m22: 1)
    let g = Gradient.linear(
      [Gradient.Stop(0, Self.red), Gradient.Stop(1, Self.blue)], start: .zero, end: Point(10, 0))
    #expect(LottieDepthGradient.fit(g, h, width: 10, height: 10, margin: 0, pointTolerance: 0.05) == nil)
  }
}
