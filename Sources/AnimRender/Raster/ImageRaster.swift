import AnimMath

extension Rasterizer {
  /// An image item (§12.3): every device pixel the box covers takes the image sampled at
  /// its centre, mapped back into the box, composited like a fill: coverage × opacity ×
  /// tint × the premultiplied sample, source-over. Fill, stroke and line width do not
  /// apply.
  func draw(
    _ image: DrawImage, of item: DrawItem, _ mapping: BoxMapping, _ pixels: UnsafeMutablePointer<UInt8>,
    width: Int, height: Int
  ) {
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
    let stride = fillAcc.stride
    _ = fillAcc.withCells { cells in
      for row in 0..<box.height {
        let acc = cells + row * stride
        let py = Double(box.y0 + row) + 0.5
        let px = pixels + ((box.y0 + row) * width + box.x0) * 4
        var sum: Float = 0
        for x in 0..<box.width {
          sum += acc[x]
          acc[x] = 0
          let c = Compositor.level(sum)
          if c == 0 { continue }
          let s = sampler.sample(inverse.apply(Point(Double(box.x0 + x) + 0.5, py)))
          let cover = Double(c) / 255
          let a = s.a * k.3 * cover
          let keep = 1 - a
          let p = px + x * 4
          p[0] = Compositor.byte(Float(s.r * k.0 * cover * 255 + Double(p[0]) * keep))
          p[1] = Compositor.byte(Float(s.g * k.1 * cover * 255 + Double(p[1]) * keep))
          p[2] = Compositor.byte(Float(s.b * k.2 * cover * 255 + Double(p[2]) * keep))
          p[3] = Compositor.byte(Float(a * 255 + Double(p[3]) * keep))
        }
        acc[box.width] = 0
        acc[box.width + 1] = 0
      }
    }
  }
}
