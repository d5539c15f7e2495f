import AnimMath
import Foundation
import Testing

@testable import AnimRender

/// §15's `blend .additive` and `blur` in the rasterizer. The additive pixels are worked
/// out here with integer arithmetic from the colours; the blur is held to Pillow's
/// `GaussianBlur` of the sharp picture, an independent implementation.
@Suite struct LayerEffectsTests {
  /// A colour channel as the rasterizer's premultiplied byte at full coverage and
  /// opacity 1: `round(v · 255)`.
  static func byte(_ v: Double) -> Int { Int((v * 255).rounded()) }

  static func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * b.width + x) * 4
    return (0..<4).map { Int(b.pixels[i + $0]) }
  }

  @Test func overlappingAdditiveDiscsAddAndClamp() {
    let red = Color(r: 0.8, g: 0.4, b: 0.2)
    let green = Color(r: 0.6, g: 0.8, b: 0.2)
    var a = DrawItem(path: TestShapes.circle(20), transform: .translation(10, 10), fill: red)
    var b = DrawItem(path: TestShapes.circle(20), transform: .translation(30, 10), fill: green)
    a.additive = true
    b.additive = true
    let drawing = Drawing(width: 80, height: 60, background: Color(r: 0, g: 0, b: 0.4), items: [a, b])
    let bitmap = Rasterizer().render(drawing, width: 80, height: 60)
    let bg = [0, 0, Self.byte(0.4), 255]
    let r = [Self.byte(0.8), Self.byte(0.4), Self.byte(0.2), 255]
    let g = [Self.byte(0.6), Self.byte(0.8), Self.byte(0.2), 255]
    func add(_ x: [Int], _ y: [Int]) -> [Int] { zip(x, y).map { min(255, $0 + $1) } }
    // Inside the first disc only, the second only, and both (the discs' centres are 20
    // apart, each of radius 20; pixel centres well inside).
    #expect(Self.pixel(bitmap, 15, 30) == add(bg, r))
    #expect(Self.pixel(bitmap, 65, 30) == add(bg, g))
    #expect(Self.pixel(bitmap, 40, 30) == add(add(bg, r), g))
    // Past 1 in red and green: 204 + 153 and 102 + 204 clamp to 255.
    #expect(Self.pixel(bitmap, 40, 30) == [255, 255, min(255, Self.byte(0.4) + 2 * Self.byte(0.2)), 255])
    #expect(Self.pixel(bitmap, 2, 2) == bg)
  }

  @Test func additiveTranslucentDiscAddsItsPremultipliedColour() {
    var item = DrawItem(
      path: TestShapes.circle(10), transform: .translation(5, 5), fill: Color(r: 1, g: 0.5, b: 0, a: 0.5), opacity: 0.5)
    item.additive = true
    let drawing = Drawing(width: 30, height: 30, background: Color(r: 0.2, g: 0.2, b: 0.2), items: [item])
    let bitmap = Rasterizer().render(drawing, width: 30, height: 30)
    // Alpha 0.5 · opacity 0.5 = 0.25: premultiplied (0.25, 0.125, 0, 0.25).
    let src = [Self.byte(0.25), Self.byte(0.125), 0, Self.byte(0.25)]
    let bg = [Self.byte(0.2), Self.byte(0.2), Self.byte(0.2), 255]
    #expect(Self.pixel(bitmap, 15, 15) == zip(bg, src).map { min(255, $0 + $1) })
  }

  /// Over a transparent canvas, adding is going over: the layer path gives the bytes
  /// the direct path gives, edges included.
  @Test func additiveOverNothingIsTheUsualDrawing() {
    let plain = DrawItem(
      path: TestShapes.heart(40, 36), transform: AffineTransform(a: 1.3, b: 0.2, c: -0.1, d: 0.9, tx: 7, ty: 5),
      fill: Color(r: 0.9, g: 0.3, b: 0.5, a: 0.8), stroke: .white, lineWidth: 3, opacity: 0.7)
    var additive = plain
    additive.additive = true
    let r = Rasterizer()
    let a = r.render(Drawing(width: 64, height: 56, items: [plain]), width: 128, height: 112)
    let b = r.render(Drawing(width: 64, height: 56, items: [additive]), width: 128, height: 112)
    let same = a == b
    #expect(same)
  }

  /// A white disc blurred by σ = 3 points at 2 pixels per point, against Pillow's
  /// Gaussian blur of radius 6 pixels (its standard deviation) of the sharp disc.
  @Test func blurredDiscMatchesPillow() throws {
    // Centre (24, 24) points, (48, 48) pixels; radius 24 pixels; σ 6 pixels.
    let sharp = DrawItem(path: TestShapes.circle(12), transform: .translation(12, 12), fill: .white)
    var soft = sharp
    soft.blur = 3
    let r = Rasterizer()
    let size = 96
    let a = r.render(Drawing(width: 48, height: 48, background: .black, items: [sharp]), width: size, height: size)
    let b = r.render(Drawing(width: 48, height: 48, background: .black, items: [soft]), width: size, height: size)
    // On the edge about half the light; 2σ outside it some (Φ(−2) ≈ 2 %), none before.
    #expect((110...145).contains(Self.pixel(b, 48, 24)[1]))
    #expect(Self.pixel(b, 48, 12)[1] > 0)
    #expect(Self.pixel(a, 48, 12)[1] == 0)
    let script = """
      import sys
      from PIL import Image, ImageFilter
      img = Image.frombytes('RGBA', (\(size), \(size)), open(sys.argv[2], 'rb').read()).convert('RGB')
      out = img.filter(ImageFilter.GaussianBlur(radius=6)).convert('RGBA')
      open(sys.argv[1], 'wb').write(out.tobytes())
      """
    let pillow = try PythonDecoder.run(script, inputs: [a.pixels]).bytes
    try #require(pillow.count == b.pixels.count)
    let psnr = ReferenceRenderer.psnr(b.pixels, pillow)
    #expect(psnr >= 40, "PSNR \(psnr) dB against Pillow")
    // And the blur does something: far from the sharp disc.
    #expect(ReferenceRenderer.psnr(a.pixels, pillow) < 30)
  }

  /// The layer is left transparent after each item, edges of the canvas included: a
  /// blurred shape half off the canvas, then an additive one elsewhere, draw the same
  /// bytes each time, and the additive one alone adds only its own colour.
  @Test func theLayerIsClearedAfterEachItem() {
    var blurred = DrawItem(path: TestShapes.circle(10), transform: .translation(-8, 4), fill: .white)
    blurred.blur = 1.5
    var added = DrawItem(path: TestShapes.circle(6), transform: .translation(30, 10), fill: Color(r: 0, g: 0.4, b: 0))
    added.additive = true
    let drawing = Drawing(width: 48, height: 32, background: .black, items: [blurred, added])
    let r = Rasterizer()
    let first = r.render(drawing, width: 96, height: 64)
    let second = r.render(drawing, width: 96, height: 64)
    // Compared as Bools: a failure prints no bitmaps.
    let again = first == second
    let fresh = first == Rasterizer().render(drawing, width: 96, height: 64)
    #expect(again && fresh)
    // The additive disc's centre (36, 16) points: black plus its green, no leftover white.
    #expect(Self.pixel(first, 72, 32) == [0, Self.byte(0.4), 0, 255])
  }

  /// The kernel reaches at least ±3σ and sums to 1.
  @Test func kernelCoversThreeSigma() {
    for sigma in [0.4, 1.0, 2.5, 7.3] {
      let k = GaussianBlur.kernel(sigma)
      #expect(k.count / 2 >= Int((3 * sigma).rounded(.up)))
      #expect(abs(k.reduce(0, +) - 1) < 1e-5)
      #expect(k == k.reversed())
    }
    #expect(GaussianBlur.kernel(0) == [1])
    #expect(GaussianBlur.kernel(.nan) == [1])
  }
}
