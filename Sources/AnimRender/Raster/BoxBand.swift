import AnimMath

/// A band of a shape's box between two lines of one axis (`lower ≤ x ≤ upper`, or the
/// same in y): where one strip of a baked gradient is drawn (§13's Lottie export). An
/// infinite bound leaves that side open, so that bands can cover a whole plane.
package struct BoxBand: Hashable, Sendable {
  package enum Axis: Hashable, Sendable {
    /// The band's lines are x = const: it runs along y.
    case x
    /// The band's lines are y = const: it runs along x.
    case y
  }

  package var axis: Axis
  package var lower: Double
  package var upper: Double

  package init(_ axis: Axis, _ lower: Double, _ upper: Double) {
    self.axis = axis
    self.lower = lower
    self.upper = upper
  }

  /// The whole plane.
  package static let all = BoxBand(.x, -.infinity, .infinity)

  /// The half-planes a·x + b·y + c ≥ 0 that make the band; none for an open side.
  var planes: [(Double, Double, Double)] {
    let (a, b) = axis == .x ? (1.0, 0.0) : (0.0, 1.0)
    var planes: [(Double, Double, Double)] = []
    if lower.isFinite { planes.append((a, b, -lower)) }
    if upper.isFinite { planes.append((-a, -b, upper)) }
    return planes
  }

  /// Each run of `src` (a closed polygon) clipped to the band. Clipping a closed polygon
  /// to a convex region keeps its winding numbers inside it, so a non-zero fill of the
  /// result is the fill of `src` within the band.
  func clip(_ src: Polylines) -> Polylines {
    let planes = self.planes
    guard !planes.isEmpty else { return src }
    var out = Polylines()
    var polygon: [Point] = []
    var clipped: [Point] = []
    for run in src.runs where run.count >= 3 {
      polygon = Array(src.points[run.start..<run.start + run.count])
      for plane in planes where polygon.count >= 3 {
        ProjectedGeometry.clip(polygon, plane, into: &clipped)
        swap(&polygon, &clipped)
      }
      guard polygon.count >= 3 else { continue }
      out.runs.append(Polylines.Run(start: out.points.count, count: polygon.count, closed: true))
      out.points.append(contentsOf: polygon)
    }
    return out
  }
}
