/// One drawn curve of a path with its start point explicit: what `Path.elements` yields
/// for each drawing command, and what measuring, bounding and flattening work on. Bezier
/// curves are evaluated by `Bezier`'s functions and arcs by `Arc`'s, so every walker of a
/// path computes the same points.
package enum PathCurve: Hashable, Sendable {
  case line(Point, Point)
  case quad(Point, Point, Point)
  case cubic(Point, Point, Point, Point)
  case arc(Arc)

  /// Where the curve starts: exactly its first point (an arc's at its start angle).
  package var startPoint: Point {
    switch self {
    case .line(let a, _), .quad(let a, _, _), .cubic(let a, _, _, _): return a
    case .arc(let arc): return arc.startPoint
    }
  }

  /// Where the curve ends: exactly its last point (an arc's at its end angle).
  package var endPoint: Point {
    switch self {
    case .line(_, let b), .quad(_, _, let b), .cubic(_, _, _, let b): return b
    case .arc(let arc): return arc.endPoint
    }
  }

  /// The point at parameter `t` (0…1); an arc's parameter is the fraction of its sweep.
  package func point(at t: Double) -> Point {
    switch self {
    case .line(let a, let b): return a.lerp(to: b, t)
    case .quad(let a, let c, let b): return Bezier.quadPoint(a, c, b, t)
    case .cubic(let a, let c1, let c2, let b): return Bezier.cubicPoint(a, c1, c2, b, t)
    case .arc(let arc): return arc.point(at: t)
    }
  }

  /// d/dt of `point(at:)`.
  package func derivative(at t: Double) -> Point {
    switch self {
    case .line(let a, let b): return b - a
    case .quad(let a, let c, let b): return Bezier.quadDerivative(a, c, b, t)
    case .cubic(let a, let c1, let c2, let b): return Bezier.cubicDerivative(a, c1, c2, b, t)
    case .arc(let arc): return arc.derivative(at: t)
    }
  }

  /// d²/dt², for Bezier curves only (lines and arcs are measured without it).
  func secondDerivative(at t: Double) -> Point {
    switch self {
    case .quad(let a, let c, let b): return Bezier.quadSecondDerivative(a, c, b)
    case .cubic(let a, let c1, let c2, let b): return Bezier.cubicSecondDerivative(a, c1, c2, b, t)
    case .line, .arc: return .zero
    }
  }

  /// The length of the control polygon: an upper bound on a Bezier curve's arc length.
  /// Summed from the start without an array of the points: every spawn on a path asks.
  var controlPolygonLength: Double {
    switch self {
    case .line(let a, let b): return a.distance(to: b)
    case .quad(let a, let c, let b): return a.distance(to: c) + c.distance(to: b)
    case .cubic(let a, let c1, let c2, let b): return a.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: b)
    case .arc: return 0
    }
  }

  /// The control polygon, for limit directions at the ends.
  private var controlPoints: [Point] {
    switch self {
    case .line(let a, let b): return [a, b]
    case .quad(let a, let c, let b): return [a, c, b]
    case .cubic(let a, let c1, let c2, let b): return [a, c1, c2, b]
    case .arc: return []
    }
  }

  /// The direction the curve leaves its start in, nil when it has none (a point).
  var startDirection: Point? {
    if case .arc(let arc) = self {
      return arc.length > 0 ? arc.tangentDirection(at: 0) : nil
    }
    return Bezier.startDirection(controlPoints)
  }

  /// The direction the curve arrives at its end in, nil when it has none.
  var endDirection: Point? {
    if case .arc(let arc) = self {
      return arc.length > 0 ? arc.tangentDirection(at: 1) : nil
    }
    return Bezier.endDirection(controlPoints)
  }
}
