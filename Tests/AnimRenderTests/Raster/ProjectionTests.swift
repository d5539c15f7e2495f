import AnimMath
import Foundation
import Testing

@testable import AnimRender

/// 3-D items (§12.1) in the rasterizer and in SVG output: projected geometry where hand
/// computation puts it, nothing from behind the eye, and librsvg agreeing with animc's
/// projected SVG.
@Suite("Projected drawing", .serialized)
struct ProjectionTests {
  /// A box of `size` centred on `(cx, cy)`: T(c)·P(d)·Rx(ax)·Ry(ay)·T(−size/2), CSS's
  /// list (§12.1) without rotation or scale.
  static func projection(
    _ cx: Double, _ cy: Double, size: Double, rotationX: Double, rotationY: Double = 0, perspective: Double
  ) -> Homography {
    (Matrix3D.translation(cx, cy) * Matrix3D.perspective(perspective) * Matrix3D.rotationX(degrees: rotationX)
      * Matrix3D.rotationY(degrees: rotationY) * Matrix3D.translation(-size / 2, -size / 2)).planar
  }

  static func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> UInt8 { b.pixels[(y * b.width + x) * 4 + 3] }

  /// rotateX(60°), d = 200, a 100 × 100 box centred on (100, 100). By hand: a corner at
  /// (±50, y₀) from the centre goes to y′ = y₀·cos 60°, z = y₀·sin 60°, W = 1 − z/200,
  /// so the top corners land at 100 ± 50/W₁, 100 − 25/W₁ with W₁ = 1 + 43.30127/200 and
  /// the bottom ones at 100 ± 50/W₂, 100 + 25/W₂ with W₂ = 1 − 43.30127/200.
  @Test func rotatedAboutXLandsOnTheHandComputedCorners() throws {
    let h = Self.projection(100, 100, size: 100, rotationX: 60, perspective: 200)
    let zc = 50 * 3.0.squareRoot() / 2
    let w1 = 1 + zc / 200
    let w2 = 1 - zc / 200
    let corners = [
      (Point(0, 0), Point(100 - 50 / w1, 100 - 25 / w1)), (Point(100, 0), Point(100 + 50 / w1, 100 - 25 / w1)),
      (Point(100, 100), Point(100 + 50 / w2, 100 + 25 / w2)), (Point(0, 100), Point(100 - 50 / w2, 100 + 25 / w2)),
    ]
    for (local, expected) in corners {
      let p = h.apply(local)
      #expect(abs(p.x - expected.x) < 1e-9 && abs(p.y - expected.y) < 1e-9, "\(local) → \(p), by hand \(expected)")
    }
    let item = DrawItem(path: TestShapes.rect(0, 0, 100, 100), fill: .black, projection: h)
    let bitmap = Rasterizer().render(Drawing(width: 200, height: 200, items: [item]), width: 200, height: 200)
    // Inside each corner (3 px towards the centre of the trapezoid) covered, outside clear.
    let centre = Point(100, (corners[0].1.y + corners[2].1.y) / 2)
    for (_, c) in corners {
      let dx = centre.x - c.x
      let dy = centre.y - c.y
      let n = (dx * dx + dy * dy).squareRoot()
      let inside = Point(c.x + 3 * dx / n, c.y + 3 * dy / n)
      let outside = Point(c.x - 3 * dx / n, c.y - 3 * dy / n)
      #expect(Self.alpha(bitmap, Int(inside.x), Int(inside.y)) == 255, "inside \(inside)")
      #expect(Self.alpha(bitmap, Int(outside.x), Int(outside.y)) == 0, "outside \(outside)")
    }
    // The covered area is the trapezoid's, by the hand-computed corners.
    let top = 100 / w1
    let bottom = 100 / w2
    let area = (top + bottom) / 2 * (25 / w2 + 25 / w1)
    var covered = 0.0
    for y in 0..<200 { for x in 0..<200 { covered += Double(Self.alpha(bitmap, x, y)) / 255 } }
    #expect(abs(covered - area) < 0.003 * area, "covered \(covered), trapezoid \(area)")
  }

  /// rotateX(120°) with d = 20: the box's rows below y₀ = 20/sin 120° from the centre
  /// have W ≤ 0. By hand, a visible row y₀ lands at 100 + f(y₀), f(y₀) = −y₀/2 ÷
  /// (1 − y₀·sin 120°/20), which falls from 7.9 (y₀ = −50) to −∞: the visible part covers
  /// everything above y = 107.9 (at the centre column) and nothing below. Dividing the
  /// hidden rows through anyway would paint around (100, 121) (y₀ = 50: f = 21.46).
  @Test func partsBehindTheEyeAreNotDrawn() throws {
    let h = Self.projection(100, 100, size: 100, rotationX: 120, perspective: 20)
    let item = DrawItem(
      path: TestShapes.rect(0, 0, 100, 100), fill: .black, stroke: .black, lineWidth: 2, projection: h)
    let bitmap = Rasterizer().render(Drawing(width: 200, height: 200, items: [item]), width: 200, height: 200)
    #expect(Self.alpha(bitmap, 100, 20) == 255)
    #expect(Self.alpha(bitmap, 100, 90) == 255)
    #expect(Self.alpha(bitmap, 100, 104) == 255)
    #expect(Self.alpha(bitmap, 100, 112) == 0)
    #expect(Self.alpha(bitmap, 100, 121) == 0)
    #expect(Self.alpha(bitmap, 100, 180) == 0)
    // SVG output keeps the same part, and its edges running off towards the horizon
    // stay within what librsvg's fixed-point arithmetic holds.
    try ReferenceComparisonTests().compare(
      "behind-the-eye", Drawing(width: 200, height: 200, background: .white, items: [item]), width: 200,
      height: 200)
  }

  /// Wholly behind the eye, edge-on, or degenerate: nothing drawn, no trap.
  @Test func degenerateProjectionsDrawNothing() {
    let behind = Homography(m00: 1, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0, m20: 0, m21: 0, m22: -1)
    let edgeOn = Self.projection(100, 100, size: 100, rotationX: 90, perspective: 0)
    let nan = Homography(m00: .nan, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0, m20: 0, m21: 0, m22: 1)
    let zeroW = Homography(m00: 1, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0, m20: 0, m21: 0, m22: 0)
    for h in [behind, edgeOn, nan, zeroW] {
      let item = DrawItem(
        path: TestShapes.circle(50), fill: .black, stroke: .black, lineWidth: 3, strokeEnd: 0.5, projection: h)
      let drawing = Drawing(width: 200, height: 200, items: [item])
      let bitmap = Rasterizer().render(drawing, width: 200, height: 200)
      #expect(bitmap.pixels.allSatisfy { $0 == 0 }, "\(h)")
      // Edge-on leaves polygons of no area, which draw nothing; the others leave none.
      if h != edgeOn { #expect(!SVGWriter.document(drawing).contains("<path"), "\(h)") }
    }
  }

  /// librsvg drawing animc's projected SVG: fills, a stroke's projected outline, a
  /// trimmed stroke, translucency, rotations about both axes, both faces.
  @Test func projectedSVGAgreesWithRsvg() throws {
    let palette = ReferenceComparisonTests.palette
    let items = [
      DrawItem(
        path: TestShapes.rect(0, 0, 80, 80), fill: palette[0], stroke: .white, lineWidth: 6,
        projection: Self.projection(60, 60, size: 80, rotationX: -50, perspective: 300)),
      DrawItem(
        path: TestShapes.circle(40), fill: palette[1], stroke: palette[3], lineWidth: 4, opacity: 0.7,
        projection: Self.projection(160, 60, size: 80, rotationX: 30, rotationY: 55, perspective: 200)),
      DrawItem(
        path: TestShapes.heart(80, 80), fill: nil, stroke: palette[2], lineWidth: 5, strokeEnd: 0.6,
        projection: Self.projection(60, 150, size: 80, rotationX: 0, rotationY: -60, perspective: 250)),
      DrawItem(
        path: TestShapes.rect(0, 0, 80, 80), fill: palette[4],
        projection: Self.projection(160, 150, size: 80, rotationX: 150, perspective: 500)),
    ]
    try ReferenceComparisonTests().compare(
      "projected", Drawing(width: 220, height: 200, background: Color(rgba8: 0x1C, 0x1C, 0x1E), items: items),
      width: 220, height: 200)
  }

  /// A gradient under perspective, which SVG cannot warp: the SVG embeds a PNG of the item
  /// drawn by the rasterizer (§12.1), so librsvg's picture is the rasterizer's.
  @Test func aProjectedGradientIsEmbeddedAsAPicture() throws {
    let palette = ReferenceComparisonTests.palette
    let shadow = Gradient.linear(
      [Gradient.Stop(0, .clear), Gradient.Stop(1, palette[2])], start: Point(0, 0), end: Point(0, 80))
    var item = DrawItem(
      path: TestShapes.rect(0, 0, 80, 80), fill: .white, stroke: palette[0], lineWidth: 4,
      projection: Self.projection(110, 100, size: 80, rotationX: -40, rotationY: 20, perspective: 300))
    item.gradients = PaintGradients(fill: shadow, stroke: nil)
    let plain = DrawItem(
      path: TestShapes.circle(30), fill: palette[1],
      projection: Self.projection(50, 50, size: 60, rotationX: 30, perspective: 200))
    let drawing = Drawing(width: 220, height: 200, background: Color(rgba8: 0xF2, 0xF2, 0xF7), items: [plain, item])
    #expect(SVGWriter.canWriteAsVector(plain) && !SVGWriter.canWriteAsVector(item))
    let svg = SVGWriter.document(drawing, pixelWidth: 220, pixelHeight: 200)
    #expect(svg.components(separatedBy: "data:image/png;base64,").count == 2)
    try ReferenceComparisonTests().compare("projected-gradient", drawing, width: 220, height: 200)
    // The shading follows the projection: where box point (40, 60) lands, the gradient is
    // 3/4 of the way from clear (0, 0, 0, 0) to its end colour, straight alpha (§12.2):
    // channels 0.75·c at alpha 0.75, over the background.
    let h = Self.projection(110, 100, size: 80, rotationX: -40, rotationY: 20, perspective: 300)
    let at = h.apply(Point(40, 60))
    let bitmap = Rasterizer().render(drawing, width: 220, height: 200)
    let offset = (Int(at.y) * 220 + Int(at.x)) * 4
    let end = palette[2]
    let background = [0xF2, 0xF2, 0xF7].map { Double($0) / 255 }
    for (k, channel) in [end.r, end.g, end.b].enumerated() {
      let expected = (channel * 0.75 * 0.75 + background[k] * 0.25) * 255
      #expect(abs(Double(bitmap.pixels[offset + k]) - expected) <= 4, "channel \(k)")
    }
  }
}
