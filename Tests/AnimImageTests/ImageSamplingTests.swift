import AnimImage
import AnimMath
import AnimRender
import Foundation
import Testing

/// §12.3's drawing of an image, against the rule computed here from scratch at sample
/// pixels: the pixel centre mapped back through the inverse of the item's matrix (the
/// 2 × 2 inverse written out), into image pixels through contentsRect, the four pixels
/// whose centres surround it premultiplied and blended bilinearly (edges repeated), then
/// opacity and tint, source-over an opaque background.
@Suite struct ImageSamplingTests {
  /// 4 × 3 pixels, straight RGBA; the transparent pixel's colour is bright, so blending
  /// without premultiplying would show it.
  static let pixels: [[UInt8]] = [
    [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 0, 128],
    [255, 255, 255, 0], [10, 20, 30, 255], [200, 100, 50, 200], [0, 255, 255, 255],
    [128, 128, 128, 255], [255, 0, 255, 64], [40, 80, 160, 255], [250, 250, 250, 255],
  ]
  static let imageWidth = 4
  static let imageHeight = 3

  static func asset() throws -> ImageAsset {
    let bitmap = Bitmap(width: imageWidth, height: imageHeight, pixels: pixels.flatMap { $0 })
    let bytes = try PNGEncoder.encode(bitmap)
    return ImageAsset(name: "t.png", path: "t.png", fileBytes: bytes, image: try PNGImage.decode(bytes))
  }

  struct Case: Sendable, CustomStringConvertible {
    var matrix: AnimMath.AffineTransform
    var box: (w: Double, h: Double)
    var rect: ContentsRect
    var opacity: Double
    var tint: Color?
    var description: String { "\(matrix) \(rect)" }
  }

  static let cases: [Case] = [
    Case(
      matrix: .translation(20, 10) * .scale(9, 9), box: (4, 3), rect: .full, opacity: 1, tint: nil),
    Case(
      matrix: .translation(60, 8) * .rotation(0.6) * .scale(1.5, 2.5), box: (30, 20),
      rect: ContentsRect(x: 0.25, y: 0, width: 0.5, height: 1), opacity: 0.7, tint: nil),
    Case(
      matrix: AnimMath.AffineTransform(a: 3, b: 1, c: -2, d: 4, tx: 30, ty: 5), box: (8, 6),
      rect: ContentsRect(x: 0, y: 1 / 3, width: 1, height: 2 / 3), opacity: 1,
      tint: Color(r: 0.5, g: 1, b: 0.25, a: 0.8)),
  ]

  static let background: [Double] = [30, 60, 90]

  @Test(arguments: cases)
  func pixelsMatchTheRule(_ c: Case) throws {
    let asset = try Self.asset()
    let box = Path([
      .move(to: Point(0, 0)), .line(to: Point(c.box.w, 0)), .line(to: Point(c.box.w, c.box.h)),
      .line(to: Point(0, c.box.h)), .close,
    ])
    var item = DrawItem(path: box, transform: c.matrix, opacity: c.opacity, tint: c.tint)
    item.image = DrawImage(asset: asset, width: c.box.w, height: c.box.h, contentsRect: c.rect)
    let drawing = Drawing(
      width: 120, height: 90, background: Color(r: 30 / 255, g: 60 / 255, b: 90 / 255, a: 1), items: [item])
    let bitmap = Rasterizer().render(drawing, width: 120, height: 90)
    let m = c.matrix
    let det = m.a * m.d - m.b * m.c
    func local(_ x: Double, _ y: Double) -> (Double, Double) {
      let dx = x - m.tx
      let dy = y - m.ty
      return ((m.d * dx - m.c * dy) / det, (-m.b * dx + m.a * dy) / det)
    }
    func inside(_ p: (Double, Double)) -> Bool { p.0 >= 0 && p.0 <= c.box.w && p.1 >= 0 && p.1 <= c.box.h }
    var checked = 0
    for py in 0..<90 {
      for px in 0..<120 {
        // Only pixels wholly inside the box: their coverage is exactly 1.
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map {
          local(Double(px) + $0.0, Double(py) + $0.1)
        }
        guard corners.allSatisfy(inside) else { continue }
        let (lx, ly) = local(Double(px) + 0.5, Double(py) + 0.5)
        let expected = Self.expected(lx, ly, c)
        let o = (py * 120 + px) * 4
        for k in 0..<3 {
          let got = Double(bitmap.pixels[o + k])
          #expect(abs(got - expected[k]) <= 1, "pixel (\(px), \(py)) channel \(k): \(got) vs \(expected[k])")
        }
        checked += 1
      }
    }
    #expect(checked >= 40)
  }

  /// The colour (0…255, straight, over the opaque background) §12.3 gives box point (x, y).
  static func expected(_ x: Double, _ y: Double, _ c: Case) -> [Double] {
    let u = (c.rect.x + c.rect.width * x / c.box.w) * Double(imageWidth) - 0.5
    let v = (c.rect.y + c.rect.height * y / c.box.h) * Double(imageHeight) - 0.5
    let i0 = Int(u.rounded(.down))
    let j0 = Int(v.rounded(.down))
    let fu = u - Double(i0)
    let fv = v - Double(j0)
    func premultiplied(_ i: Int, _ j: Int) -> [Double] {
      let p = pixels[min(max(j, 0), imageHeight - 1) * imageWidth + min(max(i, 0), imageWidth - 1)]
      let a = Double(p[3]) / 255
      return [Double(p[0]) / 255 * a, Double(p[1]) / 255 * a, Double(p[2]) / 255 * a, a]
    }
    let taps = [
      (premultiplied(i0, j0), (1 - fu) * (1 - fv)), (premultiplied(i0 + 1, j0), fu * (1 - fv)),
      (premultiplied(i0, j0 + 1), (1 - fu) * fv), (premultiplied(i0 + 1, j0 + 1), fu * fv),
    ]
    var s = [0.0, 0, 0, 0]
    for (p, w) in taps { for k in 0..<4 { s[k] += p[k] * w } }
    let t = c.tint ?? Color(r: 1, g: 1, b: 1, a: 1)
    let tint = [t.r * t.a, t.g * t.a, t.b * t.a, t.a].map { $0 * c.opacity }
    let alpha = s[3] * tint[3]
    return (0..<3).map { k in s[k] * tint[k] * 255 + background[k] * (1 - alpha) }
  }
}
