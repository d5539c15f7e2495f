import AnimMath
import AnimModel

/// How a Lottie value moves from one keyframe to the next: the segment's timing curve,
/// stored on the keyframe it leaves (Lottie's `o`/`i` pair).
///
/// Only a single-component curve is emitted: rlottie reads the first component of `x`/`y`
/// alone, so a per-axis easing would be evaluated differently by players.
struct LottieEasing: Hashable, Sendable {
  /// Control points of the unit cubic Bezier (CSS `cubic-bezier(x1, y1, x2, y2)`).
  var x1, y1, x2, y2: Double

  static let linear = LottieEasing(x1: 0, y1: 0, x2: 1, y2: 1)

  /// The timing curves a scene names (§5), tried before sampling a value.
  static let named: [LottieEasing] = [
    .linear,
    LottieEasing(x1: 0.42, y1: 0, x2: 1, y2: 1),
    LottieEasing(x1: 0, y1: 0, x2: 0.58, y2: 1),
    LottieEasing(x1: 0.42, y1: 0, x2: 0.58, y2: 1),
    LottieEasing(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
  ]

  init(x1: Double, y1: Double, x2: Double, y2: Double) {
    (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
  }

  /// A cubic-Bezier timing function's curve; nil for any other function, or for a curve
  /// whose x control points leave 0…1 (players would not solve it as animc does).
  init?(_ f: TimingFunction) {
    guard case .cubicBezier(let x1, let y1, let x2, let y2) = f, [x1, y1, x2, y2].allSatisfy(\.isFinite),
      (0...1).contains(x1), (0...1).contains(x2)
    else { return nil }
    self.init(x1: x1, y1: y1, x2: x2, y2: y2)
  }

  var isLinear: Bool { x1 == y1 && x2 == y2 }

  /// Progress at `u` ∈ 0…1, as players compute it: solve x(s) = u, then y(s).
  func progress(_ u: Double) -> Double {
    if isLinear { return u }
    if u <= 0 { return 0 }
    if u >= 1 { return 1 }
    return UnitBezier(x1, y1, x2, y2).progress(u)
  }
}

/// One keyframe: time in frames (possibly fractional), the value's components, and the
/// easing of the segment that starts here (ignored on the last keyframe).
struct LottieKey: Hashable, Sendable {
  var time: Double
  var value: [Double]
  var easing: LottieEasing = .linear
}

/// A value over a layer's life: one key is a static value, more are keyframes, played as
/// Lottie plays them (held before the first and after the last).
struct LottieTrack: Hashable, Sendable {
  var keys: [LottieKey]

  var isStatic: Bool { keys.count <= 1 }

  /// The value at frame `t`.
  func value(at t: Double) -> [Double] {
    guard let first = keys.first, let last = keys.last else { return [] }
    if t <= first.time { return first.value }
    if t >= last.time { return last.value }
    // The segment holding t: the last key at or before it.
    var lo = 0
    var hi = keys.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if keys[mid].time <= t { lo = mid } else { hi = mid }
    }
    return Self.interpolate(keys[lo], keys[hi], t)
  }

  /// The value at `t` on the segment from `a` to `b` (a.time ≤ t ≤ b.time).
  static func interpolate(_ a: LottieKey, _ b: LottieKey, _ t: Double) -> [Double] {
    let span = b.time - a.time
    let u = span > 0 ? (t - a.time) / span : 1
    let p = a.easing.progress(u)
    var out = a.value
    for i in out.indices where i < b.value.count { out[i] += (b.value[i] - a.value[i]) * p }
    return out
  }
}
