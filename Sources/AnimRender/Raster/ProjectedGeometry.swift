import AnimMath

/// Flat geometry of a 3-D node's box taken through its projection (§12.1): each closed
/// polygon clipped to the part in front of the eye, then divided by W.
enum ProjectedGeometry {
  /// The least W kept. W is affine over the box, so the kept part of the plane is a
  /// half-plane and clipping in box coordinates is exact; a positive margin keeps the
  /// divide finite (what it pushes past `DeviceGeometry.coordinateLimit` is clamped).
  static let minW = 1e-6

  /// Clips every run of `src` (each a closed polygon, as fills and stroke pieces are) to
  /// W ≥ `minW` under `h`, projects it into `out` and returns the pixels it touches on a
  /// `width × height` canvas; nil when a projected coordinate is not finite. Clipping a
  /// closed polygon to a half-plane keeps its winding numbers there, so non-zero fills
  /// and the stroker's same-wound pieces stay right.
  static func project(
    _ src: Polylines, _ h: Homography, into out: inout Polylines, width: Int, height: Int
  ) -> DeviceGeometry.Box? {
    out.removeAll()
    let lim = DeviceGeometry.coordinateLimit
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    var finite = true
    func emit(_ p: Point) {
      let (x, y, w) = h.homogeneous(p)
      let px = x / w
      let py = y / w
      guard px.isFinite, py.isFinite else {
        finite = false
        return
      }
      let cx = min(lim, max(-lim, px))
      let cy = min(lim, max(-lim, py))
      minX = min(minX, cx)
      minY = min(minY, cy)
      maxX = max(maxX, cx)
      maxY = max(maxY, cy)
      out.points.append(Point(cx, cy))
    }
    for run in src.runs where run.count >= 2 {
      let start = out.points.count
      var prev = src.points[run.start + run.count - 1]
      var prevW = h.w(prev)
      for i in run.start..<run.start + run.count {
        let p = src.points[i]
        let w = h.w(p)
        let inside = w >= minW
        if inside != (prevW >= minW) {
          let t = (minW - prevW) / (w - prevW)
          emit(Point(prev.x + (p.x - prev.x) * t, prev.y + (p.y - prev.y) * t))
        }
        if inside { emit(p) }
        prev = p
        prevW = w
      }
      guard finite else { return nil }
      let count = out.points.count - start
      if count >= 3 {
        out.runs.append(Polylines.Run(start: start, count: count, closed: true))
      } else {
        out.points.removeLast(count)
      }
    }
    guard !out.runs.isEmpty else { return .empty }
    let x0 = max(0, min(width, Int(minX.rounded(.down))))
    let x1 = max(0, min(width, Int(maxX.rounded(.up))))
    let y0 = max(0, min(height, Int(minY.rounded(.down))))
    let y1 = max(0, min(height, Int(maxY.rounded(.up))))
    return DeviceGeometry.Box(x0: x0, y0: y0, x1: x1, y1: y1)
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
