import AnimJSON
import AnimMath
import AnimModel

/// §13's tolerances in output units, each kept a little inside the limit so that the
/// six decimals of the JSON numbers cannot push a value over it.
struct LottieTolerance: Sendable {
  /// Output units per scene point (the picture's scale; the smaller axis).
  var unit: Double

  /// Outline points through the whole transform: 0.05 pt, split between the arcs'
  /// cubics and the transform's three properties, whose errors add at most.
  var arc: Double { 0.0005 * unit }
  var transform: Double { 0.0495 * unit }
  var position: Double { 0.018 * unit }
  var rotation: Double { 0.0157 * unit }
  var scale: Double { 0.0157 * unit }
  /// Opacity and trim fractions as Lottie percentages (0.001 → 0.1).
  static let percent = 0.0999
  /// Colour channels, 0…1 (1/255).
  static let color = 0.00392
  /// Colour alpha as a percentage.
  static let alphaPercent = 0.392
  /// Line width, local units.
  static let lineWidth = 0.00999
}

/// One instance as one Lottie shape layer: its transform, opacity, outline, fill, stroke
/// and trim, each reduced to keyframes within tolerance.
struct LottieLayer {
  let instance: LottieInstance
  let tolerance: LottieTolerance
  /// Scene points to output units.
  let scale: AffineTransform
  var easings: [LottieEasing] = LottieEasing.named
  /// Trims as fractions of rlottie's measure of the outline (`LottieTrimMeasure`): for a
  /// Telegram sticker, which rlottie alone plays.
  var rlottieTrim = false

  /// The layer's JSON, `ind` being its index, and whether its matrix has a shear: then
  /// a null layer (`index + 1`, listed after it) is its parent and carries the shear
  /// (`LottieShearSample`). `parent` is the `ind` of its parent's layer in a tree (§14),
  /// whose space its transform is in; the shear's null layer, when there is one, takes it.
  func json(index: Int, parent: Int? = nil) -> (layers: [JSONValue], skewed: Bool) {
    if let baked = depthJSON(index: index) { return ([withEffects(baked, layerMatrices: nil)], false) }
    let samples = instance.samples
    let stretch = samples.reduce(1e-9) { m, s in
      max(
        m,
        (s.matrix.a * s.matrix.a + s.matrix.b * s.matrix.b + s.matrix.c * s.matrix.c + s.matrix.d * s.matrix.d)
          .squareRoot())
    }
    let beziers = LottiePath.beziers(instance.shape.outline.path, tolerance: tolerance.arc / stretch)
    var points = beziers.flatMap(\.points)
    if let r = instance.reach {
      // Where its children draw: its transform must hold there too (`LottieTreeFrame`).
      points += [Point(r[0], r[1]), Point(r[2], r[1]), Point(r[0], r[3]), Point(r[2], r[3])]
    }
    let anchor = instance.anchor(scale: scale)
    let transform = transformTracks(anchor: anchor, points: points)

    let opacity = reduce(samples.map { [$0.opacity * 100] }, range: 0...100) {
      abs($0 - $1) <= LottieTolerance.percent
    }
    var shapes: [JSONValue] = []
    let paths = beziers.enumerated().map { LottieJSON.path($1, name: "outline \($0 + 1)") }
    if instance.hasStroke && samples.contains(where: { $0.stroke.a > 0 && $0.lineWidth > 0 }) {
      var items = paths
      if instance.hasTrim {
        let measure = rlottieTrim ? LottieTrimMeasure(beziers) : nil
        let fraction = { (f: Double) in (measure?.rlottieFraction(f) ?? f) * 100 }
        // Converted fractions no longer follow one curve: their keyframes keep to a third
        // of the tolerance, leaving the rest to the measure's own residue.
        let within = measure == nil ? LottieTolerance.percent : LottieTolerance.percent / 3
        let start = reduce(samples.map { [fraction($0.strokeStart)] }) { abs($0 - $1) <= within }
        let end = reduce(samples.map { [fraction($0.strokeEnd)] }) { abs($0 - $1) <= within }
        items.append(
          .object([
            ("ty", .string("tm")), ("nm", .string("trim")), ("s", LottieJSON.property(start, scalar: true)),
            ("e", LottieJSON.property(end, scalar: true)), ("o", LottieJSON.fixed(0)),
            // The outline's subpaths are trimmed as one path, end to end (§6.1).
            ("m", LottieJSON.int(beziers.count > 1 ? 2 : 1)),
          ]))
      }
      let width = reduce(samples.map { [$0.lineWidth] }) { abs($0 - $1) <= LottieTolerance.lineWidth }
      items.append(
        .object([
          ("ty", .string("st")), ("nm", .string("stroke")), ("c", color(samples.map(\.stroke))),
          ("o", alpha(samples.map(\.stroke))), ("w", LottieJSON.property(width, scalar: true)),
          // Butt caps and miter joins with limit 10, as animc strokes.
          ("lc", LottieJSON.int(1)), ("lj", LottieJSON.int(1)), ("ml", .number(10)), ("bm", LottieJSON.int(0)),
        ]))
      if let g = instance.gradients?.stroke {
        let w = LottieJSON.property(width, scalar: true)
        items[items.count - 1] = LottieGradient.strokeItem(g, tint: instance.tint, width: w)
      }
      // Listed first: Lottie draws the first item on top, and the stroke covers the fill.
      shapes.append(LottieJSON.group("stroke", items))
    }
    if let g = instance.gradients?.fill, samples.contains(where: { $0.fill.a > 0 }) {
      shapes.append(LottieGradient.fillGroup(beziers, g, tint: instance.tint))
    } else if samples.contains(where: { $0.fill.a > 0 }) {
      let fill: JSONValue = .object([
        ("ty", .string("fl")), ("nm", .string("fill")), ("c", color(samples.map(\.fill))),
        ("o", alpha(samples.map(\.fill))), ("r", LottieJSON.int(1)), ("bm", LottieJSON.int(0)),
      ])
      shapes.append(LottieJSON.group("fill", paths + [fill]))
    }
    var shear: [LottieTrack] = []
    let ks: JSONValue
    if let transform {
      ks = .object([
        ("o", LottieJSON.property(opacity, scalar: true)),
        ("r", LottieJSON.property(transform.rotation, scalar: true)),
        ("p", LottieJSON.property(transform.position, scalar: false)),
        ("a", LottieJSON.fixed([anchor.x, anchor.y])),
        ("s", LottieJSON.property(transform.scale, scalar: false)),
      ])
    } else {
      shear = shearTracks(anchor: anchor, points: points)
      ks = .object([
        ("o", LottieJSON.property(opacity, scalar: true)),
        ("r", LottieJSON.property(shear[3], scalar: true)),
        ("p", LottieJSON.fixed([0, 0])),
        ("a", LottieJSON.fixed([anchor.x, anchor.y])),
        ("s", LottieJSON.fixed([100, 100])),
      ])
    }
    var members: [(String, JSONValue)] = [
      ("ddd", LottieJSON.int(0)), ("ind", LottieJSON.int(index)), ("ty", LottieJSON.int(4)),
      ("nm", .string(instance.id.description)), ("sr", LottieJSON.int(1)), ("ks", ks), ("ao", LottieJSON.int(0)),
      ("shapes", .array(shapes)), ("ip", LottieJSON.int(instance.firstFrame)),
      ("op", LottieJSON.int(instance.endFrame)), ("st", LottieJSON.int(0)), ("bm", LottieJSON.int(0)),
    ]
    let matrices = samples.map(\.matrix)
    if instance.isGroup {
      // A group draws nothing: a null layer, only a parent to its children.
      members.removeAll { $0.0 == "shapes" }
      members[2].1 = LottieJSON.int(3)
    }
    guard transform == nil else {
      if let parent { members.append(("parent", LottieJSON.int(parent))) }
      return ([withEffects(.object(members), layerMatrices: matrices)], false)
    }
    members.append(("parent", LottieJSON.int(index + 1)))
    var shearLayer = shearParent(shear, index: index + 1)
    if let parent, case .object(var m) = shearLayer {
      m.append(("parent", LottieJSON.int(parent)))
      shearLayer = .object(m)
    }
    return ([withEffects(.object(members), layerMatrices: matrices), shearLayer], true)
  }

  /// `range`: what every component must keep (`LottieReducer.range`).
  func reduce(
    _ values: [[Double]], range: ClosedRange<Double>? = nil, within: @escaping (Double, Double) -> Bool
  ) -> LottieTrack {
    var reducer = LottieReducer(samples: values, first: instance.firstFrame) { k, v in
      zip(v, values[k]).allSatisfy { within($0, $1) }
    }
    reducer.easings = easings
    reducer.range = range
    return reducer.reduce()
  }

  func color(_ colors: [Color]) -> JSONValue {
    LottieJSON.property(
      reduce(colors.map { [$0.r, $0.g, $0.b] }, range: 0...1) { abs($0 - $1) <= LottieTolerance.color },
      scalar: false)
  }

  func alpha(_ colors: [Color]) -> JSONValue {
    LottieJSON.property(
      reduce(colors.map { [$0.a * 100] }, range: 0...100) { abs($0 - $1) <= LottieTolerance.alphaPercent },
      scalar: true)
  }

  // MARK: - Transform

  struct TransformTracks {
    var position: LottieTrack
    var rotation: LottieTrack
    var scale: LottieTrack
  }

  /// Position, rotation and scale about `anchor`: each reduced within its share of the
  /// point tolerance, then pruned together against the whole transform on `points`.
  /// Nil when a frame's matrix has a shear the three cannot carry.
  private func transformTracks(anchor: Point, points: [Point]) -> TransformTracks? {
    var decomposed: [LottieTransformSample] = []
    for s in instance.samples {
      decomposed.append(LottieTransformSample(s.matrix, anchor: anchor, previous: decomposed.last?.rotation))
    }
    let radius = points.reduce(1e-9) { max($0, $1.distance(to: anchor)) }
    let maxScale = decomposed.reduce(1e-9) { max($0, abs($1.scaleX), abs($1.scaleY)) }
    // What is left of the point tolerance beside the three shares: a shear smaller than
    // that is left out, a larger one goes to a parent layer (`shearTracks`).
    let slack = tolerance.transform - tolerance.position - tolerance.rotation - tolerance.scale
    if decomposed.contains(where: { !(abs($0.skew) * radius <= slack) }) { return nil }
    let positions = decomposed.map { [$0.position.x, $0.position.y] }
    let rotations = decomposed.map { [$0.rotation] }
    let scales = decomposed.map { [$0.scaleX * 100, $0.scaleY * 100] }
    let targets = instance.samples.map(\.matrix)
    let tol = tolerance
    func ok(_ k: Int, _ v: [[Double]]) -> Bool {
      let m = LottieTransformSample.matrix(position: v[0], rotation: v[1][0], scale: v[2], anchor: anchor)
      let target = targets[k]
      return points.allSatisfy { m.apply($0).distance(to: target.apply($0)) <= tol.transform }
    }
    var p = LottieReducer(samples: positions, first: instance.firstFrame) { k, v in
      (v[0] - positions[k][0]) * (v[0] - positions[k][0]) + (v[1] - positions[k][1]) * (v[1] - positions[k][1])
        <= tol.position * tol.position
    }
    var r = LottieReducer(samples: rotations, first: instance.firstFrame) { k, v in
      abs(v[0] - rotations[k][0]) * .pi / 180 * radius * maxScale <= tol.rotation
    }
    var s = LottieReducer(samples: scales, first: instance.firstFrame) { k, v in
      max(abs(v[0] - scales[k][0]), abs(v[1] - scales[k][1])) / 100 * radius <= tol.scale
    }
    p.easings = easings
    r.easings = easings
    s.easings = easings
    var tracks = [p.reduce(), r.reduce(), s.reduce()]
    let n = decomposed.count
    let first = instance.firstFrame
    let values = { (k: Int) in tracks.map { $0.value(at: Double(first + k)) } }
    if !(0..<n).allSatisfy({ ok($0, values($0)) }) {
      // The shares did not add up (they should not fail): a keyframe at every frame.
      tracks = [positions, rotations, scales].map { series in
        LottieTrack(keys: series.enumerated().map { LottieKey(time: Double(first + $0), value: $1) })
      }
    }
    LottieReducer.prune(&tracks, count: n, first: first, ok: ok)
    return TransformTracks(position: tracks[0], rotation: tracks[1], scale: tracks[2])
  }
}
