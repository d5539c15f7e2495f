import AnimJSON
import AnimMath

// SVG output of 3-D items (§12.1): SVG has no perspective, so a 3-D node's fill and its
// stroke's outline are written already projected, as polygons in scene coordinates.

extension SVGWriter {
  /// How far the projected outlines may stray from the true ones, in points (§12.1).
  static let projectedTolerance = 0.1

  /// Whether `item` can be written as vector paths: a 2-D item always, a 3-D item when
  /// it paints plain colours (which projected outlines carry), not a gradient or an image. An item that cannot must
  /// be embedded as a picture of it drawn by the rasterizer.
  package static func canWriteAsVector(_ item: DrawItem) -> Bool {
    item.projection == nil || (item.gradients == nil && item.image == nil)
  }

  /// A 3-D item whose paint SVG cannot warp (§12.1): a PNG of it, drawn by the
  /// rasterizer, over the part of the scene its outline covers, at `scale` pixels a point
  /// on a grid aligned with the document's pixels, so a renderer copies pixels 1:1.
  static func embeddedElement(
    _ item: DrawItem, _ h: Homography, scale: (x: Double, y: Double), scene: (width: Double, height: Double),
    _ out: inout String
  ) {
    var polygons = ProjectedOutline.fill(item.path, h, tolerance: projectedTolerance)
    if item.image == nil, item.lineWidth > 0, item.lineWidth.isFinite {
      polygons += ProjectedOutline.stroke(
        item.path, h, lineWidth: item.lineWidth, strokeStart: 0, strokeEnd: 1, tolerance: projectedTolerance)
    }
    let points = polygons.joined()
    guard scale.x > 0, scale.y > 0, let first = points.first else { return }
    var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
    for p in points {
      x0 = min(x0, p.x)
      y0 = min(y0, p.y)
      x1 = max(x1, p.x)
      y1 = max(y1, p.y)
    }
    // Whole pixels, inside the scene.
    let px0 = max(0, (x0 * scale.x).rounded(.down))
    let py0 = max(0, (y0 * scale.y).rounded(.down))
    let px1 = min((scene.width * scale.x).rounded(.up), (x1 * scale.x).rounded(.up))
    let py1 = min((scene.height * scale.y).rounded(.up), (y1 * scale.y).rounded(.up))
    guard px1 > px0, py1 > py0, px1 - px0 <= 16384, py1 - py0 <= 16384 else { return }
    let (pw, ph) = (Int(px1 - px0), Int(py1 - py0))
    let origin = Point(px0 / scale.x, py0 / scale.y)
    var shifted = item
    shifted.projection = AffineTransform.translation(-origin.x, -origin.y) * h
    let piece = Drawing(width: Double(pw) / scale.x, height: Double(ph) / scale.y, items: [shifted])
    guard let png = try? PNGEncoder.encode(Rasterizer().render(piece, width: pw, height: ph)) else { return }
    out += "<image x=\"\(SVGNumber.format(origin.x))\" y=\"\(SVGNumber.format(origin.y))\""
    out += " width=\"\(SVGNumber.format(piece.width))\" height=\"\(SVGNumber.format(piece.height))\""
    out += " preserveAspectRatio=\"none\" href=\"data:image/png;base64,\(Base64.encode(png))\"/>\n"
  }

  /// A 3-D item: the fill's polygons and the stroke's outline (made in the box at
  /// `lineWidth`, then projected, as the rasterizer does), clipped to W > 0, non-zero
  /// filled, in a group carrying the opacity so that they fade as one layer.
  static func projectedElement(_ item: DrawItem, _ h: Homography, _ out: inout String) {
    let opacity = item.effectiveOpacity
    let fill = item.effectiveFill.flatMap { $0.a > 0 ? $0 : nil }
    var stroke = item.effectiveStroke.flatMap { $0.a > 0 ? $0 : nil }
    if !(item.lineWidth > 0 && item.lineWidth.isFinite) { stroke = nil }
    guard opacity > 0, fill != nil || stroke != nil else { return }
    let tol = projectedTolerance
    var body = ""
    if let fill, let d = pathData(ProjectedOutline.fill(item.path, h, tolerance: tol)) {
      body += "<path d=\"\(d)\"\(paint("fill", fill))/>\n"
    }
    if let stroke {
      let outline = ProjectedOutline.stroke(
        item.path, h, lineWidth: item.lineWidth, strokeStart: item.strokeStart, strokeEnd: item.strokeEnd,
        tolerance: tol)
      if let d = pathData(outline) { body += "<path d=\"\(d)\"\(paint("fill", stroke))/>\n" }
    }
    guard !body.isEmpty else { return }
    if opacity < 1 {
      out += "<g opacity=\"\(SVGNumber.format(opacity))\">\n\(body)</g>\n"
    } else {
      out += body
    }
  }

  /// Path data of closed polygons; nil when there are none.
  static func pathData(_ polygons: [[Point]]) -> String? {
    guard !polygons.isEmpty else { return nil }
    var d = ""
    for polygon in polygons {
      for (i, p) in polygon.enumerated() {
        d += i == 0 ? "M" : "L"
        d += "\(SVGNumber.format(p.x)) \(SVGNumber.format(p.y))"
      }
      d += "Z"
    }
    return d
  }
}
