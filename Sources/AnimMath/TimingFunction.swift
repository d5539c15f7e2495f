/// Maps the fraction of an iteration elapsed, u ∈ [0, 1], to progress p (§5).
public enum TimingFunction: Hashable, Sendable {
  /// p = u.
  case linear
  /// The CSS / Core Animation unit Bezier through (x1, y1), (x2, y2); y may overshoot.
  case cubicBezier(Double, Double, Double, Double)
  /// CSS `steps(n, jump-start | jump-end)`.
  case steps(Int, StepPosition)
  /// A damped spring from 0 to 1, evaluated at real time u·T.
  case spring(Spring)

  /// Where a step function jumps: at the start or the end of each of its intervals.
  public enum StepPosition: Hashable, Sendable {
    case start, end
  }

  /// cubicBezier(0.42, 0, 1, 1).
  public static let easeIn = TimingFunction.cubicBezier(0.42, 0, 1, 1)
  /// cubicBezier(0, 0, 0.58, 1).
  public static let easeOut = TimingFunction.cubicBezier(0, 0, 0.58, 1)
  /// cubicBezier(0.42, 0, 0.58, 1) (also called `easeInEaseOut`).
  public static let easeInOut = TimingFunction.cubicBezier(0.42, 0, 0.58, 1)
  /// cubicBezier(0.25, 0.1, 0.25, 1): Core Animation's `default`, CSS `ease`.
  public static let ease = TimingFunction.cubicBezier(0.25, 0.1, 0.25, 1)
  /// The same curve as `ease`, under Core Animation's name.
  public static let `default` = ease

  /// Progress at fraction `u` of an iteration lasting `duration` seconds (springs run
  /// in real time t = u·T; the other curves ignore it). `u` is clamped to 0…1 and NaN
  /// reads as 0. `before` is CSS's before flag: a backwards fill before the animation
  /// starts, where a step function shows p = 0 even when it jumps at the start.
  ///
  /// A spring at u = 1 gives its curve's value, not 1: landing exactly on the end value
  /// at the end of the active duration is the timing model's rule (§5).
  public func progress(_ u: Double, duration: Double = 1, before: Bool = false) -> Double {
    let u = u.isNaN ? 0 : min(max(u, 0), 1)
    switch self {
    case .linear:
      return u
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return UnitBezier(x1, y1, x2, y2).progress(u)
    case .steps(let count, let position):
      if before { return 0 }
      let n = Double(max(count, 1))
      switch position {
      case .end: return (n * u).rounded(.down) / n
      case .start: return min(1, ((n * u).rounded(.down) + 1) / n)
      }
    case .spring(let spring):
      return spring.value(atTime: u * duration, duration: duration)
    }
  }

  /// Whether the curve runs in real time, independent of the animation's duration
  /// (§5: `over` may then be omitted, the settling time being the duration).
  public var isRealTime: Bool {
    if case .spring(let s) = self { return s.isRealTime }
    return false
  }
}
