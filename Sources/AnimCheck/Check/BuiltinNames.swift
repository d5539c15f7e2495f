import AnimMath
import AnimSyntax

/// The names the language predefines: colours, timing curves, functions (§1, §5, §11).
enum BuiltinNames {
  static let colors: [String: Color] = [
    "black": Color(rgba8: 0, 0, 0), "white": Color(rgba8: 255, 255, 255), "clear": Color(rgba8: 0, 0, 0, 0),
    "red": Color(rgba8: 255, 0, 0), "green": Color(rgba8: 0, 255, 0), "blue": Color(rgba8: 0, 0, 255),
    "yellow": Color(rgba8: 255, 255, 0), "orange": Color(rgba8: 255, 128, 0), "pink": Color(rgba8: 255, 45, 85),
    "purple": Color(rgba8: 128, 0, 128), "gray": Color(rgba8: 128, 128, 128),
  ]

  static let timings: [String: TimingFunction] = [
    "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
    "easeInEaseOut": .easeInOut, "default": .ease, "ease": .ease,
  ]

  static let functionSet: Set<String> = Set(functions)

  static let functions: [String] = [
    "floor", "ceil", "round", "sqrt", "min", "max", "abs", "clamp", "lerp", "sin", "cos", "tan", "atan2", "random",
    "randomInt", "choose", "rgb", "rgba", "hsl", "mix", "heart", "circle", "ellipse", "rect", "star", "polygon",
    "line", "quad", "cubic", "arc", "polyline", "parabola", "cubicBezier", "steps", "spring", "translate", "rotate",
    "scale",
  ]

  static let properties: [String] = Property.allCases.map(\.rawValue)

  /// Everything a name may be checked against for "did you mean" fixes.
  static var all: [String] { Array(colors.keys) + Array(timings.keys) + functions }

  /// Declared names may not take these (§1).
  static func isReserved(_ name: String) -> Bool { reservedNames.contains(name) }

  /// One set, so checking a declaration's name hashes it once.
  static let reservedNames: Set<String> =
    Set(colors.keys).union(timings.keys).union(functionSet).union(Word.clauseWordSpellings)

  static func describe(_ name: String) -> String {
    if colors[name] != nil { return "colour" }
    if timings[name] != nil { return "timing curve" }
    if functionSet.contains(name) { return "function" }
    return "clause word"
  }
}

/// One parameter of a built-in: label (nil when positional-only), type, default.
struct Parameter {
  var label: String?
  var type: AnimType
  var defaultValue: Expr?

  init(_ label: String?, _ type: AnimType, default d: Expr? = nil) {
    self.label = label
    self.type = type
    self.defaultValue = d
  }
}

/// The signature of a built-in with fixed parameter types (§11). Generic ones (min, max,
/// random, choose, …) are checked in `ExpressionChecker+Calls.swift`.
struct Signature {
  var builtin: Builtin
  var parameters: [Parameter]
  var result: AnimType

  static func number(_ v: Double) -> Expr { .constant(.number(v)) }

  static let fixed: [String: Signature] = [
    "floor": Signature(builtin: .floor, parameters: [Parameter(nil, .number)], result: .number),
    "ceil": Signature(builtin: .ceil, parameters: [Parameter(nil, .number)], result: .number),
    "round": Signature(builtin: .round, parameters: [Parameter(nil, .number)], result: .number),
    "sqrt": Signature(builtin: .sqrt, parameters: [Parameter(nil, .number)], result: .number),
    "sin": Signature(builtin: .sin, parameters: [Parameter(nil, .angle)], result: .number),
    "cos": Signature(builtin: .cos, parameters: [Parameter(nil, .angle)], result: .number),
    "tan": Signature(builtin: .tan, parameters: [Parameter(nil, .angle)], result: .number),
    "atan2": Signature(
      builtin: .atan2, parameters: [Parameter("y", .number), Parameter("x", .number)], result: .angle),
    "rgb": Signature(
      builtin: .rgb, parameters: [Parameter("r", .number), Parameter("g", .number), Parameter("b", .number)],
      result: .color),
    "rgba": Signature(
      builtin: .rgba,
      parameters: [Parameter("r", .number), Parameter("g", .number), Parameter("b", .number), Parameter("a", .number)],
      result: .color),
    "hsl": Signature(
      builtin: .hsl, parameters: [Parameter("h", .number), Parameter("s", .number), Parameter("l", .number)],
      result: .color),
    "mix": Signature(
      builtin: .mix, parameters: [Parameter(nil, .color), Parameter(nil, .color), Parameter("t", .number)],
      result: .color),
    "heart": Signature(
      builtin: .heart, parameters: [Parameter("w", .number), Parameter("h", .number)], result: .shape),
    "circle": Signature(builtin: .circle, parameters: [Parameter("r", .number)], result: .shape),
    "ellipse": Signature(
      builtin: .ellipse, parameters: [Parameter("w", .number), Parameter("h", .number)], result: .shape),
    "rect": Signature(
      builtin: .rect,
      parameters: [Parameter("w", .number), Parameter("h", .number), Parameter("corner", .number, default: number(0))],
      result: .shape),
    "star": Signature(
      builtin: .star,
      parameters: [Parameter("points", .number), Parameter("outer", .number), Parameter("inner", .number)],
      result: .shape),
    "polygon": Signature(builtin: .polygon, parameters: [Parameter(nil, .list(.point))], result: .shape),
    "line": Signature(builtin: .line, parameters: [Parameter("from", .point), Parameter("to", .point)], result: .path),
    "quad": Signature(
      builtin: .quad, parameters: [Parameter("from", .point), Parameter("control", .point), Parameter("to", .point)],
      result: .path),
    "cubic": Signature(
      builtin: .cubic,
      parameters: [
        Parameter("from", .point), Parameter("c1", .point), Parameter("c2", .point), Parameter("to", .point),
      ],
      result: .path),
    "arc": Signature(
      builtin: .arc,
      parameters: [
        Parameter("center", .point), Parameter("radius", .number), Parameter("start", .angle), Parameter("end", .angle),
        Parameter("clockwise", .bool, default: .constant(.bool(true))),
      ], result: .path),
    "polyline": Signature(builtin: .polyline, parameters: [Parameter(nil, .list(.point))], result: .path),
    "parabola": Signature(
      builtin: .parabola,
      parameters: [
        Parameter("from", .point), Parameter("to", .point), Parameter("height", .number),
        Parameter("type", .enumeration(.parabolaType), default: .constant(.enumCase("up"))),
      ], result: .path),
    "cubicBezier": Signature(
      builtin: .cubicBezier,
      parameters: [
        Parameter("x1", .number), Parameter("y1", .number), Parameter("x2", .number), Parameter("y2", .number),
      ],
      result: .timing),
    "steps": Signature(
      builtin: .steps,
      parameters: [
        Parameter("n", .number), Parameter(nil, .enumeration(.stepPosition), default: .constant(.enumCase("end"))),
      ],
      result: .timing),
    "translate": Signature(
      builtin: .translate, parameters: [Parameter("dx", .number), Parameter("dy", .number)], result: .transform),
    "rotate": Signature(builtin: .rotate, parameters: [Parameter(nil, .angle)], result: .transform),
  ]

  /// The four spring forms (§5), chosen by the labels given.
  static func spring(labels: Set<String>) -> Signature {
    if labels.contains("mass") || labels.contains("stiffness") {
      return Signature(
        builtin: .springMass,
        parameters: [
          Parameter("mass", .number, default: number(1)), Parameter("stiffness", .number, default: number(100)),
          Parameter("damping", .number, default: number(10)), Parameter("velocity", .number, default: number(0)),
        ], result: .timing)
    }
    if labels.contains("response") {
      return Signature(
        builtin: .springResponse,
        parameters: [Parameter("response", .duration), Parameter("dampingFraction", .number, default: number(0.825))],
        result: .timing)
    }
    if labels.contains("duration") || labels.contains("bounce") {
      return Signature(
        builtin: .springDuration,
        parameters: [Parameter("duration", .duration), Parameter("bounce", .number, default: number(0))],
        result: .timing)
    }
    return Signature(
      builtin: .springUIKit,
      parameters: [Parameter("damping", .number), Parameter("velocity", .number, default: number(0))],
      result: .timing)
  }
}
