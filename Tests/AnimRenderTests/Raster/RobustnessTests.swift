import AnimMath
import Testing

@testable import AnimRender

@Suite("Raster robustness")
struct RobustnessTests {
  let background = Color(r: 0.2, g: 0.4, b: 0.6)

  func render(_ items: [DrawItem], width: Int = 32, height: Int = 32) -> Bitmap {
    Rasterizer().render(
      Drawing(width: 32, height: 32, background: background, items: items), width: width,
      height: height)
  }

  func isBackground(_ b: Bitmap) -> Bool {
    let (r, g, bl, a) = background.rgba8
    return stride(from: 0, to: b.pixels.count, by: 4).allSatisfy {
      b.pixels[$0] == r && b.pixels[$0 + 1] == g && b.pixels[$0 + 2] == bl && b.pixels[$0 + 3] == a
    }
  }

  func stroked(_ path: Path, _ m: AffineTransform = .identity, width: Double = 2) -> DrawItem {
    DrawItem(path: path, transform: m, fill: .black, stroke: .white, lineWidth: width)
  }

  @Test func nonFiniteCoordinatesDrawNothing() {
    for bad in [Double.nan, .infinity, -.infinity] {
      let path = TestShapes.polygon([Point(1, 1), Point(bad, 5), Point(20, 20)])
      #expect(isBackground(render([stroked(path)])))
      // Segments built directly: PathBuilder asks `Arc.endPoint`, which loops on
      // non-finite angles (AnimMath's `Arc.sweep`); the rasterizer must not.
      let curves: [PathSegment] = [
        .move(to: Point(4, 4)), .quad(control: Point(bad, 0), to: Point(10, 10)),
        .cubic(c1: Point(1, 1), c2: Point(2, bad), to: Point(3, 3)),
        .arc(Arc(center: Point(16, 16), radius: bad, start: 0, end: 1)),
        .arc(Arc(center: Point(16, 16), radius: 4, start: bad, end: 1)),
        .arc(Arc(center: Point(16, 16), radius: 4, start: 0, end: bad, clockwise: false)),
      ]
      for segment in curves.dropFirst() {
        let path = Path([.move(to: Point(4, 4)), .line(to: Point(20, 4)), segment, .close])
        #expect(isBackground(render([stroked(path)])))
        _ = SVGWriter.document(Drawing(width: 32, height: 32, items: [stroked(path)]))
      }
      let m = AffineTransform(a: bad, b: 0, c: 0, d: 1, tx: 0, ty: 0)
      #expect(isBackground(render([stroked(TestShapes.rect(2, 2, 8, 8), m)])))
      #expect(isBackground(render([stroked(TestShapes.rect(2, 2, 8, 8), .translation(bad, 0))])))
      var item = stroked(TestShapes.rect(2, 2, 8, 8), width: bad)
      item.fill = nil
      item.opacity = bad.isNaN ? bad : 1
      _ = render([item])
      item.strokeStart = bad
      item.strokeEnd = -bad
      _ = render([item])
    }
  }

  @Test func hugeCoordinatesAndTransformsDoNotTrap() {
    let huge = TestShapes.polygon([Point(-1e300, -1e300), Point(1e300, -1e300), Point(0, 1e300)])
    let full = render([DrawItem(path: huge, fill: .white)])
    #expect(full.pixels[(16 * 32 + 16) * 4] == 255)
    _ = render([stroked(huge, width: 1e300)])
    _ = render([stroked(TestShapes.circle(5), .scale(1e200, 1e200))])
    _ = render([stroked(TestShapes.circle(5), .scale(1e-200, 1e-200))])
    _ = render([stroked(TestShapes.heart(36, 36), .scale(1e7, 1e7), width: 3)])
    _ = render([stroked(TestShapes.circle(1e12), .translation(-1e12, -1e12))])
    // Arcs with enormous angles must not spin looking for the sweep.
    let spin = Path([
      .arc(Arc(center: Point(16, 16), radius: 8, start: -1e300, end: 1e300, clockwise: false)),
      .arc(Arc(center: Point(16, 16), radius: 8, start: 1e300, end: -1e300)),
      .arc(Arc(center: Point(16, 16), radius: 1e300, start: 0, end: 6)), .close,
    ])
    _ = render([stroked(spin)])
    _ = SVGWriter.document(Drawing(width: 32, height: 32, items: [stroked(spin), stroked(huge)]))
  }

  @Test func degenerateTransformsAndPathsDrawNothing() {
    #expect(isBackground(render([stroked(TestShapes.rect(2, 2, 8, 8), .scale(0, 0))])))
    #expect(isBackground(render([stroked(Path())])))
    #expect(isBackground(render([stroked(Path([.move(to: Point(3, 3))]))])))
    #expect(isBackground(render([stroked(Path([.close, .close]))])))
    #expect(
      isBackground(
        render([stroked(Path([.move(to: Point(3, 3)), .line(to: Point(3, 3)), .close]))])))
    let dot = Path([.arc(Arc(center: Point(5, 5), radius: 0, start: 0, end: 7))])
    #expect(isBackground(render([stroked(dot)])))
    var item = stroked(TestShapes.rect(2, 2, 8, 8), width: 0)
    item.fill = nil
    #expect(isBackground(render([item])))
    // Commands with no current point start from the origin, as the SVG output does.
    let implicit = Path([
      .line(to: Point(20, 0)), .line(to: Point(20, 20)), .close, .line(to: Point(0, 20)),
    ])
    #expect(!isBackground(render([DrawItem(path: implicit)])))
  }

  @Test func emptyAndOddCanvasesDoNotTrap() {
    let items = [stroked(TestShapes.heart(36, 36))]
    #expect(render(items, width: 0, height: 0).pixels.isEmpty)
    #expect(render(items, width: 0, height: 10).pixels.isEmpty)
    #expect(render(items, width: -5, height: -5).pixels.isEmpty)
    #expect(render(items, width: 1, height: 1).pixels.count == 4)
    for size in [0.0, -3, .nan, .infinity] {
      let drawing = Drawing(width: size, height: 32, background: background, items: items)
      #expect(isBackground(Rasterizer().render(drawing, width: 8, height: 8)))
    }
    var bitmap = Bitmap(width: 4, height: 4)
    bitmap.pixels = []  // a caller may hand over a mismatched buffer
    Rasterizer().render(Drawing(width: 4, height: 4, items: items), into: &bitmap)
    #expect(bitmap.pixels.count == 64)
  }

  @Test func translucentBackgroundIsUnpremultiplied() {
    let drawing = Drawing(
      width: 4, height: 4, background: Color(r: 1, g: 0, b: 0, a: 0.5),
      items: [DrawItem(path: TestShapes.rect(0, 0, 2, 4), fill: Color(r: 0, g: 0, b: 1, a: 0.5))])
    let b = Rasterizer().render(drawing, width: 4, height: 4)
    // Left: blue 0.5 over red 0.5 → alpha 0.75, colour (0.25, 0, 0.5) / 0.75.
    let expected: [[Int]] = [[85, 0, 170, 191], [255, 0, 0, 128]]
    for (offset, want) in zip([0, 12], expected) {
      for k in 0..<4 {
        // 8-bit premultiplied storage rounds: within one level.
        #expect(abs(Int(b.pixels[offset + k]) - want[k]) <= 1, "pixel at \(offset), channel \(k)")
      }
    }
  }
}
