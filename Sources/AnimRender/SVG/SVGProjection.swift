import AnimMath

// SVG output of 3-D items (§12.1): SVG has no perspective, so a 3-D node's fill and its
// stroke's outline are written already projected, as polygons in scene coordinates.

extension SVGWriter {
  /// How far the projected outlines may stray from the true ones, in points (§12.1).
  static let projectedTolerance = 0.1

  /// Whether `item` can be written as vector paths: a 2-D item always, a 3-D item when
  /// it paints plain colours (which projected outlines carry). An item that cannot must
  /// be embedded as a picture of it drawn by the rasterizer.
  public static func canWriteAsVector(_ item: DrawItem) -> Bool {
    // Every paint is a plain colour today; a paint SVG cannot warp joins here.
    true
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
