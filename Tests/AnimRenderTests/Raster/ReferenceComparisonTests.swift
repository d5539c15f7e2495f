import AnimMath
import Testing

@testable import AnimRender

/// The rasterizer against librsvg drawing the same `Drawing` through `SVGWriter`.
@Suite("Raster vs rsvg-convert", .serialized)
struct ReferenceComparisonTests {
  static let minimumPSNR = 35.0

  func compare(_ name: String, _ drawing: Drawing, width: Int, height: Int, alpha: Bool = false)
    throws
  {
    let ours = Rasterizer().render(drawing, width: width, height: height)
    let svg = SVGWriter.document(drawing, pixelWidth: width, pixelHeight: height)
    let theirs = try ReferenceRenderer.render(svg: svg, name: name, width: width, height: height)
    try ReferenceRenderer.save(ours, name: name)
    let psnr = ReferenceRenderer.psnr(ours.pixels, theirs, alpha: alpha)
    #expect(
      psnr >= Self.minimumPSNR,
      "\(name): PSNR \(psnr) dB; see \(ReferenceRenderer.directory.path)/\(name)-*.png")
    print("raster-vs-rsvg \(name): \(SVGNumber.format((psnr * 100).rounded() / 100)) dB")
  }

  static let palette: [Color] = [
    Color(rgba8: 0xFF, 0x2D, 0x55), Color(rgba8: 0x34, 0xC7, 0x59), Color(rgba8: 0x00, 0x7A, 0xFF),
    Color(rgba8: 0xFF, 0x95, 0x00), Color(rgba8: 0xAF, 0x52, 0xDE),
  ]

  /// Where a shape's anchor at unit point (0.5, 0.5) of its box goes to `(x, y)`.
  static func placed(
    _ x: Double, _ y: Double, box: Double, rotate: Double = 0, sx: Double = 1, sy: Double = 1
  )
    -> AffineTransform
  {
    let move = AffineTransform.translation(x, y)
    let turn = AffineTransform.rotation(rotate)
    let size = AffineTransform.scale(sx, sy)
    let anchor = AffineTransform.translation(-box / 2, -box / 2)
    return move * turn * size * anchor
  }

  @Test func translucentHearts() throws {
    var items: [DrawItem] = []
    for i in 0..<24 {
      let x = 20 + Double(i % 6) * 27.5 + Double(i / 6) * 3.3
      let y = 22 + Double(i / 6) * 26.25
      items.append(
        DrawItem(
          path: TestShapes.heart(36, 36), transform: Self.placed(x, y, box: 36),
          fill: Self.palette[i % 5].lerp(to: .white, 0.1 * Double(i % 3)),
          opacity: 0.35 + 0.025 * Double(i)))
    }
    try compare(
      "hearts",
      Drawing(width: 200, height: 120, background: Color(rgba8: 0x1C, 0x1C, 0x1E), items: items),
      width: 200, height: 120)
  }

  @Test func strokedCirclesAndTrimming() throws {
    let circle = TestShapes.circle(20)
    let items = [
      DrawItem(
        path: circle, transform: Self.placed(30, 30, box: 40), fill: Self.palette[0],
        stroke: .white, lineWidth: 4),
      DrawItem(
        path: circle, transform: Self.placed(85, 30, box: 40), fill: Self.palette[1],
        stroke: Color(r: 0, g: 0, b: 0, a: 0.5), lineWidth: 6, opacity: 0.8),
      DrawItem(
        path: circle, transform: Self.placed(140, 30, box: 40), fill: nil, stroke: Self.palette[2],
        lineWidth: 5, strokeEnd: 0.5),
      DrawItem(
        path: circle, transform: Self.placed(30, 85, box: 40), fill: nil, stroke: Self.palette[3],
        lineWidth: 3,
        strokeStart: 0.2, strokeEnd: 0.9),
      DrawItem(
        path: TestShapes.heart(36, 36), transform: Self.placed(85, 85, box: 36), fill: nil,
        stroke: Self.palette[4],
        lineWidth: 3, strokeEnd: 0.5),
      DrawItem(
        path: TestShapes.star(20, 8), transform: Self.placed(140, 85, box: 40),
        fill: Self.palette[1],
        stroke: .white, lineWidth: 2.5),
    ]
    try compare(
      "circles",
      Drawing(width: 170, height: 115, background: Color(rgba8: 0x30, 0x30, 0x40), items: items),
      width: 170, height: 115)
  }

  @Test func rotatedScaledAndTinted() throws {
    var items: [DrawItem] = []
    for i in 0..<8 {
      let angle = Double(i) * 0.4
      let x = 50 + Double(i % 4) * 42
      let y = 45 + Double(i / 4) * 60
      let tint = Color(r: 1, g: 1 - 0.1 * Double(i), b: 1, a: 1 - 0.08 * Double(i))
      items.append(
        DrawItem(
          path: TestShapes.heart(36, 30),
          transform: Self.placed(x, y, box: 36, rotate: angle, sx: 1.3, sy: 0.8),
          fill: Self.palette[i % 5], stroke: .white, lineWidth: 1.5, opacity: 0.9,
          tint: tint))
    }
    // A replicator-like ring of stars with shear.
    for i in 0..<6 {
      let ring =
        AffineTransform.translation(100, 160) * AffineTransform.rotation(Double(i) * .pi / 3)
      let shear = AffineTransform(a: 1, b: 0, c: 0.4, d: 1, tx: 0, ty: -22)
      let m = ring * shear * AffineTransform.translation(-8, -8)
      items.append(
        DrawItem(
          path: TestShapes.star(8, 3.5), transform: m, fill: Self.palette[(i + 2) % 5], opacity: 0.7
        ))
    }
    try compare(
      "transforms", Drawing(width: 200, height: 200, background: .white, items: items), width: 200,
      height: 200)
  }

  @Test func pixelScaleAndTranslucentBackground() throws {
    let items = [
      DrawItem(
        path: TestShapes.heart(36, 36), transform: Self.placed(30, 30, box: 36),
        fill: Self.palette[0]),
      DrawItem(
        path: TestShapes.circle(15), transform: Self.placed(42, 40, box: 30),
        fill: Color(r: 0, g: 0.5, b: 1, a: 0.6),
        stroke: .black, lineWidth: 1),
    ]
    // 60×60 points at 150×120 pixels: scaled 2.5 by 2 on a half-transparent backdrop.
    try compare(
      "scaled",
      Drawing(width: 60, height: 60, background: Color(r: 1, g: 1, b: 0.8, a: 0.5), items: items),
      width: 150, height: 120, alpha: true)
  }
}
