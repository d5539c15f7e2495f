#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// §15's motion: per axis `p'' = A + s·(P − p) − k·p'`, `p(0) = p₀`, `p'(0) = V`, solved in
/// closed form. With s > 0 the offset `q = p − P − A/s` is a damped oscillator with
/// ω₀ = √s and ζ = k/(2ω₀), the same solver as §5's springs.
///
/// Invariant (the checker's): k and s are each 0 or at least 0.001, all inputs finite.
/// Results are finite even when the arithmetic overflows (clamped to ±max).
@usableFromInline package struct Motion: Hashable, Sendable {
  /// V, points per second.
  package var velocity: Point
  /// A, points per second².
  package var acceleration: Point
  /// k, per second.
  package var damping: Double
  /// P, in the same space as the position.
  package var attractor: Point
  /// s, per second².
  package var attraction: Double

  /// §15's threshold for critical damping: |ζ − 1| < 1e-9.
  package static let criticalTolerance = 1e-9
  /// The least non-zero damping or attraction (§15).
  package static let minimumCoefficient = 0.001
  /// The longest motion, in seconds (§15's limit on `over`: 24 h).
  package static let longestDuration = 86_400.0

  package init(
    velocity: Point, acceleration: Point = .zero, damping: Double = 0, attractor: Point = .zero,
    attraction: Double = 0
  ) {
    self.velocity = velocity
    self.acceleration = acceleration
    self.damping = damping
    self.attractor = attractor
    self.attraction = attraction
  }

  /// p(τ), p'(τ) and p''(τ) of one axis.
  package struct AxisState: Sendable, Equatable {
    package var position: Double
    package var velocity: Double
    package var acceleration: Double
  }

  /// p(τ) from p(0) = p₀.
  package func position(from p0: Point, at tau: Double) -> Point {
    let (x, y) = states(from: p0, at: tau)
    return Point(x.position, y.position)
  }

  /// p'(τ), the exact derivative of `position`.
  package func velocity(from p0: Point, at tau: Double) -> Point {
    let (x, y) = states(from: p0, at: tau)
    return Point(x.velocity, y.velocity)
  }

  /// p''(τ).
  package func acceleration(from p0: Point, at tau: Double) -> Point {
    let (x, y) = states(from: p0, at: tau)
    return Point(x.acceleration, y.acceleration)
  }

  /// The direction of travel in radians (`atan2(dy, dx)`, y down) for `rotate .auto`:
  /// that of p'(τ); where p' = 0, that of p''(0) at τ = 0 and of −p''(τ) after (the way it
  /// came from), and 0 when that is zero too (§15).
  package func heading(from p0: Point, at tau: Double) -> Double {
    let (x, y) = states(from: p0, at: tau)
    if x.velocity != 0 || y.velocity != 0 { return atan2(y.velocity, x.velocity) }
    let sign = tau > 0 ? -1.0 : 1.0
    let ax = sign * x.acceleration
    let ay = sign * y.acceleration
    if ax != 0 || ay != 0 { return atan2(ay, ax) }
    return 0
  }

  private func states(from p0: Point, at tau: Double) -> (AxisState, AxisState) {
    (
      axis(p0.x, velocity.x, acceleration.x, attractor.x, tau),
      axis(p0.y, velocity.y, acceleration.y, attractor.y, tau)
    )
  }

  /// One axis of the closed forms in §15's order.
  package func axis(_ p0: Double, _ v: Double, _ a: Double, _ target: Double, _ t: Double) -> AxisState {
    let k = damping
    let s = attraction
    let state: AxisState
    if s > 0 {
      let rest = target + a / s
      let w = s.squareRoot()
      let oscillator = DampedOscillator(omega0: w, zeta: k / (2 * w), criticalTolerance: Self.criticalTolerance)
      let q0 = p0 - rest
      let q = oscillator.displacement(from: q0, velocity: v, at: t)
      let dq = oscillator.velocity(from: q0, velocity: v, at: t)
      state = AxisState(position: rest + q, velocity: dq, acceleration: -k * dq - s * q)
    } else if k > 0 {
      // p = p₀ + (A/k)τ + (V − A/k)(1 − e^{−kτ})/k; 1 − e^{−kτ} as −expm1(−kτ) keeps small kτ exact.
      let drift = a / k
      let decay = exp(-k * t)
      state = AxisState(
        position: p0 + drift * t + (v - drift) * -expm1(-k * t) / k,
        velocity: drift + (v - drift) * decay,
        acceleration: -k * (v - drift) * decay)
    } else {
      state = AxisState(position: p0 + v * t + a * t * t / 2, velocity: v + a * t, acceleration: a)
    }
    return AxisState(
      position: Self.finite(state.position), velocity: Self.finite(state.velocity),
      acceleration: Self.finite(state.acceleration))
  }

  /// NaN becomes 0 and ±∞ the largest finite value of its sign.
  static func finite(_ x: Double) -> Double {
    if x.isFinite { return x }
    if x.isNaN { return 0 }
    return x > 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude
  }
}

/// `polar(r, a)`: the Point `(r·cos a, r·sin a)`, a in radians clockwise from +x (y down).
package func polarPoint(radius r: Double, angle a: Double) -> Point {
  Point(r * cos(a), r * sin(a))
}
