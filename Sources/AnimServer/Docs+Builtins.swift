import Foundation

/// A built-in function, constructor or timing, with its documentation (spec §2–§5, §11).
/// `snippets` are LSP snippet texts for completion, one per form (springs have four),
/// each with the form's parameters as written after the name (`(x1, y1, x2, y2)`): the
/// completion label is the bare name, which is what a client inserts while the user
/// is still choosing, and the form only describes it.
struct BuiltinDoc {
  let name: String
  let signature: String
  let doc: String
  let snippets: [(form: String, text: String)]
  let kind: Kind

  enum Kind { case function, shape, path, timing, color, transform }
}

/// Built-in names, spelled as the spec's §11 table. Hover shows `signature` and `doc`;
/// completion inserts the snippets, labelled arguments written out.
enum BuiltinDocs {
  static let all: [BuiltinDoc] = functions + shapes + paths + timings + colors + transforms

  static let byName: [String: BuiltinDoc] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

  private static func one(
    _ name: String, _ params: String, _ doc: String, _ kind: BuiltinDoc.Kind, snippet: String? = nil
  ) -> BuiltinDoc {
    BuiltinDoc(
      name: name, signature: "\(name)(\(params))", doc: doc,
      snippets: [("(\(params))", snippet ?? "\(name)(\(placeholders(params)))")], kind: kind)
  }

  /// `a, b = 1, c: 2` → `${1:a}, ${2:b}, c: ${3:2}`: positional parameters as named
  /// placeholders, labelled ones keep their label.
  static func placeholders(_ params: String) -> String {
    var n = 0
    return params.split(separator: ",").map { raw -> String in
      n += 1
      let p = raw.trimmingCharacters(in: .whitespaces)
      if let colon = p.firstIndex(of: ":") {
        return "\(p[..<colon]): ${\(n)}"
      }
      let name = p.split(separator: "=").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? p
      return "${\(n):\(name)}"
    }.joined(separator: ", ")
  }

  static let functions: [BuiltinDoc] = [
    one("floor", "x", "Rounds a Number down.", .function),
    one("ceil", "x", "Rounds a Number up.", .function),
    one("round", "x", "Rounds a Number to the nearest integer, halves away from zero.", .function),
    one("sqrt", "x", "Square root of a Number.", .function),
    one("min", "a, b", "The smaller of two Numbers, Durations or Angles; component-wise on Points.", .function),
    one("max", "a, b", "The larger of two Numbers, Durations or Angles; component-wise on Points.", .function),
    one("abs", "x", "Absolute value of a Number, Duration or Angle; component-wise on Points.", .function),
    one(
      "clamp", "x, lo, hi", "`min(max(x, lo), hi)`; Numbers, Durations, Angles, component-wise on Points.", .function),
    one("lerp", "a, b, t", "`a + (b − a)·t`; Numbers, Durations, Angles, component-wise on Points.", .function),
    one("sin", "angle", "Sine of an Angle (a Number).", .function),
    one("cos", "angle", "Cosine of an Angle (a Number).", .function),
    one("tan", "angle", "Tangent of an Angle (a Number).", .function),
    one("atan2", "y, x", "The Angle of the vector (x, y), from +x towards +y (clockwise on screen).", .function),
    one(
      "random", "range",
      "A uniform draw from `a..b` (Number, Duration or Angle): `a + (b − a)·u`, u from the owner's SplitMix64 stream (§7). Not constant.",
      .function, snippet: "random(${1:0}..${2:1})"),
    one(
      "randomInt", "range", "An integer from `a..b`, inclusive: `a + floor(u·(b − a + 1))`. Not constant.", .function,
      snippet: "randomInt(${1:0}..${2:10})"),
    one(
      "choose", "x, …",
      "One of its arguments, all of one type: `x[floor(u·n)]` (arguments evaluated first). Not constant.", .function),
    one("mix", "colorA, colorB, t", "Interpolates two Colors per sRGB channel, straight alpha.", .function),
  ]

  static let shapes: [BuiltinDoc] = [
    one(
      "heart", "w, h = w",
      "Seed 000's heart: `p = 4`, `r = floor((w − 2p) / 4)`, bottom `B = (floor(w/2), h − p)`, `L = (p, floor(h / 2.4))`; quad to L with control `(L.x, L.y + r)`, two arcs of radius r centred at `(L.x + r, L.y)` and `(L.x + 3r, L.y)` from 180° to 0°, quad back to B with control `(L.x + 4r, L.y + r)`.",
      .shape, snippet: "heart(${1:w})"),
    one(
      "circle", "r", "A circle in a `2r × 2r` box; the outline starts at the rightmost point and runs clockwise.",
      .shape),
    one("ellipse", "w, h", "An ellipse in a `w × h` box; starts at the rightmost point, clockwise.", .shape),
    one(
      "rect", "w, h, corner: 0",
      "A rectangle `w × h`, optionally with rounded corners; starts at the top-left corner, clockwise.",
      .shape, snippet: "rect(${1:w}, ${2:h})"),
    one(
      "star", "points, outer, inner", "A star in a `2·outer` square, centred; first point straight up, clockwise.",
      .shape),
    one("polygon", "[p0, p1, …]", "A closed polyline through the points as given.", .shape, snippet: "polygon([${1}])"),
  ]

  static let paths: [BuiltinDoc] = [
    one(
      "line", "from: Point, to: Point",
      "A straight path. In a node or spawn block `from:` may be omitted: the instance's position when the animation begins.",
      .path),
    one("quad", "from: Point, control: Point, to: Point", "A quadratic Bézier path.", .path),
    one("cubic", "from: Point, c1: Point, c2: Point, to: Point", "A cubic Bézier path.", .path),
    one(
      "arc", "center: Point, radius: Number, start: Angle, end: Angle, clockwise: true",
      "An arc; angles from +x towards +y (clockwise on screen). Sweep `end − start` (+360° until ≥ 0); ≥ 360° is a full circle.",
      .path, snippet: "arc(center: ${1}, radius: ${2}, start: ${3}, end: ${4})"),
    one("polyline", "[p0, p1, …]", "A path through the points, straight segments.", .path, snippet: "polyline([${1}])"),
    one(
      "parabola", "from: Point, to: Point, height: Number, type: .up",
      """
      Seed 002's add-to-cart flight. With `dx = E.x − S.x`, `dy = E.y − S.y`:
      - `.up` (default): quad S → E, control `(S.x + dx/3, S.y + dy/2 − h)`
      - `.downUp`: cubic, `c1 = (S.x + dx/3, S.y + dy/3 + h)`, `c2 = (S.x + 2dx/3, S.y + 2dy/3 − h)`
      - `.upDown`: cubic, `c1 = (S.x + dx/3, S.y + dy/3 − h)`, `c2 = (S.x + 2dx/3, S.y + 2dy/3 + h)`
      """, .path, snippet: "parabola(from: ${1}, to: ${2}, height: ${3}, type: .up)"),
  ]

  static let timings: [BuiltinDoc] = [
    BuiltinDoc(
      name: "linear", signature: "linear", doc: "`p = u`. The default timing of an animation without `timing`.",
      snippets: [],
      kind: .timing),
    BuiltinDoc(name: "easeIn", signature: "easeIn", doc: "`cubicBezier(0.42, 0, 1, 1)`", snippets: [], kind: .timing),
    BuiltinDoc(name: "easeOut", signature: "easeOut", doc: "`cubicBezier(0, 0, 0.58, 1)`", snippets: [], kind: .timing),
    BuiltinDoc(
      name: "easeInOut", signature: "easeInOut", doc: "`cubicBezier(0.42, 0, 0.58, 1)` (alias `easeInEaseOut`)",
      snippets: [], kind: .timing),
    BuiltinDoc(
      name: "easeInEaseOut", signature: "easeInEaseOut", doc: "`cubicBezier(0.42, 0, 0.58, 1)` (alias of `easeInOut`)",
      snippets: [],
      kind: .timing),
    BuiltinDoc(
      name: "default", signature: "default",
      doc: "`cubicBezier(0.25, 0.1, 0.25, 1)`: Core Animation's `default`, CSS `ease` (alias `ease`)",
      snippets: [], kind: .timing),
    BuiltinDoc(
      name: "ease", signature: "ease", doc: "`cubicBezier(0.25, 0.1, 0.25, 1)` (alias of `default`)", snippets: [],
      kind: .timing),
    one(
      "cubicBezier", "x1, y1, x2, y2",
      "The CSS / Core Animation unit Bézier from (0,0) to (1,1): solve `x(s) = u`, `p = y(s)`. x1 and x2 must lie in 0…1; y may overshoot.",
      .timing),
    one(
      "steps", "n, .end",
      "CSS `steps()`: jump-end `p = floor(n·u)/n`; with `.start`, `p = min(1, (floor(n·u) + 1)/n)`.", .timing,
      snippet: "steps(${1:n}, .${2:end})"),
    BuiltinDoc(
      name: "spring",
      signature:
        "spring(damping:, velocity: 0) · spring(duration:, bounce: 0) · spring(response:, dampingFraction: 0.825) · spring(mass: 1, stiffness: 100, damping: 10, velocity: 0)",
      doc: """
        A damped spring from 0 to 1; the labels choose the form (§5):
        - `mass`/`stiffness` → Core Animation's CASpringAnimation: `ω₀ = √(k/m)`, `ζ = c / (2√(km))`, real time
        - `response` → SwiftUI: `ω₀ = 2π / R`, `ζ = dampingFraction`, real time
        - `duration`/`bounce` → SwiftUI `Spring(duration:bounce:)`: `ω₀ = 2π / D`, `ζ = 1 − b` (b ≥ 0) or `1 / (1 + b)`, real time
        - `damping` → UIKit: ratio ζ, velocity v; `ω₀ = ln(1000) / (r·T)`, `r = max(ζ, 0.05)` for ζ < 1, `r = ζ − √(ζ² − 1)` for ζ ≥ 1

        Real-time springs may omit `over`: the duration is then the settling time `ln(1000) / (ω₀·r)`.
        """,
      snippets: [
        ("(damping:velocity:)", "spring(damping: ${1:0.6}, velocity: ${2:0})"),
        ("(duration:bounce:)", "spring(duration: ${1:0.5s}, bounce: ${2:0})"),
        ("(response:dampingFraction:)", "spring(response: ${1:0.5s}, dampingFraction: ${2:0.825})"),
        (
          "(mass:stiffness:damping:velocity:)",
          "spring(mass: ${1:1}, stiffness: ${2:100}, damping: ${3:10}, velocity: ${4:0})"
        ),
      ], kind: .timing),
  ]

  static let colors: [BuiltinDoc] = [
    one("rgb", "r, g, b", "A Color from channels in 0…255.", .color),
    one("rgba", "r, g, b, a", "A Color from channels in 0…255 and alpha in 0…1.", .color),
    one("hsl", "h, s, l", "A Color from hue (a Number in degrees), saturation and lightness (`s%`, `l%`).", .color),
  ]

  static let transforms: [BuiltinDoc] = [
    one("translate", "dx, dy", "`instance transform`: a translation.", .transform),
    one("rotate", "angle", "`instance transform`: a rotation (clockwise).", .transform),
    one("scale", "s", "`instance transform`: a scale, `scale(s)` or `scale(sx, sy)`.", .transform),
  ]

  /// UIKit's named colours (§1).
  static let colorNames: [(String, String)] = [
    ("black", "#000000"), ("white", "#FFFFFF"), ("clear", "#00000000"), ("red", "#FF0000"), ("green", "#00FF00"),
    ("blue", "#0000FF"), ("yellow", "#FFFF00"), ("orange", "#FF8000"), ("pink", "#FF2D55"), ("purple", "#800080"),
    ("gray", "#808080"),
  ]

  /// Names a declaration may not take (§1): built-ins, timing names and colour names.
  static let reservedNames: Set<String> = Set(all.map(\.name)).union(colorNames.map(\.0))
}
