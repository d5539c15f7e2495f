#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Evaluation of the curve pieces a `Path` is made of: Bezier curves in Bernstein form,
/// and arcs by angle. Kept as free functions so the measure, the bounds and the
/// rasterizer all evaluate curves the same way.
@usableFromInline package enum Bezier {
  /// The quadratic Bezier `p0 → p2` with control `p1` at parameter `t` (0…1).
  @inlinable
  package static func quadPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
    let s = 1 - t
    return p0 * (s * s) + p1 * (2 * s * t) + p2 * (t * t)
  }

  /// d/dt of `quadPoint`.
  package static func quadDerivative(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
    (p1 - p0) * (2 * (1 - t)) + (p2 - p1) * (2 * t)
  }

  /// The cubic Bezier `p0 → p3` with controls `p1`, `p2` at parameter `t` (0…1).
  @inlinable
  package static func cubicPoint(
    _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double
  ) -> Point {
    let s = 1 - t
    let a = s * s * s
    let b = 3 * s * s * t
    let c = 3 * s * t * t
    let d = t * t * t
    return Point(
      a * p0.x + b * p1.x + c * p2.x + d * p3.x,
      a * p0.y + b * p1.y + c * p2.y + d * p3.y)
  }

  /// d/dt of `cubicPoint`.
  package static func cubicDerivative(
    _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double
  ) -> Point {
    let s = 1 - t
    return (p1 - p0) * (3 * s * s) + (p2 - p1) * (6 * s * t) + (p3 - p2) * (3 * t * t)
  }

  /// d²/dt² of `quadPoint` (constant).
  package static func quadSecondDerivative(_ p0: Point, _ p1: Point, _ p2: Point) -> Point {
    (p2 - p1 * 2 + p0) * 2
  }

  /// d²/dt² of `cubicPoint`.
  package static func cubicSecondDerivative(
    _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double
  ) -> Point {
    (p2 - p1 * 2 + p0) * (6 * (1 - t)) + (p3 - p2 * 2 + p1) * (6 * t)
  }

  /// The direction a curve leaves its start in, given its control polygon: the first
  /// control point that differs from the start. Where the derivative vanishes at t = 0
  /// this is still the limit of the tangent (§6.6), unlike a sampled derivative.
  static func startDirection(_ points: [Point]) -> Point? {
    guard let first = points.first else { return nil }
    for p in points.dropFirst() where p != first { return p - first }
    return nil
  }

  /// The direction a curve arrives at its end in (the mirror of `startDirection`).
  static func endDirection(_ points: [Point]) -> Point? {
    guard let last = points.last else { return nil }
    for p in points.dropLast().reversed() where p != last { return last - p }
    return nil
  }
}

extension Arc {
  /// The point at fraction `t` (0…1) of the sweep.
  public func point(at t: Double) -> Point { point(atAngle: angle(at: t)) }

  /// The direction of travel at fraction `t` (0…1) of the sweep, with length
  /// `|radius| · sweep` (d/dt of `point(at:)`), so it is zero for a degenerate arc.
  public func derivative(at t: Double) -> Point {
    let a = angle(at: t)
    let rate = (clockwise ? 1 : -1) * sweep * radius
    return Point(-sin(a) * rate, cos(a) * rate)
  }

  /// The unit direction of travel at fraction `t`, independent of the sweep: defined for
  /// every arc with a non-zero radius, even a zero-sweep one.
  public func tangentDirection(at t: Double) -> Point {
    let a = angle(at: t)
    let sign: Double = (clockwise ? 1 : -1) * (radius < 0 ? -1 : 1)
    return Point(-sin(a) * sign, cos(a) * sign)
  }

  /// Length of the arc: `|radius| · sweep`.
  public var length: Double { abs(radius) * sweep }
}
