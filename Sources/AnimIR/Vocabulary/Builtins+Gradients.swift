import AnimMath
import AnimModel

/// The gradient constructors (§12.2, §11): values for `fill` and `stroke`.
///
/// The checker rejects fewer than two colours, a locations list of another length, and
/// locations outside 0…1 or decreasing, wherever it can count or fold them
/// (`GradientRules.swift`). What it cannot know before a run (a per-spawn location) is
/// made sound here instead: locations clamped into 0…1 and made non-decreasing, and
/// evenly spaced when their number does not match, so no value can break drawing.
package enum GradientBuiltins {
  /// `locations:` left out: the built-in spaces the stops evenly.
  static let evenlySpaced = Expr.constant(.list([]))

  static let linearGradient = BuiltinSpec(
    "linearGradient", .linearGradient,
    [
      Parameter(nil, .list(.color)), Parameter("locations", .list(.number), default: evenlySpaced),
      Parameter("start", .point, default: .constant(.point(Point(0.5, 0)))),
      Parameter("end", .point, default: .constant(.point(Point(0.5, 1)))),
    ],
    result: .gradient, kind: .color, form: "[c0, c1, …], locations: evenly spaced, start: (0.5, 0), end: (0.5, 1)",
    doc:
      "A linear (CAGradientLayer `.axial`) gradient for `fill` or `stroke`: at least two colours, from unit point `start` to `end` of the shape's box (default top to bottom), interpolated per sRGB channel with straight alpha, padded beyond the ends. `locations` (0…1, non-decreasing, one per colour) default to evenly spaced.",
    snippets: [
      BuiltinSnippet("([c0, c1, …], locations:, start:, end:)", "linearGradient([${1:clear}, ${2:black}])")
    ]
  ) { v, _ in
    gradient(v) { .linear($0, start: v.p(2), end: v.p(3)) }
  }

  static let radialGradient = BuiltinSpec(
    "radialGradient", .radialGradient,
    [
      Parameter(nil, .list(.color)), Parameter("locations", .list(.number), default: evenlySpaced),
      Parameter("center", .point, default: .constant(.point(Point(0.5, 0.5)))),
      Parameter("radius", .number, default: .constant(.number(0.5))),
    ],
    result: .gradient, kind: .color, form: "[c0, c1, …], locations: evenly spaced, center: (0.5, 0.5), radius: 0.5",
    doc:
      "A radial gradient for `fill` or `stroke`: 0 at unit point `center` of the shape's box, 1 on the ellipse of radii `radius·w` and `radius·h`; interpolated per sRGB channel with straight alpha, padded beyond the ends.",
    snippets: [
      BuiltinSnippet("([c0, c1, …], locations:, center:, radius:)", "radialGradient([${1:white}, ${2:clear}])")
    ]
  ) { v, _ in
    gradient(v) { .radial($0, center: v.p(2), radius: Point(v.n(3), v.n(3))) }
  }

  /// The stops from arguments 0 and 1, made sound (see above), handed to `make`; NaN
  /// (a run-time error at the call) when a number is not finite.
  private static func gradient(_ v: BuiltinArguments, _ make: ([Gradient.Stop]) -> Gradient) -> Value {
    guard case .list(let items)? = v.first else { return .number(.nan) }
    var colors = items.map(\.color)
    if colors.isEmpty { colors = [.clear] }
    if colors.count == 1 { colors.append(colors[0]) }
    var locations: [Double] = []
    if v.count > 1, case .list(let given) = v[1] { locations = given.map(\.number) }
    if locations.count != colors.count { locations = Gradient.evenLocations(colors.count) }
    var stops: [Gradient.Stop] = []
    stops.reserveCapacity(colors.count)
    var floor = 0.0
    for (l, c) in zip(locations, colors) {
      guard l.isFinite, c.r.isFinite, c.g.isFinite, c.b.isFinite, c.a.isFinite else { return .number(.nan) }
      floor = Swift.max(floor, Swift.min(1, l))
      stops.append(Gradient.Stop(floor, c))
    }
    let g = make(stops)
    switch g.geometry {
    case .linear(let s, let e):
      guard s.x.isFinite, s.y.isFinite, e.x.isFinite, e.y.isFinite else { return .number(.nan) }
    case .radial(let c, let r):
      guard c.x.isFinite, c.y.isFinite, r.x.isFinite else { return .number(.nan) }
    }
    return .gradient(g)
  }
}

extension IRPrinter {
  /// A gradient value as the IR listing writes it: kind, stops, geometry.
  static func gradientText(_ g: Gradient, _ n: (Double) -> String) -> String {
    let stops = g.stops.map { "\(n($0.location)): \($0.color.hex)" }.joined(separator: ", ")
    switch g.geometry {
    case .linear(let s, let e):
      return "linearGradient([\(stops)], (\(n(s.x)), \(n(s.y))) → (\(n(e.x)), \(n(e.y))))"
    case .radial(let c, let r):
      return "radialGradient([\(stops)], (\(n(c.x)), \(n(c.y))), r (\(n(r.x)), \(n(r.y))))"
    }
  }
}

extension ShapeStyle {
  /// `fill` or `stroke` in a shape's style: a colour, or a gradient recorded in
  /// `gradients` with a white placeholder colour (so the paint counts as present).
  mutating func setPaint(fill: Bool, _ v: Value) {
    var gradient: Gradient? = nil
    if case .gradient(let g) = v { gradient = g }
    let color = gradient == nil ? v.color : Color.white
    if fill { self.fill = color } else { stroke = color }
    if gradient == nil && gradients == nil { return }
    gradients =
      fill
      ? PaintGradients.setting(gradients, fill: .some(gradient), stroke: nil)
      : PaintGradients.setting(gradients, fill: nil, stroke: .some(gradient))
  }
}
