import Testing

@testable import AnimMath

/// `Gradient` against §12.2 worked by hand: straight-alpha interpolation per sRGB channel,
/// padding beyond the ends, the projection of a linear gradient and the elliptical
/// distance of a radial one.
@Suite struct GradientTests {
  static let clearToBlack = [Gradient.Stop(0, .clear), Gradient.Stop(1, .black)]

  static func close(_ a: Color, _ b: Color, _ tolerance: Double = 1e-12) -> Bool {
    abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance
      && abs(a.a - b.a) <= tolerance
  }

  @Test func straightAlphaInterpolation() {
    // Red (1, 0, 0, 1) to transparent blue (0, 0, 1, 0): halfway is (0.5, 0, 0.5, 0.5)
    // with straight alpha. Premultiplied interpolation would give red 0.5/0.5 = 1 and
    // blue 0: the two rules differ here.
    let g = Gradient.linear(
      [Gradient.Stop(0, Color(r: 1, g: 0, b: 0)), Gradient.Stop(1, Color(r: 0, g: 0, b: 1, a: 0))],
      start: Point(0, 0), end: Point(10, 0))
    #expect(Self.close(g.color(at: 0.5), Color(r: 0.5, g: 0, b: 0.5, a: 0.5)))
    #expect(Self.close(g.color(at: 0.25), Color(r: 0.75, g: 0, b: 0.25, a: 0.75)))
  }

  @Test func paddedBeyondTheEnds() {
    let g = Gradient.linear(
      [Gradient.Stop(0.2, .white), Gradient.Stop(0.6, .black)], start: Point(0, 0), end: Point(1, 0))
    #expect(g.color(at: -3) == .white)
    #expect(g.color(at: 0.1) == .white)
    #expect(g.color(at: 0.9) == .black)
    #expect(g.color(at: 7) == .black)
    // Between the stops: (0.4 − 0.2) / (0.6 − 0.2) = 0.5 of the way.
    #expect(Self.close(g.color(at: 0.4), Color(r: 0.5, g: 0.5, b: 0.5)))
    #expect(g.color(at: .nan) == .white)
  }

  @Test func threeStopsAndAHardEdge() {
    let red = Color(r: 1, g: 0, b: 0)
    let green = Color(r: 0, g: 1, b: 0)
    let blue = Color(r: 0, g: 0, b: 1)
    let g = Gradient.linear(
      [Gradient.Stop(0, red), Gradient.Stop(0.5, green), Gradient.Stop(0.5, blue), Gradient.Stop(1, .black)],
      start: Point(0, 0), end: Point(1, 0))
    // 0.25 is halfway from red to green; from 0.5 on the later stop (blue) rules.
    #expect(Self.close(g.color(at: 0.25), Color(r: 0.5, g: 0.5, b: 0)))
    #expect(g.color(at: 0.5) == blue)
    #expect(Self.close(g.color(at: 0.75), Color(r: 0, g: 0, b: 0.5)))
  }

  @Test func linearParameterIsTheProjection() {
    // From (10, 20) to (30, 20) + (0, 20) → direction (20, 20), length² 800.
    let g = Gradient.linear(Self.clearToBlack, start: Point(10, 20), end: Point(30, 40))
    #expect(g.parameter(at: Point(10, 20)) == 0)
    #expect(g.parameter(at: Point(30, 40)) == 1)
    // (20, 30): offset (10, 10) · (20, 20) / 800 = 400 / 800.
    #expect(g.parameter(at: Point(20, 30)) == 0.5)
    // Perpendicular to the axis the parameter does not change: (30, 20) − (20, 30) ⟂ (1, 1).
    #expect(g.parameter(at: Point(30, 20)) == 0.5)
    #expect(g.parameter(at: Point(0, 10)) == -0.5)
  }

  @Test func radialParameterIsTheEllipticalDistance() {
    let g = Gradient.radial(Self.clearToBlack, center: Point(50, 30), radius: Point(50, 30))
    #expect(g.parameter(at: Point(50, 30)) == 0)
    #expect(g.parameter(at: Point(100, 30)) == 1)
    #expect(g.parameter(at: Point(50, 0)) == 1)
    // (75, 45): u = 25/50, v = 15/30 → √(0.25 + 0.25).
    #expect(abs(g.parameter(at: Point(75, 45)) - 0.5.squareRoot()) < 1e-15)
  }

  @Test func resolvedInTheBox() {
    let unit = Gradient.linear(Self.clearToBlack, start: Point(0.5, 0), end: Point(0.5, 1))
    #expect(
      unit.resolved(width: 275, height: 180)
        == Gradient.linear(Self.clearToBlack, start: Point(137.5, 0), end: Point(137.5, 180)))
    let radial = Gradient.radial(Self.clearToBlack, center: Point(0.5, 0.5), radius: Point(0.5, 0.5))
    #expect(
      radial.resolved(width: 80, height: 40)
        == Gradient.radial(Self.clearToBlack, center: Point(40, 20), radius: Point(40, 20)))
  }

  @Test func degenerateGeometryPaintsTheLastColour() {
    let line = Gradient.linear(Self.clearToBlack, start: Point(3, 3), end: Point(3, 3))
    #expect(line.color(atPoint: Point(0, 0)) == .black)
    let dot = Gradient.radial(Self.clearToBlack, center: Point(3, 3), radius: Point(0, 0))
    #expect(dot.color(atPoint: Point(4, 3)) == .black)
  }

  @Test func evenLocations() {
    #expect(Gradient.evenLocations(2) == [0, 1])
    #expect(Gradient.evenLocations(5) == [0, 0.25, 0.5, 0.75, 1])
  }
}
