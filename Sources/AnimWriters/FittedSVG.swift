import AnimModel
import AnimRender

/// A fitted scene as SVG (`render --width W --height H -o OUT.svg`): a picture-sized
/// document holding the background, and in it the scene's own document as a nested
/// `<svg>` at its `ScenePlacement` rectangle.
///
/// A nested `<svg>` clips what it holds to its rectangle, as the rasterizer's bars do,
/// and maps the scene's `viewBox` onto whole pixels, so an SVG renderer draws the same
/// picture as the PNG. The background is painted once, by the outer document: the
/// nested one gets a clear one, or a translucent background would be painted twice
/// over the scene.
enum FittedSVG {
  /// The document, or nil when `SVGWriter`'s output does not have the shape this relies
  /// on (one root `<svg …>` ending the text with `</svg>`), so the caller falls back to
  /// the stretched picture rather than writing a broken one.
  static func document(_ drawing: Drawing, _ place: ScenePlacement, pixelWidth: Int, pixelHeight: Int) -> String? {
    let frame = Drawing(
      width: Double(pixelWidth), height: Double(pixelHeight), background: drawing.background, items: [])
    let outer = SVGWriter.document(frame, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    var scene = drawing
    scene.background = .clear
    let inner = SVGWriter.document(scene, pixelWidth: place.width, pixelHeight: place.height)
    let close = "</svg>\n"
    guard outer.hasSuffix(close), inner.hasPrefix("<svg ") else { return nil }
    let nested = "<svg x=\"\(place.x)\" y=\"\(place.y)\" " + inner.dropFirst("<svg ".count)
    return outer.dropLast(close.count) + nested + close
  }
}
