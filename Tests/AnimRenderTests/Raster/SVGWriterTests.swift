import AnimMath
import Testing

@testable import AnimRender

@Suite("SVG writer")
struct SVGWriterTests {
  @Test func numbersAreCompact() {
    let cases: [(Double, String)] = [
      (0, "0"), (-0.0, "0"), (1.5, "1.5"), (-2.25, "-2.25"), (1e-7, "0"), (-4e-7, "0"),
      (123456.1234567, "123456.123457"), (0.000001, "0.000001"), (1e20, "1000000000000"),
      (.nan, "0"), (.infinity, "0"), (36, "36"), (0.1 + 0.2, "0.3"),
    ]
    for (value, text) in cases { #expect(SVGNumber.format(value) == text, "\(value)") }
  }

  @Test func heartPathDataMatchesTheDumpExample() {
    #expect(
      SVGPathData.string(TestShapes.heart(36, 36))
        == "M 18 32 Q 4 22 4 15 A 7 7 0 0 1 18 15 A 7 7 0 0 1 32 15 Q 32 22 18 32 Z")
  }

  @Test func arcsAreSplitIntoHalvesAtMost() {
    #expect(
      SVGPathData.string(TestShapes.circle(10))
        == "M 20 10 A 10 10 0 0 1 0 10 A 10 10 0 0 1 20 10 Z")
    // 270° counter-clockwise from 0°: two 135° pieces, sweep flag 0.
    let arc = Path([
      .move(to: Point(0, 0)),
      .arc(Arc(center: Point(0, 0), radius: 2, start: 0, end: .pi / 2, clockwise: false)),
    ])
    let d = SVGPathData.string(arc)
    #expect(d.hasPrefix("M 0 0 L 2 0 A 2 2 0 0 0 "))
    #expect(d.components(separatedBy: " A ").count == 3)
    #expect(d.hasSuffix("0 2"))
  }

  @Test func documentCarriesTransformColoursAndOpacity() {
    let item = DrawItem(
      path: TestShapes.rect(0, 0, 10, 10),
      transform: AffineTransform(a: 1, b: 0.5, c: -0.5, d: 1, tx: 3.25, ty: -4),
      fill: Color(r: 1, g: 0.5, b: 0, a: 0.5), stroke: .white, lineWidth: 2, opacity: 0.75,
      tint: Color(r: 0.5, g: 1, b: 1, a: 1))
    let svg = SVGWriter.document(
      Drawing(width: 100, height: 50, background: .black, items: [item]), pixelWidth: 200,
      pixelHeight: 100)
    #expect(
      svg.hasPrefix(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"100\" viewBox=\"0 0 100 50\""
      ))
    #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"100\" height=\"50\" fill=\"#000000\"/>"))
    #expect(svg.contains("transform=\"matrix(1 0.5 -0.5 1 3.25 -4)\""))
    #expect(svg.contains("opacity=\"0.75\""))
    #expect(svg.contains("fill=\"#808000\" fill-opacity=\"0.5\""))  // tinted red halves
    #expect(svg.contains("stroke=\"#80FFFF\" stroke-width=\"2\" stroke-miterlimit=\"10\""))
    #expect(svg.hasSuffix("</svg>\n"))
  }

  @Test func trimmedStrokesBecomeOneDash() {
    var item = DrawItem(
      path: TestShapes.circle(10), fill: nil, stroke: .black, strokeStart: 0.25, strokeEnd: 0.75)
    var svg = SVGWriter.document(Drawing(width: 20, height: 20, items: [item]))
    // Circumference 20π ≈ 62.831853: a dash of half of it, starting a quarter round.
    #expect(svg.contains("stroke-dasharray=\"31.415927 127\" stroke-dashoffset=\"-15.707963\""))
    // Two equal subpaths, keeping the first half: the second is not drawn at all.
    var two = TestShapes.rect(0, 0, 4, 4)
    two.segments += TestShapes.rect(10, 0, 4, 4).segments
    item = DrawItem(path: two, stroke: .black, strokeEnd: 0.5)
    svg = SVGWriter.document(Drawing(width: 20, height: 20, items: [item]))
    #expect(svg.contains("<g transform="))
    #expect(svg.components(separatedBy: "<path").count == 3)  // the fill and one stroke
    item.strokeEnd = 0.75
    svg = SVGWriter.document(Drawing(width: 20, height: 20, items: [item]))
    #expect(svg.contains("stroke-dasharray=\"8 33\" stroke-dashoffset=\"0\""))
  }

  @Test func invisibleItemsAreLeftOut() {
    let items = [
      DrawItem(path: TestShapes.circle(3), opacity: 0),
      DrawItem(path: TestShapes.circle(3), fill: nil),
      DrawItem(path: TestShapes.circle(3), fill: .clear, stroke: .black, lineWidth: 0),
      DrawItem(path: TestShapes.circle(3), transform: .scale(.nan, 1)),
    ]
    let svg = SVGWriter.document(Drawing(width: 8, height: 8, items: items))
    #expect(!svg.contains("<path"))
  }
}
