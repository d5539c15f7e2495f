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
  /// paint is a gradient fill fitted to each frame's projection (`LottieDepthGradient`),
  /// or, when some frame cuts it into strips, a group per strip (`stripGroups`).
  func depthJSON(index: Int) -> JSONValue? {
    let samples = instance.samples
    guard samples.contains(where: { $0.projection != nil }) else { return nil }
    // Flattening within 0.02 pt leaves room in §13's 0.05 pt for the JSON's decimals.
    let tol = 0.02 * tolerance.unit
    let path = instance.shape.outline.path
    // Each frame's fill polygons and stroke outline within a band of the box (all of it
    // but for a gradient cut into strips); none where the paint is hidden.
    let fill = { (s: LottieSample, band: BoxBand) -> [[Point]] in
      guard let h = s.projection, s.fill.a > 0 else { return [] }
      return ProjectedOutline.fill(path, h, tolerance: tol, band: band)
    }
    let stroke = { (s: LottieSample, band: BoxBand) -> [[Point]] in
      guard let h = s.projection, instance.hasStroke, s.stroke.a > 0, s.lineWidth > 0 else { return [] }
      return ProjectedOutline.stroke(
        path, h, lineWidth: s.lineWidth, strokeStart: instance.hasTrim ? s.strokeStart : 0,
        strokeEnd: instance.hasTrim ? s.strokeEnd : 1, tolerance: tol, band: band)
    }
    // One paint's shapes: a group per strip where some frame cuts its gradient into
    // bands, else one group of the whole outline under one paint.
    let paintShapes = {
      (
        name: String, g: Gradient?, strips: [LottieDepthStrips?], colors: [Color],
        outline: (LottieSample, BoxBand) -> [[Point]]
      ) -> [JSONValue] in
      if let g, strips.contains(where: { ($0?.bands.count ?? 0) > 1 }) {
        return stripGroups(name, g, strips) { outline(samples[$0], $1) }
      }
      let outlines = samples.map { outline($0, .all) }
      guard outlines.contains(where: { !$0.isEmpty }) else { return [] }
      let paint = g.map { gradientFill($0, strips.map { $0?.fits.first }) } ?? solidFill(colors)
      return [LottieJSON.group(name, bakedPaths(outlines) + [paint])]
    }
    let shapes =
      paintShapes("stroke", instance.gradients?.stroke, samples.map(\.depthStroke), samples.map(\.stroke), stroke)
      + paintShapes("fill", instance.gradients?.fill, samples.map(\.depthFill), samples.map(\.fill), fill)
    let opacity = reduce(samples.map { [$0.opacity * 100] }, range: 0...100) {
      abs($0 - $1) <= LottieTolerance.percent
    }
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

  /// A gradient fill whose start and end follow each frame's fit (`LottieDepthGradient`),
  /// keyed where they move by more than `moving` output units (default: §13's position
  /// tolerance); a frame without one (its paint hidden there) holds the nearest fit
  /// before it, or the first after.
  func gradientFill(_ g: Gradient, _ fits: [LottieDepthGradient?], moving: Double? = nil) -> JSONValue {
    let drawn = LottieDepthGradient.drawable(g)
    let first = fits.first(where: { $0 != nil }) ?? nil
    var held = first ?? LottieDepthGradient(start: .zero, end: Point(1, 0))
    let filled = fits.map { fit -> LottieDepthGradient in
      if let fit { held = fit }
      return held
    }
    let moving = moving ?? tolerance.position
    let within = { (a: Double, b: Double) in abs(a - b) <= moving }
    let start = reduce(filled.map { [$0.start.x, $0.start.y] }, within: within)
    let end = reduce(filled.map { [$0.end.x, $0.end.y] }, within: within)
    let type: Int
    if case .radial = drawn.geometry { type = 2 } else { type = 1 }
    return LottieGradient.gradientItem(
      "gf", LottieGradient.expanded(drawn.stops, tint: instance.tint), type: type,
      start: LottieJSON.property(start, scalar: false), end: LottieJSON.property(end, scalar: false),
      extra: [("r", LottieJSON.int(1))])
  }
}
