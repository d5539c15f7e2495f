import AnimJSON
import AnimMath
import AnimModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A matrix whose linear part has a shear (a non-uniform scale applied over a rotation,
/// as a replicator's `scale(…)` over a turning child makes) as two Lottie layers: a null
/// parent that rotates and scales, and the shape layer that rotates about its anchor.
///
/// Lottie's own skew fields (`sk`/`sa`) are not used: rlottie ignores them. Any 2×2 matrix
/// is R(φ)·diag(s₁, s₂)·R(θ) (its singular value decomposition), and a parent's transform
/// is applied after its child's, so M = T(p)·R(φ)·S(s₁, s₂) ∘ R(θ)·T(−A) is exact.
struct LottieShearSample: Sendable {
  /// The parent's position (where the anchor goes), rotation in degrees and scale.
  var position: Point
  var rotation: Double
  var scaleX: Double
  var scaleY: Double
  /// The child's rotation about the anchor, degrees.
  var childRotation: Double

  /// Decomposes `m` about `anchor`, choosing angles near `previous` so that they stay
  /// continuous: (φ + 180°, θ ± 180°) is the same matrix, as is θ + 360°.
  init(_ m: AffineTransform, anchor: Point, previous: LottieShearSample?) {
    position = m.apply(anchor)
    let e = (m.a + m.d) / 2
    let f = (m.a - m.d) / 2
    let g = (m.b + m.c) / 2
    let h = (m.b - m.c) / 2
    let q = (e * e + h * h).squareRoot()
    let r = (f * f + g * g).squareRoot()
    let a1 = atan2(g, f)
    let a2 = atan2(h, e)
    var phi = (a2 + a1) / 2 * 180 / .pi
    var theta = (a2 - a1) / 2 * 180 / .pi
    if let previous {
      let turns = ((previous.rotation - phi) / 180).rounded()
      phi += 180 * turns
      // An odd number of half turns of φ takes one of θ to keep the product.
      if abs(turns.truncatingRemainder(dividingBy: 2)) == 1 { theta += 180 }
      theta += 360 * ((previous.childRotation - theta) / 360).rounded()
    }
    rotation = phi
    childRotation = theta
    scaleX = q + r
    scaleY = q - r
  }

  /// The matrix Lottie plays: the parent's (anchor at the origin) after the child's
  /// (position at the origin).
  static func matrix(position p: [Double], rotation: Double, scale: [Double], child: Double, anchor: Point)
    -> AffineTransform
  {
    let parent = LottieTransformSample.matrix(position: p, rotation: rotation, scale: scale, anchor: .zero)
    return parent * LottieTransformSample.matrix(position: [0, 0], rotation: child, scale: [100, 100], anchor: anchor)
  }
}

extension LottieLayer {
  /// The parent's position, rotation and scale and the child's rotation: each reduced
  /// within its share of the point tolerance, then pruned together against the whole
  /// transform on `points`.
  func shearTracks(anchor: Point, points: [Point]) -> [LottieTrack] {
    var decomposed: [LottieShearSample] = []
    for s in instance.samples {
      decomposed.append(LottieShearSample(s.matrix, anchor: anchor, previous: decomposed.last))
    }
    let radius = points.reduce(1e-9) { max($0, $1.distance(to: anchor)) }
    let maxScale = decomposed.reduce(1e-9) { max($0, abs($1.scaleX), abs($1.scaleY)) }
    let series = [
      decomposed.map { [$0.position.x, $0.position.y] }, decomposed.map { [$0.rotation] },
      decomposed.map { [$0.scaleX * 100, $0.scaleY * 100] }, decomposed.map { [$0.childRotation] },
    ]
    let targets = instance.samples.map(\.matrix)
    let tol = tolerance
    func ok(_ k: Int, _ v: [[Double]]) -> Bool {
      let m = LottieShearSample.matrix(position: v[0], rotation: v[1][0], scale: v[2], child: v[3][0], anchor: anchor)
      return points.allSatisfy { m.apply($0).distance(to: targets[k].apply($0)) <= tol.transform }
    }
    // Shares of the point tolerance: the errors of the four properties add at most.
    let share = tol.transform / 4
    let within: [([Double], [Double]) -> Bool] = [
      { a, b in (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) <= share * share },
      { a, b in abs(a[0] - b[0]) * .pi / 180 * radius * maxScale <= share },
      { a, b in max(abs(a[0] - b[0]), abs(a[1] - b[1])) / 100 * radius <= share },
      { a, b in abs(a[0] - b[0]) * .pi / 180 * radius * maxScale <= share },
    ]
    let first = instance.firstFrame
    var tracks = series.indices.map { i in
      var reducer = LottieReducer(samples: series[i], first: first) { k, v in within[i](v, series[i][k]) }
      reducer.easings = easings
      return reducer.reduce()
    }
    let n = decomposed.count
    if !(0..<n).allSatisfy({ k in ok(k, tracks.map { $0.value(at: Double(first + k)) }) }) {
      // The shares did not add up (they should not fail): a keyframe at every frame.
      tracks = series.map { values in
        LottieTrack(keys: values.enumerated().map { LottieKey(time: Double(first + $0), value: $1) })
      }
    }
    LottieReducer.prune(&tracks, count: n, first: first, ok: ok)
    return tracks
  }

  /// The null layer `index` that carries `tracks`' parent transform for the shape layer.
  func shearParent(_ tracks: [LottieTrack], index: Int) -> JSONValue {
    let ks: JSONValue = .object([
      ("o", LottieJSON.fixed(100)),
      ("r", LottieJSON.property(tracks[1], scalar: true)),
      ("p", LottieJSON.property(tracks[0], scalar: false)),
      ("a", LottieJSON.fixed([0, 0])),
      ("s", LottieJSON.property(tracks[2], scalar: false)),
    ])
    return .object([
      ("ddd", LottieJSON.int(0)), ("ind", LottieJSON.int(index)), ("ty", LottieJSON.int(3)),
      ("nm", .string("\(instance.id) shear")), ("sr", LottieJSON.int(1)), ("ks", ks), ("ao", LottieJSON.int(0)),
      ("ip", LottieJSON.int(instance.firstFrame)), ("op", LottieJSON.int(instance.endFrame)),
      ("st", LottieJSON.int(0)), ("bm", LottieJSON.int(0)),
    ])
  }
}
