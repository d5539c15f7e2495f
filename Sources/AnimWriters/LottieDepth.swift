import AnimJSON
import AnimMath
import AnimModel
import AnimRender

// A 3-D node in a Lottie export (§13): Lottie layers have no perspective that players
// agree on, so the projected outline is baked into path keyframes, in output units,
// under an identity layer transform, and a gradient's start and end with it.

extension LottieLayer {
  /// The layer of a 3-D instance, or nil for a 2-D one. Each frame's fill polygons and
  /// stroke outline (made in the box at the line width, then projected, as animc draws
  /// it) are path keyframes held until the outline changes; the stroke's outline is
  /// filled with the stroke colour, listed first so that it covers the fill. A gradient
  /// paint is a gradient fill fitted to each frame's projection (`LottieDepthGradient`).
  func depthJSON(index: Int) -> JSONValue? {
    let samples = instance.samples
    guard samples.contains(where: { $0.projection != nil }) else { return nil }
    // Flattening within 0.02 pt leaves room in §13's 0.05 pt for the JSON's decimals.
    let tol = 0.02 * tolerance.unit
    let path = instance.shape.outline.path
    var fills: [[[Point]]] = []
    var strokes: [[[Point]]] = []
    for s in samples {
      guard let h = s.projection else {
        fills.append([])
        strokes.append([])
        continue
      }
      fills.append(s.fill.a > 0 ? ProjectedOutline.fill(path, h, tolerance: tol) : [])
      if instance.hasStroke && s.stroke.a > 0 && s.lineWidth > 0 {
        strokes.append(
          ProjectedOutline.stroke(
            path, h, lineWidth: s.lineWidth, strokeStart: instance.hasTrim ? s.strokeStart : 0,
            strokeEnd: instance.hasTrim ? s.strokeEnd : 1, tolerance: tol))
      } else {
        strokes.append([])
      }
    }
    var shapes: [JSONValue] = []
    if strokes.contains(where: { !$0.isEmpty }) {
      let paint =
        instance.gradients?.stroke.map { gradientFill($0, samples.map(\.depthStroke)) }
        ?? solidFill(samples.map(\.stroke))
      shapes.append(LottieJSON.group("stroke", bakedPaths(strokes) + [paint]))
    }
    if fills.contains(where: { !$0.isEmpty }) {
      let paint =
        instance.gradients?.fill.map { gradientFill($0, samples.map(\.depthFill)) } ?? solidFill(samples.map(\.fill))
      shapes.append(LottieJSON.group("fill", bakedPaths(fills) + [paint]))
    }
    let opacity = reduce(samples.map { [$0.opacity * 100] }) { abs($0 - $1) <= LottieTolerance.percent }
    let ks: JSONValue = .object([
      ("o", LottieJSON.property(opacity, scalar: true)), ("r", LottieJSON.fixed(0)),
      ("p", LottieJSON.fixed([0, 0])), ("a", LottieJSON.fixed([0, 0])), ("s", LottieJSON.fixed([100, 100])),
    ])
    return .object([
      ("ddd", LottieJSON.int(0)), ("ind", LottieJSON.int(index)), ("ty", LottieJSON.int(4)),
      ("nm", .string(instance.id.description)), ("sr", LottieJSON.int(1)), ("ks", ks), ("ao", LottieJSON.int(0)),
      ("shapes", .array(shapes)), ("ip", LottieJSON.int(instance.firstFrame)),
      ("op", LottieJSON.int(instance.endFrame)), ("st", LottieJSON.int(0)), ("bm", LottieJSON.int(0)),
    ])
  }

  /// A non-zero fill in `colors` (per frame), as the 2-D layers write theirs.
  private func solidFill(_ colors: [Color]) -> JSONValue {
    .object([
      ("ty", .string("fl")), ("nm", .string("fill")), ("c", color(colors)), ("o", alpha(colors)),
      ("r", LottieJSON.int(1)), ("bm", LottieJSON.int(0)),
    ])
  }

  /// A gradient fill whose start and end follow each frame's fit (`LottieDepthGradient`);
  /// a frame without one (its paint hidden there) holds the nearest fit before it, or
  /// the first after.
  private func gradientFill(_ g: Gradient, _ fits: [LottieDepthGradient?]) -> JSONValue {
    let drawn = LottieDepthGradient.drawable(g)
    let first = fits.first(where: { $0 != nil }) ?? nil
    var held = first ?? LottieDepthGradient(start: .zero, end: Point(1, 0))
    let filled = fits.map { fit -> LottieDepthGradient in
      if let fit { held = fit }
      return held
    }
    let within = { (a: Double, b: Double) in abs(a - b) <= tolerance.position }
    let start = reduce(filled.map { [$0.start.x, $0.start.y] }, within: within)
    let end = reduce(filled.map { [$0.end.x, $0.end.y] }, within: within)
    let type: Int
    if case .radial = drawn.geometry { type = 2 } else { type = 1 }
    return LottieGradient.gradientItem(
      "gf", LottieGradient.expanded(drawn.stops, tint: instance.tint), type: type,
      start: LottieJSON.property(start, scalar: false), end: LottieJSON.property(end, scalar: false),
      extra: [("r", LottieJSON.int(1))])
  }

  /// One path item per polygon slot: slot k holds each frame's k-th polygon (a single
  /// point, drawing nothing, in frames with fewer), keyed only where it changes and held
  /// between keys, since clipping may change its vertex count.
  private func bakedPaths(_ frames: [[[Point]]]) -> [JSONValue] {
    let slots = frames.map(\.count).max() ?? 0
    return (0..<slots).map { k in
      var keys: [JSONValue] = []
      var last: [Point]? = nil
      for (f, polygons) in frames.enumerated() {
        let polygon = k < polygons.count ? polygons[k] : [Point(0, 0)]
        if let last, last == polygon { continue }
        last = polygon
        keys.append(
          .object([
            ("t", LottieJSON.int(instance.firstFrame + f)), ("s", .array([Self.shape(polygon)])),
            ("h", LottieJSON.int(1)),
          ]))
      }
      let ks: JSONValue
      if keys.count == 1, case .object(let members) = keys[0],
        case .array(let value)? = members.first(where: {
          $0.0 == "s"
        })?.1, let only = value.first
      {
        ks = .object([("a", LottieJSON.int(0)), ("k", only)])
      } else {
        ks = .object([("a", LottieJSON.int(1)), ("k", .array(keys))])
      }
      return .object([("ty", .string("sh")), ("nm", .string("outline \(k + 1)")), ("ks", ks)])
    }
  }

  /// A closed polygon as a Lottie shape value (straight edges: zero tangents).
  private static func shape(_ polygon: [Point]) -> JSONValue {
    let zeros = JSONValue.array(polygon.map { _ in LottieJSON.point(.zero) })
    return .object([
      ("c", .bool(true)), ("v", .array(polygon.map(LottieJSON.point))), ("i", zeros), ("o", zeros),
    ])
  }
}
