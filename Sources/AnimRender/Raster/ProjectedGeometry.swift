import AnimMath

/// Flat geometry of a 3-D node's box taken through its projection (§12.1): each closed
/// polygon clipped to the part in front of the eye, then divided by W.
enum ProjectedGeometry {
  /// The least W kept. X, Y and W are affine over the box, so every clip below is a
  /// half-plane of the box and clipping there is exact.
  static let minW = 1e-6
  /// Projected coordinates are clipped to ±this (in the target's units, pixels or
  /// points): far outside any canvas, yet small enough for every renderer's fixed-point
  /// arithmetic (librsvg's cairo overflows near 8·10⁶). Clipping in homogeneous
  /// coordinates keeps edges straight, where clamping each coordinate would bend the
  /// edges that run off towards the horizon into the canvas.
  static let reach = 1e5

  /// Clips every run of `src` (each a closed polygon, as fills and stroke pieces are) to
  /// W ≥ `minW` and to the `reach` box under `h`, projects it into `out` and returns the
  /// pixels it touches on a `width × height` canvas; nil when a projected coordinate is
  /// not finite. Clipping a closed polygon to a convex region keeps its winding numbers
  /// there, so non-zero fills and the stroker's same-wound pieces stay right.
  static func project(
    _ src: Polylines, _ h: Homography, into out: inout Polylines, width: Int, height: Int
  ) -> DeviceGeometry.Box? {
    out.removeAll()
    let r = reach
    // Each plane (a, b, c) keeps a·x + b·y + c ≥ 0: W ≥ minW, then |X| ≤ r·W, |Y| ≤ r·W.
    let planes: [(Double, Double, Double)] = [
      (h.m20, h.m21, h.m22 - minW),
      (r * h.m20 - h.m00, r * h.m21 - h.m01, r * h.m22 - h.m02),
      (r * h.m20 + h.m00, r * h.m21 + h.m01, r * h.m22 + h.m02),
      (r * h.m20 - h.m10, r * h.m21 - h.m11, r * h.m22 - h.m12),
      (r * h.m20 + h.m10, r * h.m21 + h.m11, r * h.m22 + h.m12),
    ]
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    var polygon: [Point] = []
    var clipped: [Point] = []
    for run in src.runs where run.count >= 2 {
      polygon.removeAll(keepingCapacity: true)
      polygon.append(contentsOf: src.points[run.start..<run.start + run.count])
      for plane in planes where polygon.count >= 3 {
        clip(polygon, plane, into: &clipped)
        swap(&polygon, &clipped)
      }
      guard polygon.count >= 3 else { continue }
      let start = out.points.count
      for p in polygon {
        let q = h.apply(p)
        guard q.x.isFinite, q.y.isFinite else { return nil }
        let lim = DeviceGeometry.coordinateLimit
        let c = Point(min(lim, max(-lim, q.x)), min(lim, max(-lim, q.y)))
        minX = min(minX, c.x)
        minY = min(minY, c.y)
        maxX = max(maxX, c.x)
        maxY = max(maxY, c.y)
        out.points.append(c)
      }
      out.runs.append(Polylines.Run(start: start, count: out.points.count - start, closed: true))
    }
    guard !out.runs.isEmpty else { return .empty }
    let x0 = max(0, min(width, Int(minX.rounded(.down))))
    let x1 = max(0, min(width, Int(maxX.rounded(.up))))
    let y0 = max(0, min(height, Int(minY.rounded(.down))))
    let y1 = max(0, min(height, Int(maxY.rounded(.up))))
    return DeviceGeometry.Box(x0: x0, y0: y0, x1: x1, y1: y1)
  }

  /// Sutherland–Hodgman against one half-plane a·x + b·y + c ≥ 0 of the box.
  static func clip(_ polygon: [Point], _ plane: (Double, Double, Double), into out: inout [Point]) {
    out.removeAll(keepingCapacity: true)
    guard var prev = polygon.last else { return }
    let (a, b, c) = plane
    var prevV = a * prev.x + b * prev.y + c
    for p in polygon {
      let v = a * p.x + b * p.y + c
      if (v >= 0) != (prevV >= 0) {
        let t = prevV / (prevV - v)
        out.append(Point(prev.x + (p.x - prev.x) * t, prev.y + (p.y - prev.y) * t))
      }
      if v >= 0 { out.append(p) }
      prev = p
      prevV = v
    }
  }

  /// The flattening tolerance in box units for `path` under `h`: `pixels` divided by
  /// the largest stretch found on a grid over the path's bounds in front of the eye,
  /// floored so that a box reaching almost to the eye cannot ask for endless pieces.
  /// Nil when the path draws nothing or `h` is not finite.
  static func localTolerance(_ path: Path, _ h: Homography, pixels: Double) -> Double? {
    let all = [h.m00, h.m01, h.m02, h.m10, h.m11, h.m12, h.m20, h.m21, h.m22]
    guard all.allSatisfy(\.isFinite), let b = path.bounds else { return nil }
    let extent = max(b.width, b.height, 1e-9)
    var stretch = 0.0
    for i in 0...4 {
      for j in 0...4 {
        let p = Point(b.minX + b.width * Double(i) / 4, b.minY + b.height * Double(j) / 4)
        guard h.w(p) > minW else { continue }
        let s = h.stretch(at: p)
        if s.isFinite { stretch = max(stretch, s) }
      }
    }
    let tol = pixels.isFinite && pixels > 0.001 ? pixels : 0.001
    guard stretch > 0 else { return extent / 1000 }
    return max(tol / stretch, extent * 1e-5)
  }
}
