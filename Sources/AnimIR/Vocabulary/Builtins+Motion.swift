import AnimMath
import AnimModel

/// §15's `motion(…)`, the value of `animate position with`, and `polar(r, a)`.
package enum MotionBuiltins {
  private static let origin = Expr.constant(.point(.zero))
  private static let zero = Expr.constant(.number(0))

  /// Damping and attraction below 0.001 are the checker's errors when constant; a
  /// per-spawn value there is taken as 0 (negative or NaN) or 0.001 (in between).
  static func coefficient(_ x: Double) -> Double {
    guard x > 0 else { return 0 }
    return x.isFinite ? Swift.max(x, Motion.minimumCoefficient) : 0
  }

  static let motion = BuiltinSpec(
    "motion", .motion,
    [
      Parameter("velocity", .point), Parameter("acceleration", .point, default: origin),
      Parameter("damping", .number, default: zero), Parameter("attractor", .point, default: origin),
      Parameter("attraction", .number, default: zero),
    ],
    result: .motion, kind: .function,
    form: "velocity: V, acceleration: A = (0, 0), damping: k = 0, attractor: P = (0, 0), attraction: s = 0",
    doc:
      "A physical motion for `animate position with`: per axis `p'' = A + s·(P − p) − k·p'`, `p(0)` the value below, `p'(0) = V`, solved in closed form. s = 0, k = 0: `p = p₀ + V·τ + A·τ²/2`; s = 0, k > 0: `p = p₀ + (A/k)·τ + (V − A/k)·(1 − e^(−kτ))/k`; s > 0: a damped oscillation about `P + A/s` with ω₀ = √s, ζ = k/(2ω₀). k and s are 0 or at least 0.001.",
    snippets: [BuiltinSnippet("(velocity:…)", "motion(velocity: ${1:(0, -200)}, acceleration: ${2:(0, 300)})")]
  ) { v, _ in
    .motion(
      Motion(
        velocity: v.p(0), acceleration: v.p(1), damping: coefficient(v.n(2)), attractor: v.p(3),
        attraction: coefficient(v.n(4))))
  }

  static let polar = BuiltinSpec(
    "polar", .polar, [Parameter(nil, .number), Parameter(nil, .angle)], result: .point, kind: .function,
    form: "r, a",
    doc: "The Point `(r·cos a, r·sin a)`: a speed and a direction, the angle clockwise from +x (y down)."
  ) { v, _ in .point(polarPoint(radius: v.n(0), angle: radians(fromDegrees: v.n(1)))) }
}
