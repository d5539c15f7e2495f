import AnimJSON
import AnimMath

extension SVGWriter {
  /// An image item (§12.3): the PNG file's own bytes as a data URI, drawn in the item's
  /// box under its matrix and opacity. The box is a nested `<svg>` viewport whose
  /// `viewBox` is the contentsRect in image pixels, so the part outside it is clipped and
  /// the part inside stretched over the box, as Core Animation's `contentsRect` does.
  /// (A replicator copy's tint is not expressed: SVG has no plain way to multiply an
  /// image's channels that renderers agree on.)
  static func imageElement(_ image: DrawImage, _ item: DrawItem, _ out: inout String) {
    let opacity = item.effectiveOpacity
    let m = item.transform
    guard opacity > 0, [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite), image.width > 0, image.height > 0
    else { return }
    let iw = Double(image.asset.image.width)
    let ih = Double(image.asset.image.height)
    let r = image.contentsRect
    let view = [r.x * iw, r.y * ih, r.width * iw, r.height * ih]
    guard view.allSatisfy(\.isFinite), view[2] > 0, view[3] > 0 else { return }
    let matrix = [m.a, m.b, m.c, m.d, m.tx, m.ty].map(SVGNumber.format).joined(separator: " ")
    out += "<g transform=\"matrix(\(matrix))\""
    if opacity < 1 { out += " opacity=\"\(SVGNumber.format(opacity))\"" }
    out += ">\n"
    out +=
      "<svg x=\"0\" y=\"0\" width=\"\(SVGNumber.format(image.width))\" height=\"\(SVGNumber.format(image.height))\""
    out += " viewBox=\"\(view.map(SVGNumber.format).joined(separator: " "))\" preserveAspectRatio=\"none\""
    out += " overflow=\"hidden\">\n"
    // A replicator copy's tint multiplies the picture's straight channels and alpha, as
    // it does a colour (§12.3): a colour matrix, in sRGB as the rasterizer computes it.
    var filter = ""
    if let t = item.tint, t != .white {
      let id = "tint\(out.utf8.count)"
      let k = [t.r, t.g, t.b, t.a].map { SVGNumber.format(clampUnit($0)) }
      out += "<filter id=\"\(id)\" color-interpolation-filters=\"sRGB\"><feColorMatrix type=\"matrix\""
      out += " values=\"\(k[0]) 0 0 0 0 0 \(k[1]) 0 0 0 0 0 \(k[2]) 0 0 0 0 0 \(k[3]) 0\"/></filter>\n"
      filter = " filter=\"url(#\(id))\""
    }
    out += "<image\(filter) xmlns:xlink=\"http://www.w3.org/1999/xlink\" x=\"0\" y=\"0\""
    out += " width=\"\(SVGNumber.format(iw))\" height=\"\(SVGNumber.format(ih))\" preserveAspectRatio=\"none\""
    out += " xlink:href=\"data:image/png;base64,"
    out += Base64.encode(image.asset.fileBytes)
    out += "\"/>\n</svg>\n</g>\n"
  }
}
