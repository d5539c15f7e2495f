import AnimMath
import AnimModel

/// The shape and path constructors (§3.1, §4).
package enum ShapeBuiltins {
  private static func shape(_ outline: ShapeOutline) -> Value { .shape(ShapeValue(outline: outline)) }

  static let heart = BuiltinSpec(
    "heart", .heart, rule: .heart, [Parameter("w", .number), Parameter("h", .number)], result: .shape,
    kind: .shape, form: "w, h = w",
    doc:
      "Seed 000's heart: `p = 4`, `r = floor((w − 2p) / 4)`, bottom `B = (floor(w/2), h − p)`, `L = (p, floor(h / 2.4))`; quad to L with control `(L.x, L.y + r)`, two arcs of radius r centred at `(L.x + r, L.y)` and `(L.x + 3r, L.y)` from 180° to 0°, quad back to B with control `(L.x + 4r, L.y + r)`.",
    snippets: [BuiltinSnippet("(w, h = w)", "heart(${1:w})")]
  ) { v, _ in shape(.heart(width: v.n(0), height: v.n(1))) }
  static let circle = BuiltinSpec(
    "circle", .circle, [Parameter("r", .number)], result: .shape, kind: .shape, form: "r",
    doc: "A circle in a `2r × 2r` box; the outline starts at the rightmost point and runs clockwise."
  ) { v, _ in shape(.circle(radius: v.n(0))) }
  static let ellipse = BuiltinSpec(
    "ellipse", .ellipse, [Parameter("w", .number), Parameter("h", .number)], result: .shape, kind: .shape,
    form: "w, h", doc: "An ellipse in a `w × h` box; starts at the rightmost point, clockwise."
  ) { v, _ in shape(.ellipse(width: v.n(0), height: v.n(1))) }
  static let rect = BuiltinSpec(
    "rect", .rect,
    [Parameter("w", .number), Parameter("h", .number), Parameter("corner", .number, default: .constant(.number(0)))],
    result: .shape, kind: .shape, form: "w, h, corner: 0",
    doc: "A rectangle `w × h`, optionally with rounded corners; starts at the top-left corner, clockwise.",
    snippets: [BuiltinSnippet("(w, h, corner: 0)", "rect(${1:w}, ${2:h})")]
  ) { v, _ in shape(.rect(width: v.n(0), height: v.n(1), corner: v.n(2))) }
  static let star = BuiltinSpec(
    "star", .star, [Parameter("points", .number), Parameter("outer", .number), Parameter("inner", .number)],
    result: .shape, kind: .shape, form: "points, outer, inner",
    doc: "A star in a `2·outer` square, centred; first point straight up, clockwise."
  ) { v, _ in shape(.star(points: Builtins.safeInt(v.n(0)), outer: v.n(1), inner: v.n(2))) }
  static let polygon = BuiltinSpec(
    "polygon", .polygon, [Parameter(nil, .list(.point))], result: .shape, kind: .shape, form: "[p0, p1, …]",
    doc: "A closed polyline through the points as given.",
    snippets: [BuiltinSnippet("([p0, p1, …])", "polygon([${1}])")]
  ) { v, _ in shape(.polygon(Builtins.points(v.first))) }
  /// Inserted by the checker where a Path stands for a Shape.
  static let shapeOfPath = BuiltinSpec(
    "shapeOfPath", .shapeOfPath, rule: .inserted, [Parameter(nil, .path)], result: .shape, kind: .hidden, form: "path",
    doc: "The shape `shape { … }` of a path's commands."
  ) { v, _ in
    switch v.first {
    case .path(let p)?: return shape(.unshifted(p))
    // A path whose `from:` was left to the instance: its outline starts at its own origin.
    case .deferredPath(let d)?: return shape(.unshifted(d.build(.zero)))
    default: return .number(.nan)
    }
  }

  static let line = BuiltinSpec(
    path: "line", .line, [Parameter("from", .point), Parameter("to", .point)], form: "from: Point, to: Point",
    doc:
      "A straight path. In a node or spawn block `from:` may be omitted: the instance's position when the animation begins."
  ) { v in
    var builder = PathBuilder()
    builder.reserveCapacity(2)  // a move and the curve
    builder.move(to: v.p(0))
    builder.line(to: v.p(1))
    return builder.path
  }
  static let quad = BuiltinSpec(
    path: "quad", .quad, [Parameter("from", .point), Parameter("control", .point), Parameter("to", .point)],
    form: "from: Point, control: Point, to: Point", doc: "A quadratic Bézier path."
  ) { v in
    var builder = PathBuilder()
    builder.reserveCapacity(2)
    builder.move(to: v.p(0))
    builder.quad(control: v.p(1), to: v.p(2))
    return builder.path
  }
  static let cubic = BuiltinSpec(
    path: "cubic", .cubic,
    [Parameter("from", .point), Parameter("c1", .point), Parameter("c2", .point), Parameter("to", .point)],
    form: "from: Point, c1: Point, c2: Point, to: Point", doc: "A cubic Bézier path."
  ) { v in
    var builder = PathBuilder()
    builder.reserveCapacity(2)
    builder.move(to: v.p(0))
    builder.cubic(c1: v.p(1), c2: v.p(2), to: v.p(3))
    return builder.path
  }
  static let arc = BuiltinSpec(
    path: "arc", .arc,
    [
      Parameter("center", .point), Parameter("radius", .number), Parameter("start", .angle), Parameter("end", .angle),
      Parameter("clockwise", .bool, default: .constant(.bool(true))),
    ],
    form: "center: Point, radius: Number, start: Angle, end: Angle, clockwise: true",
    doc:
      "An arc; angles from +x towards +y (clockwise on screen). Sweep `end − start` (+360° until ≥ 0); ≥ 360° is a full circle.",
    snippets: [
      BuiltinSnippet(
        "(center: Point, radius: Number, start: Angle, end: Angle, clockwise: true)",
        "arc(center: ${1}, radius: ${2}, start: ${3}, end: ${4})")
    ]
  ) { v in
    let clockwise: Bool
    if v.count > 4, case .bool(let c) = v[4] { clockwise = c } else { clockwise = true }
    var builder = PathBuilder()
    builder.arc(
      Arc(
        center: v.p(0), radius: v.n(1), start: radians(fromDegrees: v.n(2)), end: radians(fromDegrees: v.n(3)),
        clockwise: clockwise))
    return builder.path
  }
  static let polyline = BuiltinSpec(
    path: "polyline", .polyline, [Parameter(nil, .list(.point))], form: "[p0, p1, …]",
    doc: "A path through the points, straight segments.",
    snippets: [BuiltinSnippet("([p0, p1, …])", "polyline([${1}])")]
  ) { v in
    var builder = PathBuilder()
    for (i, point) in Builtins.points(v.first).enumerated() {
      if i == 0 { builder.move(to: point) } else { builder.line(to: point) }
    }
    return builder.path
  }
  static let parabola = BuiltinSpec(
    path: "parabola", .parabola,
    [
      Parameter("from", .point), Parameter("to", .point), Parameter("height", .number),
      Parameter("type", .enumeration(.parabolaType), default: .constant(.enumCase("up"))),
    ],
    form: "from: Point, to: Point, height: Number, type: .up",
    doc: """
      Seed 002's add-to-cart flight. With `dx = E.x − S.x`, `dy = E.y − S.y`:
      - `.up` (default): quad S → E, control `(S.x + dx/3, S.y + dy/2 − h)`
      - `.downUp`: cubic, `c1 = (S.x + dx/3, S.y + dy/3 + h)`, `c2 = (S.x + 2dx/3, S.y + 2dy/3 − h)`
      - `.upDown`: cubic, `c1 = (S.x + dx/3, S.y + dy/3 − h)`, `c2 = (S.x + 2dx/3, S.y + 2dy/3 + h)`
      """,
    snippets: [
      BuiltinSnippet(
        "(from: Point, to: Point, height: Number, type: .up)", "parabola(from: ${1}, to: ${2}, height: ${3}, type: .up)"
      )
    ]
  ) { v in
    let type: ParabolaType
    switch Builtins.enumName(v.count > 3 ? v[3] : nil) {
    case "downUp": type = .downUp
    case "upDown": type = .upDown
    default: type = .up
    }
    return Path.parabola(from: v.p(0), to: v.p(1), height: v.n(2), type: type)
  }
}
