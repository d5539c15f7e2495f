import AnimMath
import AnimModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The emission shapes (§15): a uniform random point relative to the centre of a shape's
/// box. `randomPoint(in:)` and `randomPoint(on:)` are one spelling whose form the label
/// chooses (`CallRule.randomPoint`); the checker records `in: rect(w, h)` as the hidden
/// `randomPointInRect`, so that evaluation knows the region without reading the outline.
package enum EmissionBuiltins {
  static let randomPointIn = BuiltinSpec(
    "randomPoint", .randomPointIn, rule: .randomPoint, [Parameter("in", .shape)], result: .point, stage: .perRun,
    kind: .function, form: "in: Shape",
    doc: """
      A uniform point inside `circle(r)`, `ellipse(w, h)` or `rect(w, h)` (no corner), relative to the centre of \
      its box (§15). Draws u, then v: a circle or an ellipse gives `(w/2·√u·cos 2πv, h/2·√u·sin 2πv)`, a \
      rectangle `(w·(u − ½), h·(v − ½))`. Not constant.
      """,
    snippets: [BuiltinSnippet("(in: Shape)", "randomPoint(in: ${1:circle(10)})")]
  ) { v, ctx in
    guard case .shape(let shape)? = v.first else { return .number(.nan) }
    return .point(insideEllipse(width: shape.outline.width, height: shape.outline.height, &ctx.random))
  }

  /// `randomPoint(in: rect(w, h))`, as the checker records it.
  static let randomPointInRect = BuiltinSpec(
    "randomPointInRect", .randomPointInRect, rule: .inserted, [Parameter("in", .shape)], result: .point,
    stage: .perRun, kind: .hidden, form: "in: Shape", doc: "A uniform point inside a rectangle, from its centre."
  ) { v, ctx in
    guard case .shape(let shape)? = v.first else { return .number(.nan) }
    return .point(insideRect(width: shape.outline.width, height: shape.outline.height, &ctx.random))
  }

  static let randomPointOn = BuiltinSpec(
    "randomPoint", .randomPointOn, rule: .randomPoint, [Parameter("on", .shape)], result: .point, stage: .perRun,
    kind: .function, form: "on: Shape",
    doc: """
      A uniform point on the outline of any Shape or Path, relative to the centre of its box (§15): draws u \
      and takes the point at arc length `u·L` (subpaths in order, a move counting 0). Not constant.
      """,
    snippets: [BuiltinSnippet("(on: Shape)", "randomPoint(on: ${1:circle(10)})")]
  ) { v, ctx in
    guard case .shape(let shape)? = v.first else { return .number(.nan) }
    return .point(onOutline(shape.outline, &ctx.random))
  }

  /// The form a label chooses: `on:` for the outline, `in:` otherwise.
  static func randomPoint(labels: Set<String>) -> BuiltinSpec {
    labels.contains("on") ? randomPointOn : randomPointIn
  }

  /// Inside the ellipse inscribed in a `width × height` box (a circle's box is square):
  /// u, then v.
  package static func insideEllipse(width: Double, height: Double, _ random: inout RandomStream) -> Point {
    let u = random.unit()
    let v = random.unit()
    let radius = u.squareRoot()
    let angle = 2 * Double.pi * v
    return Point(width / 2 * radius * cos(angle), height / 2 * radius * sin(angle))
  }

  /// Inside a `width × height` rectangle: u, then v.
  package static func insideRect(width: Double, height: Double, _ random: inout RandomStream) -> Point {
    let u = random.unit()
    let v = random.unit()
    return Point(width * (u - 0.5), height * (v - 0.5))
  }

  /// On the outline at arc length u·L (`PathMeasure`, the one length measure of a path),
  /// minus the centre of the box.
  package static func onOutline(_ outline: ShapeOutline, _ random: inout RandomStream) -> Point {
    let u = random.unit()
    let measure = PathMeasure(outline.path)
    let p = measure.point(atLength: u * measure.length)
    return Point(p.x - outline.width / 2, p.y - outline.height / 2)
  }
}

extension Signature {
  /// The form of `randomPoint(…)` the labels given choose (§15).
  package static func randomPoint(labels: Set<String>) -> Signature {
    let spec = EmissionBuiltins.randomPoint(labels: labels)
    return Signature(builtin: spec.builtin, parameters: spec.parameters, result: spec.result)
  }
}
