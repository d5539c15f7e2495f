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
    guard opacity > 0, fill != nil || stroke != nil,
      let tol = ProjectedGeometry.localTolerance(item.path, h, pixels: projectedTolerance)
    else { return }
    var local = Polylines()
    guard PathFlattener.flatten(item.path, tolerance: tol, into: &local) else { return }
    var body = ""
    if let fill, let d = projectedData(local, h) {
      body += "<path d=\"\(d)\"\(paint("fill", fill))/>\n"
    }
    if let stroke {
      var lines = local
      if !StrokeTrimmer.keepsAll(start: item.strokeStart, end: item.strokeEnd) {
        lines = Polylines()
        StrokeTrimmer.trim(local, start: item.strokeStart, end: item.strokeEnd, into: &lines)
      }
      var pieces = Polylines()
      var scratch: [Point] = []
      Stroker.stroke(lines, width: item.lineWidth, into: &pieces, scratch: &scratch)
      if let d = projectedData(pieces, h) { body += "<path d=\"\(d)\"\(paint("fill", stroke))/>\n" }
    }
    guard !body.isEmpty else { return }
    if opacity < 1 {
      out += "<g opacity=\"\(SVGNumber.format(opacity))\">\n\(body)</g>\n"
    } else {
      out += body
    }
  }

  /// Path data of `polygons` projected through `h` and clipped to W > 0; nil when
  /// nothing is left in front of the eye or a coordinate is not finite.
  static func projectedData(_ polygons: Polylines, _ h: Homography) -> String? {
    var projected = Polylines()
    guard ProjectedGeometry.project(polygons, h, into: &projected, width: 0, height: 0) != nil,
      !projected.runs.isEmpty
    else { return nil }
    var d = ""
    for run in projected.runs {
      for i in run.start..<run.start + run.count {
        let p = projected.points[i]
        d += i == run.start ? "M" : "L"
        d += "\(SVGNumber.format(p.x)) \(SVGNumber.format(p.y))"
      }
      d += "Z"
    }
    return d
  }
}
