import AnimMath

/// Renders `Drawing`s into bitmaps with exact-area antialiasing (no supersampling).
///
/// A rasterizer owns its scratch buffers (flattened outlines, stroke polygons, coverage
/// accumulation) and reuses them from item to item and frame to frame, so rendering a
/// frame into an existing bitmap needs no new buffers once they have grown. It is
/// not thread-safe: use one per thread.
package final class Rasterizer {
  /// The largest canvas side in pixels; larger requests are clamped.
  package static let maxSide = 16384

  /// How far flattened curves and arcs may stray from the true outline, in pixels.
  package var tolerance: Double

  // Internal rather than private: `drawProjected` (Rasterizer+Projection) shares them.
  var local = Polylines()
  var trimmed = Polylines()
  var strokePolygons = Polylines()
  var stripScratch: [Point] = []
  var deviceFill: [Point] = []
  private var deviceStroke: [Point] = []
  var fillAcc = CoverageBuffer()
  var strokeAcc = CoverageBuffer()
  var projection = ProjectionScratch()
  /// A transparent canvas-sized bitmap an item with effects is drawn on first, and its
  /// pixels as floats, with the blur's scratch (`RasterLayer.swift`).
  var layer = Bitmap(width: 0, height: 0)
  /// The union of the boxes composited since it was last emptied: where a layer holds
  /// paint.
  var painted = DeviceGeometry.Box.empty
  var layerPixels: [Float] = []
  var blurScratch: [Float] = []

  /// A rasterizer flattening curves to within `tolerance` pixels.
  package init(tolerance: Double = 0.2) {
    self.tolerance = tolerance
  }

  /// Renders `drawing` at `width × height` pixels (its points scaled to fit, per axis).
  package func render(_ drawing: Drawing, width: Int, height: Int) -> Bitmap {
    var bitmap = Bitmap(width: Self.side(width), height: Self.side(height))
    render(drawing, into: &bitmap)
    return bitmap
  }

  /// Renders `drawing` into `bitmap`, replacing its contents and keeping its size, so a
  /// caller drawing many frames reuses one pixel buffer. `placement` maps the drawing's
  /// points to pixels; by default they are scaled per axis to fill the bitmap.
  package func render(_ drawing: Drawing, into bitmap: inout Bitmap, placement: AffineTransform? = nil) {
    let w = bitmap.width
    let h = bitmap.height
    if bitmap.pixels.count != w * h * 4 { bitmap = Bitmap(width: w, height: h) }
    let bg = drawing.background
    let alpha = clampUnit(bg.a)
    let bgPixel = (
      Compositor.byte(Float(clampUnit(bg.r) * alpha * 255)),
      Compositor.byte(Float(clampUnit(bg.g) * alpha * 255)),
      Compositor.byte(Float(clampUnit(bg.b) * alpha * 255)),
      Compositor.byte(Float(alpha * 255))
    )
    let word = UInt32(bgPixel.0) | UInt32(bgPixel.1) << 8 | UInt32(bgPixel.2) << 16 | UInt32(bgPixel.3) << 24
    _ = bitmap.withCanvas { canvas in
      canvas.clear(to: word)
      let sx = Double(w) / drawing.width
      let sy = Double(h) / drawing.height
      if sx.isFinite, sy.isFinite, sx > 0, sy > 0 {
        let toPixels = placement ?? AffineTransform.scale(sx, sy)
        for item in drawing.items {
          if item.hasEffects { drawLayer(item, toPixels, canvas) } else { drawItem(item, toPixels, canvas) }
        }
      }
      if bgPixel.3 != 255 { Compositor.unpremultiply(canvas) }
    }
  }

  /// Non-zero fill coverage (0…1, row-major) of `path` mapped by `transform` into a
  /// `width × height` pixel grid: what a fill paints before colour and opacity.
  package func fillCoverage(of path: Path, transform: AffineTransform, width: Int, height: Int)
    -> [Float]
  {
    let w = Self.side(width)
    let h = Self.side(height)
    local.removeAll()
    guard let tol = localTolerance(transform),
      PathFlattener.flatten(path, tolerance: tol, into: &local),
      let box = DeviceGeometry.map(local.points, transform, into: &deviceFill, width: w, height: h)
    else { return [Float](repeating: 0, count: w * h) }
    return mask(deviceFill, local.runs, box, width: w, height: h)
  }

  /// Stroke coverage (0…1, row-major) of `path` mapped by `transform`, trimmed to
  /// `strokeStart…strokeEnd` of its length, with butt caps and miter joins.
  package func strokeCoverage(
    of path: Path, transform: AffineTransform, lineWidth: Double,
    strokeStart: Double = 0, strokeEnd: Double = 1, width: Int, height: Int
  ) -> [Float] {
    let w = Self.side(width)
    let h = Self.side(height)
    guard let tol = localTolerance(transform),
      let box = strokeGeometry(
        path, transform, tol, lineWidth, strokeStart, strokeEnd, width: w, height: h)
    else { return [Float](repeating: 0, count: w * h) }
    return mask(deviceStroke, strokePolygons.runs, box, width: w, height: h)
  }

  // MARK: - Drawing one item

  /// Draws `item`, its points mapped to pixels by `toPixels`, straight onto `canvas`.
  func drawItem(_ item: DrawItem, _ toPixels: AffineTransform, _ canvas: PixelCanvas) {
    if let projection = item.projection {
      if let image = item.image {
        draw(image, of: item, .projective(toPixels * projection), canvas)
      } else {
        drawProjected(item, toPixels * projection, canvas)
      }
    } else {
      draw(item, toPixels * item.transform, canvas)
    }
  }

  private func draw(_ item: DrawItem, _ m: AffineTransform, _ canvas: PixelCanvas) {
    if let image = item.image { return draw(image, of: item, .affine(m), canvas) }
    let (width, height) = (canvas.width, canvas.height)
    let opacity = item.effectiveOpacity
    guard opacity > 0, let tol = localTolerance(m) else { return }
    let fill = item.effectiveFill.flatMap { $0.a > 0 ? $0 : nil }
    let stroke = item.effectiveStroke.flatMap { $0.a > 0 ? $0 : nil }
    var box = DeviceGeometry.Box.empty
    var fillBox: DeviceGeometry.Box? = nil
    if fill != nil {
      local.removeAll()
      guard PathFlattener.flatten(item.path, tolerance: tol, into: &local) else { return }
      fillBox = DeviceGeometry.map(local.points, m, into: &deviceFill, width: width, height: height)
      box = box.union(fillBox ?? .empty)
    }
    var strokeBox: DeviceGeometry.Box? = nil
    if stroke != nil {
      strokeBox = strokeGeometry(
        item.path, m, tol, item.lineWidth, item.strokeStart, item.strokeEnd,
        width: width, height: height, reuseFlattened: fill != nil)
      box = box.union(strokeBox ?? .empty)
    }
    guard !box.isEmpty else { return }
    let hasFill = fill != nil && !(fillBox?.isEmpty ?? true)
    let hasStroke = stroke != nil && !(strokeBox?.isEmpty ?? true)
    let ox = Double(box.x0)
    let oy = Double(box.y0)
    if hasFill {
      fillAcc.reset(width: box.width, height: box.height)
      fillAcc.addPolygons(deviceFill, local.runs, originX: ox, originY: oy)
    }
    if hasStroke {
      strokeAcc.reset(width: box.width, height: box.height)
      strokeAcc.addPolygons(deviceStroke, strokePolygons.runs, originX: ox, originY: oy)
    }
    composite(
      item, .affine(m), opacity: opacity, fill: hasFill ? fill : nil, stroke: hasStroke ? stroke : nil, box: box,
      canvas)
  }

  /// Composites an item's fill and stroke coverage, already in `fillAcc`/`strokeAcc` over
  /// `box`, with their paints: plain colours, or gradients shaded through `mapping`.
  /// `fill`/`stroke` are the tinted colours of the paints that cover something.
  func composite(
    _ item: DrawItem, _ mapping: BoxMapping, opacity: Double, fill: Color?, stroke: Color?,
    box: DeviceGeometry.Box, _ canvas: PixelCanvas
  ) {
    painted = painted.union(box)
    if let gradients = item.gradients {
      GradientCompositor.draw(
        item, gradients, mapping, opacity: opacity, canvas, boxX: box.x0, boxY: box.y0,
        fill: fill, stroke: stroke, fillCoverage: &fillAcc, strokeCoverage: &strokeAcc)
      return
    }
    let fillPaint = fill.map { PremultipliedPaint($0, opacity: opacity) }
    let strokePaint = stroke.map { PremultipliedPaint($0, opacity: opacity) }
    if let fillPaint, let strokePaint {
      Compositor.compositeLayer(
        canvas, boxX: box.x0, boxY: box.y0, fill: &fillAcc, fillPaint, stroke: &strokeAcc, strokePaint)
    } else if let fillPaint {
      Compositor.composite(canvas, boxX: box.x0, boxY: box.y0, &fillAcc, fillPaint)
    } else if let strokePaint {
      Compositor.composite(canvas, boxX: box.x0, boxY: box.y0, &strokeAcc, strokePaint)
    }
  }

  /// Flattens (unless `local` already holds this path), trims and strokes `path`,
  /// leaving the polygons in `strokePolygons` and their pixels in `deviceStroke`.
  private func strokeGeometry(
    _ path: Path, _ m: AffineTransform, _ tol: Double, _ lineWidth: Double,
    _ start: Double, _ end: Double, width: Int, height: Int, reuseFlattened: Bool = false
  ) -> DeviceGeometry.Box? {
    strokePolygons.removeAll()
    guard lineWidth > 0, lineWidth.isFinite else { return nil }
    if !reuseFlattened {
      local.removeAll()
      guard PathFlattener.flatten(path, tolerance: tol, into: &local) else { return nil }
    }
    if StrokeTrimmer.keepsAll(start: start, end: end) {
      Stroker.stroke(local, width: lineWidth, into: &strokePolygons, scratch: &stripScratch)
    } else {
      trimmed.removeAll()
      StrokeTrimmer.trim(local, start: start, end: end, into: &trimmed)
      Stroker.stroke(trimmed, width: lineWidth, into: &strokePolygons, scratch: &stripScratch)
    }
    return DeviceGeometry.map(
      strokePolygons.points, m, into: &deviceStroke, width: width, height: height)
  }

  /// The flattening tolerance in local units, or nil when `m` is degenerate or not finite.
  func localTolerance(_ m: AffineTransform) -> Double? {
    let stretch = DeviceGeometry.maxStretch(m)
    guard stretch.isFinite, stretch > 0, m.tx.isFinite, m.ty.isFinite else { return nil }
    let tol = tolerance.isFinite && tolerance > 0.001 ? tolerance : 0.001
    return tol / stretch
  }

  private func mask(
    _ points: [Point], _ runs: [Polylines.Run], _ box: DeviceGeometry.Box, width: Int, height: Int
  ) -> [Float] {
    var out = [Float](repeating: 0, count: width * height)
    guard !box.isEmpty else { return out }
    fillAcc.reset(width: box.width, height: box.height)
    fillAcc.addPolygons(points, runs, originX: Double(box.x0), originY: Double(box.y0))
    fillAcc.drain(into: &out, width: width, x0: box.x0, y0: box.y0)
    return out
  }

  private static func side(_ n: Int) -> Int { max(0, min(maxSide, n)) }
}
