import AnimMath

/// Mapping flattened geometry into pixels, and the pixel box it touches.
enum DeviceGeometry {
  /// Device coordinates are clamped to ±this many pixels: far enough out that clamping
  /// cannot change what lands on a canvas of at most `Rasterizer.maxSide` pixels by
  /// more than rounding, near enough that edge arithmetic cannot overflow.
  static let coordinateLimit = 1e9

  /// A box of whole pixels, `x0..<x1` × `y0..<y1`.
  struct Box {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }

    static let empty = Box(x0: 0, y0: 0, x1: 0, y1: 0)

    func union(_ o: Box) -> Box {
      if isEmpty { return o }
      if o.isEmpty { return self }
      return Box(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
  }

  /// Writes `src` mapped through `m` into `dst` and returns the pixels they touch,
  /// clipped to a `width × height` canvas; nil when a mapped coordinate is not finite.
  static func map(
    _ src: [Point], _ m: AffineTransform, into dst: inout [Point], width: Int, height: Int
  ) -> Box? {
    dst.removeAll(keepingCapacity: true)
    guard !src.isEmpty else { return .empty }
    let lim = coordinateLimit
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for p in src {
      let x = m.a * p.x + m.c * p.y + m.tx
      let y = m.b * p.x + m.d * p.y + m.ty
      guard x.isFinite, y.isFinite else { return nil }
      let cx = min(lim, max(-lim, x))
      let cy = min(lim, max(-lim, y))
      minX = min(minX, cx)
      minY = min(minY, cy)
      maxX = max(maxX, cx)
      maxY = max(maxY, cy)
      dst.append(Point(cx, cy))
    }
    // Everything left of the canvas still covers its first column, so the box starts
    // at 0 however far left the geometry reaches.
    let x0 = max(0, min(width, Int(minX.rounded(.down))))
    let x1 = max(0, min(width, Int(maxX.rounded(.up))))
    let y0 = max(0, min(height, Int(minY.rounded(.down))))
    let y1 = max(0, min(height, Int(maxY.rounded(.up))))
    return Box(x0: x0, y0: y0, x1: x1, y1: y1)
  }

  /// The largest factor by which `m` stretches a length (its largest singular value),
  /// used to turn a pixel tolerance into a local one.
  static func maxStretch(_ m: AffineTransform) -> Double {
    let e = (m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d) / 2
    let det = m.a * m.d - m.b * m.c
    return (e + max(0, e * e - det * det).squareRoot()).squareRoot()
  }
}
