import AnimMath
import AnimModel

/// The timing constructors (§5) and the replicator's instance transforms (§3.2).
package enum TimingBuiltins {
  private static func number(_ v: Double) -> Expr { .constant(.number(v)) }

  static let cubicBezier = BuiltinSpec(
    "cubicBezier", .cubicBezier,
    [Parameter("x1", .number), Parameter("y1", .number), Parameter("x2", .number), Parameter("y2", .number)],
    result: .timing, kind: .timing, form: "x1, y1, x2, y2",
    doc:
      "The CSS / Core Animation unit Bézier from (0,0) to (1,1): solve `x(s) = u`, `p = y(s)`. x1 and x2 must lie in 0…1; y may overshoot."
  ) { v, _ in .timing(.cubicBezier(v.n(0), v.n(1), v.n(2), v.n(3))) }
  static let steps = BuiltinSpec(
    "steps", .steps,
    [Parameter("n", .number), Parameter(nil, .enumeration(.stepPosition), default: .constant(.enumCase("end")))],
    result: .timing, kind: .timing, form: "n, .end",
    doc: "CSS `steps()`: jump-end `p = floor(n·u)/n`; with `.start`, `p = min(1, (floor(n·u) + 1)/n)`.",
    snippets: [BuiltinSnippet("(n, .end)", "steps(${1:n}, .${2:end})")]
  ) { v, _ in
    let position: TimingFunction.StepPosition =
      Builtins.enumName(v.count > 1 ? v[1] : nil) == "start" ? .start : .end
    return .timing(.steps(Builtins.safeInt(v.n(0)), position))
  }

  /// One text for the four forms of `spring(…)`, which are one word to a reader.
  private static let springDoc = """
    A damped spring from 0 to 1; the labels choose the form (§5):
    - `mass`/`stiffness` → Core Animation's CASpringAnimation: `ω₀ = √(k/m)`, `ζ = c / (2√(km))`, real time
    - `response` → SwiftUI: `ω₀ = 2π / R`, `ζ = dampingFraction`, real time
    - `duration`/`bounce` → SwiftUI `Spring(duration:bounce:)`: `ω₀ = 2π / D`, `ζ = 1 − b` (b ≥ 0) or `1 / (1 + b)`, real time
    - `damping` → UIKit: ratio ζ, velocity v; `ω₀ = ln(1000) / (r·T)`, `r = max(ζ, 0.05)` for ζ < 1, `r = ζ − √(ζ² − 1)` for ζ ≥ 1

    Real-time springs may omit `over`: the duration is then the settling time `ln(1000) / (ω₀·r)`.
    """

  static let springUIKit = BuiltinSpec(
    "spring", .springUIKit, rule: .spring,
    [Parameter("damping", .number), Parameter("velocity", .number, default: number(0))], result: .timing,
    kind: .timing, form: "damping:, velocity: 0", doc: springDoc,
    snippets: [BuiltinSnippet("(damping:velocity:)", "spring(damping: ${1:0.6}, velocity: ${2:0})")]
  ) { v, _ in .timing(.spring(.uiKit(damping: v.n(0), velocity: v.n(1)))) }
  static let springDuration = BuiltinSpec(
    "spring", .springDuration, rule: .spring,
    [Parameter("duration", .duration), Parameter("bounce", .number, default: number(0))], result: .timing,
    kind: .timing, form: "duration:, bounce: 0", doc: springDoc,
    snippets: [BuiltinSnippet("(duration:bounce:)", "spring(duration: ${1:0.5s}, bounce: ${2:0})")]
  ) { v, _ in .timing(.spring(Spring(duration: v.n(0), bounce: v.n(1)))) }
  static let springResponse = BuiltinSpec(
    "spring", .springResponse, rule: .spring,
    [Parameter("response", .duration), Parameter("dampingFraction", .number, default: number(0.825))],
    result: .timing, kind: .timing, form: "response:, dampingFraction: 0.825", doc: springDoc,
    snippets: [
      BuiltinSnippet("(response:dampingFraction:)", "spring(response: ${1:0.5s}, dampingFraction: ${2:0.825})")
    ]
  ) { v, _ in .timing(.spring(Spring(response: v.n(0), dampingFraction: v.n(1)))) }
  static let springMass = BuiltinSpec(
    "spring", .springMass, rule: .spring,
    [
      Parameter("mass", .number, default: number(1)), Parameter("stiffness", .number, default: number(100)),
      Parameter("damping", .number, default: number(10)), Parameter("velocity", .number, default: number(0)),
    ], result: .timing, kind: .timing, form: "mass: 1, stiffness: 100, damping: 10, velocity: 0", doc: springDoc,
    snippets: [
      BuiltinSnippet(
        "(mass:stiffness:damping:velocity:)",
        "spring(mass: ${1:1}, stiffness: ${2:100}, damping: ${3:10}, velocity: ${4:0})")
    ]
  ) { v, _ in .timing(.spring(Spring(mass: v.n(0), stiffness: v.n(1), damping: v.n(2), velocity: v.n(3)))) }

  /// The spring form the labels given choose (§5): `mass`/`stiffness`, `response`,
  /// `duration`/`bounce`, else UIKit's `damping`.
  static func spring(labels: Set<String>) -> BuiltinSpec {
    if labels.contains("mass") || labels.contains("stiffness") { return springMass }
    if labels.contains("response") { return springResponse }
    if labels.contains("duration") || labels.contains("bounce") { return springDuration }
    return springUIKit
  }

  static let translate = BuiltinSpec(
    "translate", .translate, [Parameter("dx", .number), Parameter("dy", .number)], result: .transform,
    kind: .transform, form: "dx, dy", doc: "`instance transform`: a translation."
  ) { v, _ in .transform(.translation(v.n(0), v.n(1))) }
  static let rotate = BuiltinSpec(
    "rotate", .rotate, [Parameter(nil, .angle)], result: .transform, kind: .transform, form: "angle",
    doc: "`instance transform`: a rotation (clockwise)."
  ) { v, _ in .transform(.rotation(radians(fromDegrees: v.n(0)))) }
  static let scale = BuiltinSpec(
    "scale", .scale, rule: .scale, [], result: .transform, kind: .transform, form: "s",
    doc: "`instance transform`: a scale, `scale(s)` or `scale(sx, sy)`."
  ) { v, _ in .transform(.scale(v.n(0), v.count > 1 ? v.n(1) : v.n(0))) }
}
