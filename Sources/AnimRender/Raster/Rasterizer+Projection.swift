import AnimMath

/// What drawing 3-D items needs besides the rasterizer's other scratch: the projected
/// fill and stroke polygons, whose runs differ from the flat ones once clipped.
struct ProjectionScratch {
  var fill = Polylines()
  var stroke = Polylines()
}

extension Rasterizer {
  /// Draws a 3-D item (§12.1) through `h`, its box-to-pixels projection: the outline is
  /// flattened and stroked in the box (the stroke's outline at `lineWidth`, as Core
  /// Animation makes it), then every polygon is clipped to W > 0 and projected. Both
  /// faces are drawn: coverage takes the winding's magnitude, whichever way it turns.
  func drawProjected(_ item: DrawItem, _ h: Homography, _ canvas: PixelCanvas) {
    let (width, height) = (canvas.width, canvas.height)
    let opacity = item.effectiveOpacity
    guard opacity > 0, let tol = ProjectedGeometry.localTolerance(item.path, h, pixels: tolerance) else { return }
    let fill = item.effectiveFill.flatMap { $0.a > 0 ? $0 : nil }
    var stroke = item.effectiveStroke.flatMap { $0.a > 0 ? $0 : nil }
    if !(item.lineWidth > 0 && item.lineWidth.isFinite) { stroke = nil }
    guard fill != nil || stroke != nil else { return }
    local.removeAll()
    guard PathFlattener.flatten(item.path, tolerance: tol, into: &local) else { return }
    var box = DeviceGeometry.Box.empty
    var fillBox = DeviceGeometry.Box.empty
    if fill != nil {
      guard let b = ProjectedGeometry.project(local, h, into: &projection.fill, width: width, height: height)
      else { return }
      fillBox = b
      box = box.union(b)
    }
    var strokeBox = DeviceGeometry.Box.empty
    if stroke != nil {
      strokePolygons.removeAll()
      if StrokeTrimmer.keepsAll(start: item.strokeStart, end: item.strokeEnd) {
        Stroker.stroke(local, width: item.lineWidth, into: &strokePolygons, scratch: &stripScratch)
      } else {
        trimmed.removeAll()
        StrokeTrimmer.trim(local, start: item.strokeStart, end: item.strokeEnd, into: &trimmed)
        Stroker.stroke(trimmed, width: item.lineWidth, into: &strokePolygons, scratch: &stripScratch)
      }
      guard
        let b = ProjectedGeometry.project(strokePolygons, h, into: &projection.stroke, width: width, height: height)
      else { return }
      strokeBox = b
      box = box.union(b)
    }
    guard !box.isEmpty else { return }
    let hasFill = fill != nil && !fillBox.isEmpty
    let hasStroke = stroke != nil && !strokeBox.isEmpty
    let ox = Double(box.x0)
    let oy = Double(box.y0)
    if hasFill {
      fillAcc.reset(width: box.width, height: box.height)
      fillAcc.addPolygons(projection.fill.points, projection.fill.runs, originX: ox, originY: oy)
    }
    if hasStroke {
      strokeAcc.reset(width: box.width, height: box.height)
      strokeAcc.addPolygons(projection.stroke.points, projection.stroke.runs, originX: ox, originY: oy)
    }
    composite(
      item, .projective(h), opacity: opacity, fill: hasFill ? fill : nil, stroke: hasStroke ? stroke : nil, box: box,
      canvas)
  }
}
