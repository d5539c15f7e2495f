#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A unit damped oscillator from 0 to 1: `x'' + 2ζω₀x' + ω₀²(x − 1) = 0`, `x(0) = 0`,
/// `x'(0) = v` (§5), evaluated in closed form.
///
/// The UIKit form's natural frequency depends on the animation's duration (it is chosen
/// so the spring settles exactly then), so a spring stores `omega0` for a 1 s duration when
/// it is not real-time and scales it by `1/T` when evaluated; real-time springs (the other
/// three forms) store their own ω₀ and ignore the duration.
public struct Spring: Hashable, Sendable {
  /// Natural frequency ω₀ in rad/s (for a 1 s duration when `isRealTime` is false).
  public var omega0: Double
  /// Damping ratio ζ: < 1 under-damped, 1 critical, > 1 over-damped.
  public var zeta: Double
  /// Initial velocity in whole distances per second of real time.
  public var velocity: Double
  /// Whether time is real time independent of the duration (SwiftUI and CA forms), so
  /// `over` may be omitted and the curve may not have settled at u = 1.
  public var isRealTime: Bool

  /// A spring with an explicit natural frequency, evaluated in real time.
  public init(omega0: Double, zeta: Double, velocity: Double = 0) {
    self.omega0 = omega0
    self.zeta = zeta
    self.velocity = velocity
    self.isRealTime = true
  }

  /// UIKit's `usingSpringWithDamping:initialSpringVelocity:`: ω₀ = ln(1000)/(r·T), so the
  /// slowest mode's envelope has decayed to 0.1% at the end of the duration T.
  public static func uiKit(damping zeta: Double, velocity: Double) -> Spring {
    var s = Spring(omega0: log(1000) / decayFactor(zeta), zeta: zeta, velocity: velocity)
    s.isRealTime = false
    return s
  }

  /// The UIKit form resolved for a known duration T (real time, as if `omega0` were given).
  public init(damping zeta: Double, velocity: Double, duration: Double) {
    self.init(
      omega0: log(1000) / (Self.decayFactor(zeta) * duration), zeta: zeta, velocity: velocity)
  }

  /// SwiftUI's `Spring(duration:bounce:)`: ω₀ = 2π/D, ζ = 1 − b (b ≥ 0) or 1/(1 + b).
  public init(duration: Double, bounce: Double) {
    let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    self.init(omega0: 2 * Double.pi / duration, zeta: zeta, velocity: 0)
  }

  /// SwiftUI's `spring(response:dampingFraction:)`: ω₀ = 2π/R, velocity 0.
  public init(response: Double, dampingFraction: Double) {
    self.init(omega0: 2 * Double.pi / response, zeta: dampingFraction, velocity: 0)
  }

  /// CASpringAnimation: ω₀ = √(k/m), ζ = c / (2√(km)); `damping` is a coefficient.
  public init(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
    self.init(
      omega0: (stiffness / mass).squareRoot(),
      zeta: damping / (2 * (stiffness * mass).squareRoot()),
      velocity: velocity)
  }

  /// The slowest mode's decay rate in units of ω₀ (§5's r): the envelope `e^{−ζω₀t}` when
  /// under-damped (floored at 0.05 so a barely damped spring still ends), the slow root
  /// `ζ − √(ζ² − 1)` when over-damped.
  public static func decayFactor(_ zeta: Double) -> Double {
    zeta < 1 ? max(zeta, 0.05) : zeta - (zeta * zeta - 1).squareRoot()
  }

  /// ω₀ in effect for an animation of duration T (seconds).
  public func naturalFrequency(duration: Double) -> Double {
    isRealTime ? omega0 : omega0 / duration
  }

  /// Time for the slowest mode to decay to 0.1%: ln(1000)/(ω₀·r). For the UIKit form
  /// this is the duration itself.
  public func settlingTime(duration: Double = 1) -> Double {
    log(1000) / (naturalFrequency(duration: duration) * Self.decayFactor(zeta))
  }

  /// x(t) at real time t seconds into the iteration, for an animation of duration T.
  /// Never NaN: a degenerate spring (ω₀ not positive and finite) is already at 1.
  /// Note §5: at and after the end of the active duration the caller uses exactly 1.
  public func value(atTime t: Double, duration: Double = 1) -> Double {
    let w = naturalFrequency(duration: duration)
    guard w.isFinite, w > 0, zeta.isFinite, velocity.isFinite else { return 1 }
    guard t > 0 else { return 0 }
    let x = 1 + displacement(t, w)
    return x.isFinite ? x : 1
  }

  /// y = x − 1 solves the homogeneous equation with y(0) = −1, y'(0) = v; §5 calls
  /// |ζ − 1| < 1e-7 critical.
  private func displacement(_ t: Double, _ w: Double) -> Double {
    DampedOscillator(omega0: w, zeta: zeta, criticalTolerance: 1e-7)
      .displacement(from: -1, velocity: velocity, at: t)
  }
}
