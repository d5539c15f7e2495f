/// The CSS / Core Animation timing curve: a cubic Bezier from (0, 0) to (1, 1) with
/// controls (x1, y1) and (x2, y2). Progress at u solves `x(s) = u` for s, then takes
/// `y(s)` (§5), as WebKit's UnitBezier does.
package struct UnitBezier: Hashable, Sendable {
  package let x1, y1, x2, y2: Double

  package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
  }

  /// Polynomial coefficients of a curve coordinate with end values 0 and 1:
  /// `c·s + b·s² + a·s³` (Horner form is cheaper and as accurate as Bernstein here).
  private static func coefficients(_ p1: Double, _ p2: Double) -> (a: Double, b: Double, c: Double) {
    let c = 3 * p1
    let b = 3 * (p2 - p1) - c
    return (1 - c - b, b, c)
  }

  /// x at curve parameter s.
  package func x(_ s: Double) -> Double {
    let k = Self.coefficients(x1, x2)
    return ((k.a * s + k.b) * s + k.c) * s
  }

  /// y at curve parameter s.
  package func y(_ s: Double) -> Double {
    let k = Self.coefficients(y1, y2)
    return ((k.a * s + k.b) * s + k.c) * s
  }

  private func dxds(_ s: Double) -> Double {
    let k = Self.coefficients(x1, x2)
    return (3 * k.a * s + 2 * k.b) * s + k.c
  }

  /// The curve parameter s with `x(s) = u`, u clamped to 0…1. Newton's method (it
  /// converges in a few steps on these curves), kept inside a shrinking bracket: a step
  /// that would leave the bracket, a vanishing slope (x1 = 0 makes dx/ds = 0 at s = 0)
  /// or a stall past 8 steps bisects instead. Bounded at 200 steps.
  package func solveCurveX(_ u: Double) -> Double {
    guard u.isFinite else { return 0 }
    if u <= 0 { return 0 }
    if u >= 1 { return 1 }
    let k = Self.coefficients(x1, x2)
    var lo = 0.0
    var hi = 1.0
    var s = u  // x(s) ≈ s for near-linear curves: a good first guess
    for step in 0..<200 {
      let err = ((k.a * s + k.b) * s + k.c) * s - u
      if abs(err) <= 1e-14 { return s }
      if err < 0 { lo = s } else { hi = s }
      if hi - lo <= 1e-15 { break }
      let slope = (3 * k.a * s + 2 * k.b) * s + k.c
      var next = s - err / slope
      if !(slope.isFinite && slope != 0 && next > lo && next < hi) || step >= 8 {
        next = 0.5 * (lo + hi)
      }
      s = next
    }
    return 0.5 * (lo + hi)
  }

  /// Progress p at fraction u, within 1e-7 of the exact curve (far better in practice).
  package func progress(_ u: Double) -> Double {
    y(solveCurveX(u))
  }
}
