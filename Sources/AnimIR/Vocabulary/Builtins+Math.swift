import AnimMath
import AnimModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The C library's functions, named so that no entry (`MathBuiltins.sin`, …) shadows them.
// Glibc and Darwin both provide the unqualified names.
private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
private func libmTan(_ x: Double) -> Double { tan(x) }
private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// The math, random and colour functions (§2, §7, §11).
package enum MathBuiltins {
  private static let x = [Parameter(nil, .number)]
  private static let angle = [Parameter(nil, .angle)]

  static let floor = BuiltinSpec(
    "floor", .floor, x, result: .number, kind: .function, form: "x", doc: "Rounds a Number down."
  ) { v, _ in .number(v.n(0).rounded(.down)) }
  static let ceil = BuiltinSpec(
    "ceil", .ceil, x, result: .number, kind: .function, form: "x", doc: "Rounds a Number up."
  ) { v, _ in .number(v.n(0).rounded(.up)) }
  static let round = BuiltinSpec(
    "round", .round, x, result: .number, kind: .function, form: "x",
    doc: "Rounds a Number to the nearest integer, halves away from zero."
  ) { v, _ in .number(v.n(0).rounded(.toNearestOrAwayFromZero)) }
  static let sqrt = BuiltinSpec(
    "sqrt", .sqrt, x, result: .number, kind: .function, form: "x", doc: "Square root of a Number."
  ) { v, _ in .number(v.n(0).squareRoot()) }
  static let min = BuiltinSpec(
    "min", .min, rule: .generic, [], result: .number, kind: .function, form: "a, b",
    doc: "The smaller of two Numbers, Durations or Angles; component-wise on Points."
  ) { v, _ in Builtins.componentwise(v) { Swift.min($0[0], $0[1]) } }
  static let max = BuiltinSpec(
    "max", .max, rule: .generic, [], result: .number, kind: .function, form: "a, b",
    doc: "The larger of two Numbers, Durations or Angles; component-wise on Points."
  ) { v, _ in Builtins.componentwise(v) { Swift.max($0[0], $0[1]) } }
  static let abs = BuiltinSpec(
    "abs", .abs, rule: .generic, [], result: .number, kind: .function, form: "x",
    doc: "Absolute value of a Number, Duration or Angle; component-wise on Points."
  ) { v, _ in Builtins.componentwise(v) { Swift.abs($0[0]) } }
  static let clamp = BuiltinSpec(
    "clamp", .clamp, rule: .generic, [], result: .number, kind: .function, form: "x, lo, hi",
    doc: "`min(max(x, lo), hi)`; Numbers, Durations, Angles, component-wise on Points."
  ) { v, _ in Builtins.componentwise(v) { Swift.min(Swift.max($0[0], $0[1]), $0[2]) } }
  static let lerp = BuiltinSpec(
    "lerp", .lerp, rule: .generic, [], result: .number, kind: .function, form: "a, b, t",
    doc: "`a + (b − a)·t`; Numbers, Durations, Angles, component-wise on Points."
  ) { v, _ in
    let t = v.n(2)
    return Builtins.componentwise(v.first(2)) { $0[0] + ($0[1] - $0[0]) * t }
  }
  static let sin = BuiltinSpec(
    "sin", .sin, angle, result: .number, kind: .function, form: "angle", doc: "Sine of an Angle (a Number)."
  ) { v, _ in .number(libmSin(radians(fromDegrees: v.n(0)))) }
  static let cos = BuiltinSpec(
    "cos", .cos, angle, result: .number, kind: .function, form: "angle", doc: "Cosine of an Angle (a Number)."
  ) { v, _ in .number(libmCos(radians(fromDegrees: v.n(0)))) }
  static let tan = BuiltinSpec(
    "tan", .tan, angle, result: .number, kind: .function, form: "angle", doc: "Tangent of an Angle (a Number)."
  ) { v, _ in .number(libmTan(radians(fromDegrees: v.n(0)))) }
  static let atan2 = BuiltinSpec(
    "atan2", .atan2, [Parameter("y", .number), Parameter("x", .number)], result: .angle, kind: .function,
    form: "y, x", doc: "The Angle of the vector (x, y), from +x towards +y (clockwise on screen)."
  ) { v, _ in .number(degrees(fromRadians: libmAtan2(v.n(0), v.n(1)))) }

  static let distance = BuiltinSpec(
    "distance", .distance, [Parameter(nil, .point), Parameter(nil, .point)], result: .number, kind: .function,
    form: "p, q", doc: "The Euclidean distance between two Points: `√((qx − px)² + (qy − py)²)` (§16)."
  ) { v, _ in .number((v[1].point - v[0].point).length) }

  static let random = BuiltinSpec(
    "random", .random, rule: .generic, [], result: .number, stage: .perRun, kind: .function, form: "range",
    doc:
      "A uniform draw from `a..b` (Number, Duration or Angle): `a + (b − a)·u`, u from the owner's SplitMix64 stream (§7). Not constant.",
    snippets: [BuiltinSnippet("(range)", "random(${1:0}..${2:1})")]
  ) { v, ctx in
    guard case .range(let lo, let hi) = v.first else { return .number(.nan) }
    return .number(ctx.random.uniform(lo.number, hi.number))
  }
  static let randomInt = BuiltinSpec(
    "randomInt", .randomInt, rule: .generic, [], result: .number, stage: .perRun, kind: .function, form: "range",
    doc: "An integer from `a..b`, inclusive: `a + floor(u·(b − a + 1))`. Not constant.",
    snippets: [BuiltinSnippet("(range)", "randomInt(${1:0}..${2:10})")]
  ) { v, ctx in
    guard case .range(let lo, let hi) = v.first else { return .number(.nan) }
    return .number(ctx.random.int(lo.number, hi.number))
  }
  static let choose = BuiltinSpec(
    "choose", .choose, rule: .generic, [], result: .number, stage: .perRun, kind: .function, form: "x, …",
    doc: "One of its arguments, all of one type: `x[floor(u·n)]` (arguments evaluated first). Not constant."
  ) { v, ctx in v.isEmpty ? .number(.nan) : v[ctx.random.chooseIndex(v.count)] }

  static let rgb = BuiltinSpec(
    "rgb", .rgb, [Parameter("r", .number), Parameter("g", .number), Parameter("b", .number)], result: .color,
    kind: .color, form: "r, g, b", doc: "A Color from channels in 0…255."
  ) { v, _ in .color(Color(r: v.n(0) / 255, g: v.n(1) / 255, b: v.n(2) / 255)) }
  static let rgba = BuiltinSpec(
    "rgba", .rgba,
    [Parameter("r", .number), Parameter("g", .number), Parameter("b", .number), Parameter("a", .number)],
    result: .color, kind: .color, form: "r, g, b, a", doc: "A Color from channels in 0…255 and alpha in 0…1."
  ) { v, _ in .color(Color(r: v.n(0) / 255, g: v.n(1) / 255, b: v.n(2) / 255, a: v.n(3))) }
  static let hsl = BuiltinSpec(
    "hsl", .hsl, [Parameter("h", .number), Parameter("s", .number), Parameter("l", .number)], result: .color,
    kind: .color, form: "h, s, l",
    doc: "A Color from hue (a Number in degrees), saturation and lightness (`s%`, `l%`)."
  ) { v, _ in .color(Builtins.hsl(v.n(0), v.n(1), v.n(2))) }
  static let mix = BuiltinSpec(
    "mix", .mix, [Parameter(nil, .color), Parameter(nil, .color), Parameter("t", .number)], result: .color,
    kind: .function, form: "colorA, colorB, t", doc: "Interpolates two Colors per sRGB channel, straight alpha."
  ) { v, _ in
    guard v.count == 3 else { return .number(.nan) }
    return .color(v[0].color.lerp(to: v[1].color, v.n(2)))
  }
}
