import AnimMath
import Testing

@testable import AnimRender

/// Gradient fills and strokes (§12.2) drawn by the rasterizer: inside a shape, away from
/// its edges, each pixel is the gradient's colour at the pixel's centre mapped back into
/// the box, composited over the background. The expected colours are worked out here
/// from the spec's formulas, with the inverse transforms written by hand; nothing of
/// `Gradient` is used to compute them.
@Suite struct GradientRasterTests {
  static let rect = TestShapes.polygon([Point(0, 0), Point(100, 0), Point(100, 60), Point(0, 60)])
  static let background = Color(r: 1, g: 1, b: 1)

  /// Straight-alpha source-over onto an opaque background, then rounded to 8 bits.
  static func over(_ c: [Double], opacity: Double, _ bg: Color) -> [Int] {
    let a = c[3] * opacity
    return [
      Int(((c[0] * a + bg.r * (1 - a)) * 255).rounded()),
      Int(((c[1] * a + bg.g * (1 - a)) * 255).rounded()),
      Int(((c[2] * a + bg.b * (1 - a)) * 255).rounded()),
    ]
  }

  static func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * b.width + x) * 4
    return [Int(b.pixels[i]), Int(b.pixels[i + 1]), Int(b.pixels[i + 2])]
  }

  /// Channels within 1 of each other (8-bit rounding of premultiplied values).
  static func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 1 } }

  @Test func linearFillUnderScaleAndTranslation() {
    // Box 100 × 60 drawn at 2× horizontally, moved by (10, 20): pixel centre (X, Y)
    // comes from box point ((X − 10) / 2, Y − 20). Red → transparent blue, left to right.
    var item = DrawItem(
      path: Self.rect, transform: AffineTransform(a: 2, b: 0, c: 0, d: 1, tx: 10, ty: 20), fill: .white)
    item.gradients = PaintGradients(
      fill: .linear(
        [Gradient.Stop(0, Color(r: 1, g: 0, b: 0)), Gradient.Stop(1, Color(r: 0, g: 0, b: 1, a: 0))],
        start: Point(0, 0), end: Point(100, 0)), stroke: nil)
    let bitmap = Rasterizer().render(
      Drawing(width: 220, height: 100, background: Self.background, items: [item]), width: 220, height: 100)
    for x in stride(from: 12, through: 206, by: 13) {
      for y in [22, 50, 78] {
        let t = ((Double(x) + 0.5 - 10) / 2) / 100
        let expected = Self.over([1 - t, 0, t, 1 - t], opacity: 1, Self.background)
        #expect(Self.near(Self.pixel(bitmap, x, y), expected), "(\(x), \(y)): t = \(t)")
      }
    }
  }

  @Test func linearFillUnderRotationWithStopsOpacityAndTint() {
    // Rotated 90° clockwise (y down) and moved by (80, 10): box (u, v) → (80 − v, 10 + u),
    // so pixel centre (X, Y) comes from u = Y − 10, v = 80 − X. The axis runs from
    // (0, 0) to (100, 60); t = (u·100 + v·60) / (100² + 60²). Stops at 0.25 and 0.75
    // (black → yellow), padded outside; opacity 0.5 and a tint (0.5, 1, 1, 1).
    var item = DrawItem(
      path: Self.rect, transform: AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 80, ty: 10), fill: .white,
      opacity: 0.5, tint: Color(r: 0.5, g: 1, b: 1))
    item.gradients = PaintGradients(
      fill: .linear(
        [Gradient.Stop(0.25, .black), Gradient.Stop(0.75, Color(r: 1, g: 1, b: 0))],
        start: Point(0, 0), end: Point(100, 60)), stroke: nil)
    let bitmap = Rasterizer().render(
      Drawing(width: 100, height: 120, background: Self.background, items: [item]), width: 100, height: 120)
    for x in stride(from: 23, through: 77, by: 9) {
      for y in stride(from: 12, through: 107, by: 19) {
        let u = Double(y) + 0.5 - 10
        let v = 80 - (Double(x) + 0.5)
        let t = (u * 100 + v * 60) / (100 * 100 + 60 * 60)
        let k = min(1, max(0, (t - 0.25) / 0.5))
        let expected = Self.over([k * 0.5, k, 0, 1], opacity: 0.5, Self.background)
        #expect(Self.near(Self.pixel(bitmap, x, y), expected), "(\(x), \(y)): t = \(t)")
      }
    }
  }

  @Test func radialFillOnAnEllipse() {
    // Centre (50, 30), radii (50, 30): t = √(((u − 50)/50)² + ((v − 30)/30)²), white at
    // the centre to transparent black on the ellipse; the rectangle's corners are padded.
    var item = DrawItem(path: Self.rect, transform: .translation(5, 5), fill: .white)
    item.gradients = PaintGradients(
      fill: .radial(
        [Gradient.Stop(0, .white), Gradient.Stop(1, Color(r: 0, g: 0, b: 0, a: 0))],
        center: Point(50, 30), radius: Point(50, 30)), stroke: nil)
    let bg = Color(r: 0, g: 0.5, b: 1)
    let bitmap = Rasterizer().render(
      Drawing(width: 110, height: 70, background: bg, items: [item]), width: 110, height: 70)
    for x in stride(from: 7, through: 102, by: 5) {
      for y in stride(from: 7, through: 62, by: 5) {
        let u = Double(x) + 0.5 - 5
        let v = Double(y) + 0.5 - 5
        let t = min(1, (((u - 50) / 50) * ((u - 50) / 50) + ((v - 30) / 30) * ((v - 30) / 30)).squareRoot())
        let expected = Self.over([1 - t, 1 - t, 1 - t, 1 - t], opacity: 1, bg)
        #expect(Self.near(Self.pixel(bitmap, x, y), expected), "(\(x), \(y)): t = \(t)")
      }
    }
  }

  @Test func gradientStrokeOverPlainFill() {
    // A 10-point stroke on the rectangle's outline, left to right black → white, over a
    // plain green fill. On the stroke's middle line (the outline) only the stroke shows;
    // deep inside only the fill.
    var item = DrawItem(
      path: Self.rect, transform: .translation(20, 20), fill: Color(r: 0, g: 1, b: 0), stroke: .white,
      lineWidth: 10)
    item.gradients = PaintGradients(
      fill: nil,
      stroke: .linear([Gradient.Stop(0, .black), Gradient.Stop(1, .white)], start: Point(0, 0), end: Point(100, 0)))
    let bitmap = Rasterizer().render(
      Drawing(width: 140, height: 100, background: Self.background, items: [item]), width: 140, height: 100)
    for x in stride(from: 30, through: 110, by: 10) {
      let t = (Double(x) + 0.5 - 20) / 100
      let g = Int((t * 255).rounded())
      #expect(Self.near(Self.pixel(bitmap, x, 20), [g, g, g]), "top edge at x = \(x)")
      #expect(Self.pixel(bitmap, x, 50) == [0, 255, 0], "inside at x = \(x)")
    }
  }

  @Test func aOneColourGradientDrawsAsThatColour() {
    // Both stops the same colour: every pixel, edges included, is what the plain colour gives.
    let color = Color(r: 0.2, g: 0.6, b: 0.9, a: 0.7)
    let transform = AffineTransform.rotation(0.3) * .translation(30, 5)
    let plain = DrawItem(path: TestShapes.circle(30), transform: transform, fill: color, opacity: 0.8)
    var shaded = DrawItem(path: TestShapes.circle(30), transform: transform, fill: .white, opacity: 0.8)
    shaded.gradients = PaintGradients(
      fill: .radial([Gradient.Stop(0, color), Gradient.Stop(1, color)], center: Point(30, 30), radius: Point(30, 30)),
      stroke: nil)
    let r = Rasterizer()
    let a = r.render(
      Drawing(width: 100, height: 100, background: Self.background, items: [plain]), width: 100, height: 100)
    let b = r.render(
      Drawing(width: 100, height: 100, background: Self.background, items: [shaded]), width: 100, height: 100)
    #expect(a == b)
  }
}

extension ReferenceComparisonTests {
  /// Gradient fills and strokes, linear and radial, rotated, scaled, tinted and faded,
  /// against librsvg drawing `SVGWriter`'s `<linearGradient>` and `<radialGradient>`.
  @Test func gradients() throws {
    let stops = [
      Gradient.Stop(0, Color(rgba8: 0xFF, 0x2D, 0x55)), Gradient.Stop(0.4, Color(rgba8: 0xFF, 0xD6, 0x0A, 0x80)),
      Gradient.Stop(1, Color(rgba8: 0x00, 0x7A, 0xFF, 0x20)),
    ]
    var items: [DrawItem] = []
    for i in 0..<12 {
      let x = 30 + Double(i % 4) * 50
      let y = 30 + Double(i / 4) * 55
      var item = DrawItem(
        path: i % 2 == 0 ? TestShapes.circle(20) : TestShapes.heart(40, 40),
        transform: Self.placed(x, y, box: 40, rotate: Double(i) * 0.4, sx: 1 + Double(i % 3) * 0.2, sy: 1),
        fill: .white, stroke: i % 3 == 0 ? .white : nil, lineWidth: 4, opacity: i % 4 == 3 ? 0.6 : 1,
        tint: i % 5 == 4 ? Color(r: 0.6, g: 1, b: 0.8, a: 0.9) : nil)
      let linear = Gradient.linear(stops, start: Point(0, 0), end: Point(40, Double(i) * 3))
      let radial = Gradient.radial(stops, center: Point(20, 14), radius: Point(20, 26))
      item.gradients = PaintGradients(
        fill: i % 2 == 0 ? linear : radial, stroke: i % 3 == 0 ? (i % 2 == 0 ? radial : linear) : nil)
      items.append(item)
    }
    try compare(
      "gradients", Drawing(width: 220, height: 180, background: Color(rgba8: 0xF2, 0xF2, 0xF7), items: items),
      width: 220, height: 180)
  }
}
