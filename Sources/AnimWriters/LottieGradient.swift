import AnimJSON
import AnimMath
import AnimModel

/// Gradient fills and strokes in Lottie (§12.2, §13): `gf` and `gs` shape items.
///
/// Coordinates are the layer's local box points, where its outline lies. Lottie's radial
/// gradient is a circle (`s` its centre, `e` a point on it); an ellipse of radii (rx, ry)
/// is that circle of radius rx in a group scaled by ry/rx vertically about the centre,
/// with the outline drawn through the inverse scale so that it lands where it was.
///
/// rlottie interpolates between stops on premultiplied colours; §12.2 interpolates with
/// straight alpha. Between two stops the straight rule's premultiplied value `C(s)·A(s)`
/// is a quadratic in s, whose largest distance from its chord is `|Δc·Δa| / 4`; cut into
/// n equal pieces, `|Δc·Δa| / (4n²)`. Stops are added (exact samples of the straight
/// gradient) until that is at most half of §13's 1/255 in every channel, so a player of
/// either kind draws within the tolerance.
enum LottieGradient {
  /// The layer's fill group for a gradient fill of `beziers`, the gradient in box points.
  static func fillGroup(_ beziers: [LottieBezier], _ g: Gradient, tint: Color?) -> JSONValue {
    let stops = expanded(g.stops, tint: tint)
    switch g.geometry {
    case .linear(let s, let e):
      let item = gradientItem("gf", stops, type: 1, start: s, end: e, extra: [("r", LottieJSON.int(1))])
      return LottieJSON.group("fill", paths(beziers) + [item])
    case .radial(let c, let r):
      guard r.x > 0, r.y > 0, r.x.isFinite, r.y.isFinite else {
        return LottieJSON.group("fill", paths(beziers) + [solidFill(stops.last?.color ?? .clear)])
      }
      let item = gradientItem(
        "gf", stops, type: 2, start: c, end: Point(c.x + r.x, c.y), extra: [("r", LottieJSON.int(1))])
      guard r.x != r.y else { return LottieJSON.group("fill", paths(beziers) + [item]) }
      let k = r.y / r.x
      let inner = beziers.map { squeezed($0, about: c.y, by: 1 / k) }
      let transform: JSONValue = .object([
        ("ty", .string("tr")), ("p", LottieJSON.fixed([c.x, c.y])), ("a", LottieJSON.fixed([c.x, c.y])),
        ("s", LottieJSON.fixed([100, 100 * k])), ("r", LottieJSON.fixed(0)), ("o", LottieJSON.fixed(100)),
        ("sk", LottieJSON.fixed(0)), ("sa", LottieJSON.fixed(0)),
      ])
      return .object([
        ("ty", .string("gr")), ("nm", .string("fill")), ("it", .array(paths(inner) + [item, transform])),
      ])
    }
  }

  /// A gradient stroke item (`gs`) with the stroke's width track and animc's butt caps,
  /// miter joins and limit 10. An elliptical radial gradient is drawn with the circle of
  /// the same area (Lottie scales a stroke's width with its group, so the fill's way
  /// would widen the line): exact for circles, approximate for ellipses.
  static func strokeItem(_ g: Gradient, tint: Color?, width: JSONValue) -> JSONValue {
    let stops = expanded(g.stops, tint: tint)
    let style: [(String, JSONValue)] = [
      ("w", width), ("lc", LottieJSON.int(1)), ("lj", LottieJSON.int(1)), ("ml", .number(10)),
    ]
    switch g.geometry {
    case .linear(let s, let e):
      return gradientItem("gs", stops, type: 1, start: s, end: e, extra: style)
    case .radial(let c, let r):
      let radius = (max(r.x, 0) * max(r.y, 0)).squareRoot()
      guard radius > 0, radius.isFinite else {
        let last = stops.last?.color ?? .clear
        return gradientItem(
          "gs", [Gradient.Stop(0, last), Gradient.Stop(1, last)], type: 1, start: c, end: c, extra: style)
      }
      return gradientItem("gs", stops, type: 2, start: c, end: Point(c.x + radius, c.y), extra: style)
    }
  }

  private static func gradientItem(
    _ ty: String, _ stops: [Gradient.Stop], type: Int, start: Point, end: Point, extra: [(String, JSONValue)]
  ) -> JSONValue {
    gradientItem(
      ty, stops, type: type, start: LottieJSON.fixed([start.x, start.y]), end: LottieJSON.fixed([end.x, end.y]),
      extra: extra)
  }

  /// A `gf` or `gs` item; `start` and `end` are Lottie point properties, fixed or keyed.
  static func gradientItem(
    _ ty: String, _ stops: [Gradient.Stop], type: Int, start: JSONValue, end: JSONValue,
    extra: [(String, JSONValue)]
  ) -> JSONValue {
    var colors: [Double] = []
    var alphas: [Double] = []
    for stop in stops {
      colors += [stop.location, stop.color.r, stop.color.g, stop.color.b]
      alphas += [stop.location, stop.color.a]
    }
    var members: [(String, JSONValue)] = [
      ("ty", .string(ty)), ("nm", .string(ty == "gf" ? "fill" : "stroke")), ("o", LottieJSON.fixed(100)),
      ("g", .object([("p", LottieJSON.int(stops.count)), ("k", LottieJSON.fixed(colors + alphas))])),
      ("s", start), ("e", end),
      ("t", LottieJSON.int(type)),
    ]
    if type == 2 { members += [("h", LottieJSON.fixed(0)), ("a", LottieJSON.fixed(0))] }
    members += extra
    members.append(("bm", LottieJSON.int(0)))
    return .object(members)
  }

  private static func solidFill(_ c: Color) -> JSONValue {
    .object([
      ("ty", .string("fl")), ("nm", .string("fill")), ("c", LottieJSON.fixed([c.r, c.g, c.b])),
      ("o", LottieJSON.fixed(c.a * 100)), ("r", LottieJSON.int(1)), ("bm", LottieJSON.int(0)),
    ])
  }

  private static func paths(_ beziers: [LottieBezier]) -> [JSONValue] {
    beziers.enumerated().map { LottieJSON.path($1, name: "outline \($0 + 1)") }
  }

  /// The outline with y scaled by `k` about `y0` (tangents are offsets: scaled alone).
  private static func squeezed(_ b: LottieBezier, about y0: Double, by k: Double) -> LottieBezier {
    var out = b
    out.vertices = b.vertices.map { Point($0.x, y0 + ($0.y - y0) * k) }
    out.inTangents = b.inTangents.map { Point($0.x, $0.y * k) }
    out.outTangents = b.outTangents.map { Point($0.x, $0.y * k) }
    return out
  }

  /// The stops tinted (channels clamped to 0…1), with stops added between any two whose
  /// premultiplied interpolation strays from the straight one by more than 0.5/255.
  static func expanded(_ stops: [Gradient.Stop], tint: Color?) -> [Gradient.Stop] {
    let t = tint ?? .white
    let tinted = stops.map { s in
      Gradient.Stop(
        lottieUnit(s.location),
        Color(
          r: lottieUnit(s.color.r * t.r), g: lottieUnit(s.color.g * t.g), b: lottieUnit(s.color.b * t.b),
          a: lottieUnit(s.color.a * t.a)))
    }
    guard var previous = tinted.first else { return [] }
    var out = [previous]
    for stop in tinted.dropFirst() {
      defer { previous = stop }
      let a = previous.color
      let b = stop.color
      let spread = max(abs(b.r - a.r), abs(b.g - a.g), abs(b.b - a.b)) * abs(b.a - a.a)
      let pieces = stop.location > previous.location ? Int((spread * 255 / 2).squareRoot().rounded(.up)) : 1
      if pieces > 1 {
        for k in 1..<pieces {
          let f = Double(k) / Double(pieces)
          out.append(
            Gradient.Stop(previous.location + (stop.location - previous.location) * f, a.lerp(to: b, f)))
        }
      }
      out.append(stop)
    }
    return out
  }
}
