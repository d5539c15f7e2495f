import AnimMath

/// A set of polylines sharing one point array: what flattening produces and what the
/// stroker and the edge feeder consume. Kept as scratch in a `Rasterizer` so its
/// arrays keep their capacity from item to item and frame to frame.
struct Polylines {
  /// One polyline: `count` points from `start` in `points`.
  struct Run {
    var start: Int
    var count: Int
    /// Closed: the last point joins back to the first (the closing point is not repeated).
    var closed: Bool
  }

  var points: [Point] = []
  var runs: [Run] = []

  mutating func removeAll() {
    points.removeAll(keepingCapacity: true)
    runs.removeAll(keepingCapacity: true)
  }

  /// Starts a new polyline at `p`.
  mutating func begin(_ p: Point) {
    runs.append(Run(start: points.count, count: 1, closed: false))
    points.append(p)
  }

  /// Adds a point to the current polyline, dropping repeats (they would give segments
  /// with no direction, or with a rounding-noise direction, to the stroker).
  mutating func add(_ p: Point) {
    guard let last = runs.indices.last else {
      begin(p)
      return
    }
    if Self.nearlyEqual(points[points.count - 1], p) { return }
    points.append(p)
    runs[last].count += 1
  }

  /// Equal up to rounding noise: within 1e-9 of the larger coordinate's magnitude, as
  /// when an arc's start, computed by cos and sin, lands next to the current point.
  @inline(__always) static func nearlyEqual(_ a: Point, _ b: Point) -> Bool {
    let scale = max(1, abs(a.x), abs(a.y))
    return abs(a.x - b.x) <= 1e-9 * scale && abs(a.y - b.y) <= 1e-9 * scale
  }

  /// Marks the current polyline closed, dropping a final point equal to the first.
  mutating func close() {
    guard let last = runs.indices.last else { return }
    let run = runs[last]
    if run.count > 1 && Self.nearlyEqual(points[run.start], points[run.start + run.count - 1]) {
      points.removeLast()
      runs[last].count -= 1
    }
    runs[last].closed = true
  }

  /// Appends a closed triangle or quadrilateral (`d` nil for a triangle), oriented so
  /// its signed area is ≥ 0: the stroker's pieces must all wind the same way for
  /// non-zero filling to union them. Fixed arity so the hot path allocates nothing.
  mutating func addPolygon(_ a: Point, _ b: Point, _ c: Point, _ d: Point? = nil) {
    var area = (a.x * b.y - b.x * a.y) + (b.x * c.y - c.x * b.y)
    if let d {
      area += (c.x * d.y - d.x * c.y) + (d.x * a.y - a.x * d.y)
    } else {
      area += c.x * a.y - a.x * c.y
    }
    runs.append(Run(start: points.count, count: d == nil ? 3 : 4, closed: true))
    if area >= 0 {
      points.append(a)
      points.append(b)
      points.append(c)
      if let d { points.append(d) }
    } else {
      if let d { points.append(d) }
      points.append(c)
      points.append(b)
      points.append(a)
    }
  }
}
