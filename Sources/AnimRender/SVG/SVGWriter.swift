import AnimMath

/// Writes one `Drawing` as a standalone SVG document that any SVG renderer draws the
/// same way the rasterizer does: per item a `<path>` in its local box with
/// `transform="matrix(…)"`, tint multiplied into the colours, opacity as element (group)
/// opacity, Core Animation's miter limit of 10, and `strokeStart…strokeEnd` expressed as
/// one dash (`stroke-dasharray` and `stroke-dashoffset`, in user units).
package enum SVGWriter {
  /// The SVG document for `drawing`. The `viewBox` is the drawing in points; `width` and
  /// `height` are `pixelWidth × pixelHeight` (default: the point size), scaled per axis.
  package static func document(_ drawing: Drawing, pixelWidth: Int? = nil, pixelHeight: Int? = nil)
    -> String
  {
    let w = SVGNumber.format(drawing.width)
    let h = SVGNumber.format(drawing.height)
    let pw = pixelWidth.map { String(max(0, $0)) } ?? w
    let ph = pixelHeight.map { String(max(0, $0)) } ?? h
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(pw)\" height=\"\(ph)\""
    out += " viewBox=\"0 0 \(w) \(h)\" preserveAspectRatio=\"none\">\n"
    out +=
      "<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\"\(paint("fill", drawing.background))/>\n"
    // Pixels per point, for the pictures of 3-D items SVG cannot draw (`embeddedElement`).
    let scale = (
      x: Double(pixelWidth ?? Int(drawing.width.rounded())) / max(drawing.width, 1e-9),
      y: Double(pixelHeight ?? Int(drawing.height.rounded())) / max(drawing.height, 1e-9)
    )
    for (index, item) in drawing.items.enumerated() {
      if item.hasEffects {
        effectsElement(item, index: index, scene: (drawing.width, drawing.height), &out)
      } else if let projection = item.projection, !canWriteAsVector(item) {
        embeddedElement(item, projection, scale: scale, scene: (drawing.width, drawing.height), &out)
      } else {
        element(item, &out)
      }
    }
    out += "</svg>\n"
    return out
  }

  /// One item: a single `<path>`, or a `<g>` holding the fill and one stroke path per
  /// subpath when a trimmed stroke spans several subpaths (SVG restarts dashes at each
  /// subpath, so each needs its own dash).
  static func element(_ item: DrawItem, _ out: inout String) {
    if let projection = item.projection { return projectedElement(item, projection, &out) }
    if let image = item.image { return imageElement(image, item, &out) }
    let opacity = item.effectiveOpacity
    let m = item.transform
    guard opacity > 0, [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite) else { return }
    let fill = item.effectiveFill.flatMap { $0.a > 0 ? $0 : nil }
    var stroke = item.effectiveStroke.flatMap { $0.a > 0 ? $0 : nil }
    if !(item.lineWidth > 0 && item.lineWidth.isFinite) { stroke = nil }
    guard fill != nil || stroke != nil else { return }

    let matrix = [m.a, m.b, m.c, m.d, m.tx, m.ty].map(SVGNumber.format).joined(separator: " ")
    var group = " transform=\"matrix(\(matrix))\""
    if opacity < 1 { group += " opacity=\"\(SVGNumber.format(opacity))\"" }
    var fillAttr = fill.map { paint("fill", $0) } ?? " fill=\"none\""
    if fill != nil, let g = item.gradients?.fill { fillAttr = gradientPaint("fill", g, tint: item.tint, &out) }

    guard let stroke else {
      out += "<path d=\"\(SVGPathData.string(item.path))\"\(group)\(fillAttr)/>\n"
      return
    }
    var strokeAttr =
      item.gradients?.stroke.map { gradientPaint("stroke", $0, tint: item.tint, &out) }
      ?? paint("stroke", stroke)
    strokeAttr += " stroke-width=\"\(SVGNumber.format(item.lineWidth))\" stroke-miterlimit=\"10\""
    if StrokeTrimmer.keepsAll(start: item.strokeStart, end: item.strokeEnd) {
      out += "<path d=\"\(SVGPathData.string(item.path))\"\(group)\(fillAttr)\(strokeAttr)/>\n"
      return
    }
    let pieces = trimmedPieces(item)
    if pieces.count == 1, SVGPathData.subpaths(item.path).count == 1, let piece = pieces.first {
      out +=
        "<path d=\"\(SVGPathData.string(item.path))\"\(group)\(fillAttr)\(strokeAttr)\(piece.dash)/>\n"
      return
    }
    out += "<g\(group)>\n"
    if fill != nil { out += "<path d=\"\(SVGPathData.string(item.path))\"\(fillAttr)/>\n" }
    for piece in pieces {
      out +=
        "<path d=\"\(SVGPathData.string(piece.path))\" fill=\"none\"\(strokeAttr)\(piece.dash)/>\n"
    }
    out += "</g>\n"
  }

  /// The subpaths a trimmed stroke touches, each with the dash attributes that keep its
  /// share of `strokeStart…strokeEnd`, measured on the true outline.
  static func trimmedPieces(_ item: DrawItem) -> [(path: Path, dash: String)] {
    let s = clampUnit(item.strokeStart)
    let e = clampUnit(item.strokeEnd)
    guard s < e else { return [] }
    let subpaths = SVGPathData.subpaths(item.path)
    let lengths = subpaths.map(SVGPathData.length(ofSubpath:))
    let total = lengths.reduce(0, +)
    guard total > 0, total.isFinite else { return [] }
    var result: [(path: Path, dash: String)] = []
    var offset = 0.0
    for (sub, len) in zip(subpaths, lengths) {
      defer { offset += len }
      let a = max(s * total, offset)
      let b = min(e * total, offset + len)
      guard b > a, len > 0 else { continue }
      if a <= offset && b >= offset + len {
        result.append((sub, ""))
        continue
      }
      // One dash of the kept length, shifted to begin at the kept start; a gap longer
      // than the subpath guarantees no second dash appears. Lengths are in user units
      // rather than `pathLength="1"` fractions: librsvg (2.54) ignores `pathLength`.
      let gap = SVGNumber.format((2 * len + 1).rounded(.up))
      let dash =
        " stroke-dasharray=\"\(SVGNumber.format(b - a)) \(gap)\""
        + " stroke-dashoffset=\"\(SVGNumber.format(offset - a))\""
      result.append((sub, dash))
    }
    return result
  }

  /// ` fill="#RRGGBB"` (or stroke), plus `-opacity` when the colour is translucent.
  static func paint(_ attribute: String, _ c: Color) -> String {
    let hex = c.hex
    var s = " \(attribute)=\"\(hex.prefix(7))\""
    let a = clampUnit(c.a)
    if a < 1 { s += " \(attribute)-opacity=\"\(SVGNumber.format(a))\"" }
    return s
  }
}
