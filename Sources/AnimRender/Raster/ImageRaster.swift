import AnimMath

extension Rasterizer {
  /// An image item (§12.3): every device pixel the box covers takes the image sampled at
  /// its centre, mapped back into the box, composited like a fill: coverage × opacity ×
  /// tint × the premultiplied sample, source-over. Fill, stroke and line width do not
  /// apply.
  func draw(_ image: DrawImage, of item: DrawItem, _ mapping: BoxMapping, _ canvas: PixelCanvas) {
    let (width, height) = (canvas.width, canvas.height)
    let opacity = item.effectiveOpacity
    guard opacity > 0, image.width > 0, image.height > 0, let inverse = mapping.inverse else { return }
    let boxPath = ShapeOutline.rect(width: image.width, height: image.height).path
    let box: DeviceGeometry.Box
    switch mapping {
    case .affine(let m):
      local.removeAll()
      guard let tol = localTolerance(m), PathFlattener.flatten(boxPath, tolerance: tol, into: &local),
        let b = DeviceGeometry.map(local.points, m, into: &deviceFill, width: width, height: height), !b.isEmpty
      else { return }
      box = b
      fillAcc.reset(width: box.width, height: box.height)
      fillAcc.addPolygons(deviceFill, local.runs, originX: Double(box.x0), originY: Double(box.y0))
    case .projective(let h):
      // A 3-D image (§12.1): its box clipped to W > 0 and projected, as a fill is.
      local.removeAll()
      guard let tol = ProjectedGeometry.localTolerance(boxPath, h, pixels: tolerance),
        PathFlattener.flatten(boxPath, tolerance: tol, into: &local),
        let b = ProjectedGeometry.project(local, h, into: &projection.fill, width: width, height: height), !b.isEmpty
      else { return }
      box = b
      fillAcc.reset(width: box.width, height: box.height)
      fillAcc.addPolygons(
        projection.fill.points, projection.fill.runs, originX: Double(box.x0), originY: Double(box.y0))
    }
    let sampler = ImageSampler(image)
    // The tint multiplies straight channels and alpha; on premultiplied values that is
    // each colour channel times its tint and the tint's alpha.
    let t = item.tint ?? .white
    let ta = clampUnit(t.a) * opacity
    let k = (clampUnit(t.r) * ta, clampUnit(t.g) * ta, clampUnit(t.b) * ta, ta)
    painted = painted.union(box)
    Compositor.compositeSampled(canvas, boxX: box.x0, boxY: box.y0, &fillAcc) { x, y in
      let s = sampler.sample(inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5)))
      return (s.r * k.0, s.g * k.1, s.b * k.2, s.a * k.3)
    }
  }
}
