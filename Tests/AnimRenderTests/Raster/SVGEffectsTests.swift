import AnimMath
import Foundation
import Testing

@testable import AnimRender

/// §15's `blend` and `blur` in SVG: an untransformed `<g>` with `mix-blend-mode:
/// plus-lighter` and a `feGaussianBlur` filter whose region reaches 3R beyond the item's
/// bounds; librsvg draws the blur as the rasterizer does.
@Suite("SVG blend and blur", .serialized)
struct SVGEffectsTests {
  @Test func groupCarriesTheFilterAndTheBlendMode() {
    // A circle of radius 10 (box 0…20) moved to (20, 30): bounds 20…40 × 30…50.
    var item = DrawItem(path: TestShapes.circle(10), transform: .translation(20, 30), fill: .white)
    item.additive = true
    item.blur = 2
    let svg = SVGWriter.document(Drawing(width: 100, height: 100, items: [item]))
    // Region: 3 · 2 = 6 beyond each side.
    #expect(
      svg.contains(
        "<filter id=\"blur0\" filterUnits=\"userSpaceOnUse\" x=\"14\" y=\"24\" width=\"32\" height=\"32\">"
          + "<feGaussianBlur stdDeviation=\"2\"/></filter>"))
    #expect(svg.contains("<g filter=\"url(#blur0)\" style=\"mix-blend-mode: plus-lighter\">\n<path "))
    #expect(svg.contains("transform=\"matrix(1 0 0 1 20 30)\""))
  }

  @Test func plainItemsAreNotWrapped() {
    let item = DrawItem(path: TestShapes.circle(10), transform: .translation(20, 30), fill: .white)
    let svg = SVGWriter.document(Drawing(width: 100, height: 100, items: [item]))
    #expect(!svg.contains("<g"))
    #expect(!svg.contains("filter"))
    var additive = item
    additive.additive = true
    let blended = SVGWriter.document(Drawing(width: 100, height: 100, items: [additive]))
    #expect(blended.contains("<g style=\"mix-blend-mode: plus-lighter\">"))
    #expect(!blended.contains("filter"))
  }

  @Test func strokeWidensTheRegion() {
    var item = DrawItem(
      path: TestShapes.circle(10), transform: .scale(2, 2), fill: .white, stroke: .white, lineWidth: 4)
    item.blur = 1
    let svg = SVGWriter.document(Drawing(width: 100, height: 100, items: [item]))
    // Bounds 0…40, grown by half the width (2) times the scale (2): −4…44; then 3.
    #expect(svg.contains("x=\"-7\" y=\"-7\" width=\"54\" height=\"54\""))
  }

  /// librsvg's blur of the SVG against the rasterizer's (σ = 2.5 points, 2 px per point).
  @Test func rsvgDrawsTheBlurAsTheRasterizerDoes() throws {
    var item = DrawItem(
      path: TestShapes.circle(12), transform: .translation(12, 12), fill: Color(r: 1, g: 0.6, b: 0.2))
    item.blur = 2.5
    let drawing = Drawing(width: 48, height: 48, background: .black, items: [item])
    let ours = Rasterizer().render(drawing, width: 96, height: 96)
    let svg = SVGWriter.document(drawing, pixelWidth: 96, pixelHeight: 96)
    let theirs = try ReferenceRenderer.render(svg: svg, name: "blur-disc", width: 96, height: 96)
    let psnr = ReferenceRenderer.psnr(ours.pixels, theirs)
    #expect(psnr >= 35, "PSNR \(psnr) dB")
  }
}
