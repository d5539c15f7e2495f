#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The homogeneous damped oscillator `q'' + 2ζω₀q' + ω₀²q = 0` with `q(0) = q₀`,
/// `q'(0) = v`, in closed form. It is the one solver behind §5's springs (q₀ = −1, the
/// distance still to go) and §15's attraction (q₀ the offset from the rest point).
///
/// Invariant: ω₀ > 0 and finite, ζ ≥ 0 and finite; callers check that before building one.
@usableFromInline package struct DampedOscillator: Hashable, Sendable {
  /// Natural frequency ω₀ in rad/s.
  package var omega0: Double
  /// Damping ratio ζ: < 1 under-damped, 1 critical, > 1 over-damped.
  package var zeta: Double
  /// |ζ − 1| below this is critical damping (§5 and §15 each name their own).
  package var criticalTolerance: Double

  package init(omega0: Double, zeta: Double, criticalTolerance: Double) {
    self.omega0 = omega0
    self.zeta = zeta
    self.criticalTolerance = criticalTolerance
  }

  /// Which closed form applies.
  private enum Regime { case critical, under, over }

  private var regime: Regime {
    if abs(zeta - 1) < criticalTolerance { return .critical }
    return zeta < 1 ? .under : .over
  }

  /// Over-damped roots `r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1))`.
  private var roots: (Double, Double) {
    let root = (zeta * zeta - 1).squareRoot()
    return (-omega0 * (zeta - root), -omega0 * (zeta + root))
  }

  /// q(t). Each form is written so that q₀ = −1 evaluates the same operations as
  /// `1 − x` for a §5 spring (the dumps depend on the last bit).
  package func displacement(from q0: Double, velocity v: Double, at t: Double) -> Double {
    let w = omega0
    switch regime {
    case .critical:
      // q = (q₀ + (v + ω₀q₀)t)e^{−ω₀t}.
      return (q0 + (v + w * q0) * t) * exp(-w * t)
    case .under:
      // q = e^{−ζω₀t}(q₀ cos ω_d t + (v + ζω₀q₀)/ω_d sin ω_d t).
      let wd = w * (1 - zeta * zeta).squareRoot()
      let b = (v + zeta * w * q0) / wd
      return exp(-zeta * w * t) * (q0 * cos(wd * t) + b * sin(wd * t))
    case .over:
      // q = c₁e^{r₁t} + (q₀ − c₁)e^{r₂t}, c₁ = (v − r₂q₀)/(r₁ − r₂).
      let (r1, r2) = roots
      let c1 = (v - r2 * q0) / (r1 - r2)
      let c2 = q0 - c1
      return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }
  }

  /// q'(t), the exact derivative of `displacement`.
  package func velocity(from q0: Double, velocity v: Double, at t: Double) -> Double {
    let w = omega0
    switch regime {
    case .critical:
      // d/dt[(q₀ + Bt)e^{−ω₀t}] = (B − ω₀(q₀ + Bt))e^{−ω₀t}, B = v + ω₀q₀.
      let b = v + w * q0
      return (b - w * (q0 + b * t)) * exp(-w * t)
    case .under:
      let wd = w * (1 - zeta * zeta).squareRoot()
      let b = (v + zeta * w * q0) / wd
      let c = cos(wd * t)
      let s = sin(wd * t)
      let decay = exp(-zeta * w * t)
      return decay * (-zeta * w * (q0 * c + b * s) + wd * (b * c - q0 * s))
    case .over:
      let (r1, r2) = roots
      let c1 = (v - r2 * q0) / (r1 - r2)
      let c2 = q0 - c1
      return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
    }
  }

  /// q''(t) from the equation itself: `−2ζω₀q' − ω₀²q`.
  package func acceleration(from q0: Double, velocity v: Double, at t: Double) -> Double {
    let q = displacement(from: q0, velocity: v, at: t)
    let dq = velocity(from: q0, velocity: v, at: t)
    return -2 * zeta * omega0 * dq - omega0 * omega0 * q
  }
}
