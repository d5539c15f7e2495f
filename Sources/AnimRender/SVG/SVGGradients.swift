import AnimMath

/// Gradient paints in SVG output (§12.2): a `<linearGradient>` or `<radialGradient>` in
/// `gradientUnits="userSpaceOnUse"`, referenced by `url(#id)` from `fill` or `stroke`.
///
/// The path that uses it is written in its shape's box with the item's matrix as its
/// `transform`, and user space of a referencing element includes that transform, so the
/// gradient's coordinates are box points as they are: it follows the shape as the
/// rasterizer's does. An ellipse of radii (rx, ry) is the unit circle under
/// `gradientTransform="matrix(rx 0 0 ry cx cy)"`. A tint multiplies each stop, which is
/// the same as multiplying the interpolated colour: both are linear per channel.
extension SVGWriter {
  /// Appends the gradient's definition to `out` and returns the paint attribute
  /// (` fill="url(#…)"`) that refers to it. A radial gradient with a zero radius paints
  /// its last colour, as SVG and the rasterizer do.
  static func gradientPaint(_ attribute: String, _ g: Gradient, tint: Color?, _ out: inout String) -> String {
    func tinted(_ c: Color) -> Color {
      guard let t = tint else { return c }
      return Color(
        r: clampUnit(c.r * t.r), g: clampUnit(c.g * t.g), b: clampUnit(c.b * t.b), a: clampUnit(c.a * t.a))
    }
    guard let last = g.stops.last else { return " \(attribute)=\"none\"" }
    // Unique in the document: the document only grows.
    let id = "gradient\(out.utf8.count)"
    let f = SVGNumber.format
    switch g.geometry {
    case .linear(let s, let e):
      out += "<defs><linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\""
      out += " x1=\"\(f(s.x))\" y1=\"\(f(s.y))\" x2=\"\(f(e.x))\" y2=\"\(f(e.y))\">"
    case .radial(let c, let r):
      guard r.x > 0, r.y > 0, r.x.isFinite, r.y.isFinite else { return paint(attribute, tinted(last.color)) }
      out += "<defs><radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\""
      out += " gradientTransform=\"matrix(\(f(r.x)) 0 0 \(f(r.y)) \(f(c.x)) \(f(c.y)))\">"
    }
    for stop in g.stops {
      let c = tinted(stop.color)
      out += "<stop offset=\"\(f(stop.location))\" stop-color=\"\(c.hex.prefix(7))\""
      let a = clampUnit(c.a)
      if a < 1 { out += " stop-opacity=\"\(f(a))\"" }
      out += "/>"
    }
    switch g.geometry {
    case .linear: out += "</linearGradient></defs>\n"
    case .radial: out += "</radialGradient></defs>\n"
    }
    return " \(attribute)=\"url(#\(id))\""
  }
}
