/// How a keyframe animation moves between its values (§6.5).
@usableFromInline package enum KeyframeInterpolation: Hashable, Sendable {
  /// Straight between neighbouring values, each segment linear in p.
  case linear
  /// Holds each value until the next key time.
  case discrete
  /// Ignores the key times: values are spaced evenly by distance, then linear.
  case paced
  /// Catmull-Rom through the values (Core Animation's kCAAnimationCubic).
  case cubic
  /// Natural cubic spline with the key times as x (seed 001's CubicSpline).
  case spline
}

/// A keyframe track: values at key times, interpolated as §6.5 says. Built once (the
/// splines' tangents are solved up front), then sampled at any progress.
package struct Keyframes<Value: Interpolatable>: Sendable {
  package let values: [Value]
  /// The key times in effect: as given, evenly spaced when none (or a wrong number)
  /// were given, or by distance for `.paced`.
  package let keyTimes: [Double]
  /// Timing of each segment (index i runs from value i to i + 1); nil is linear.
  package let segmentTimings: [TimingFunction?]
  package let interpolation: KeyframeInterpolation
  /// Per-value derivatives (Catmull-Rom, per unit of key time) or second derivatives
  /// (natural spline), depending on the interpolation.
  private let slopes: [Value]

  /// Nil when there are no values. `keyTimes` should rise strictly from 0 to 1 (the
  /// checker enforces it); any other count is replaced by even spacing.
  package init?(
    values: [Value], keyTimes: [Double]? = nil, segmentTimings: [TimingFunction?] = [],
    interpolation: KeyframeInterpolation = .linear
  ) {
    guard !values.isEmpty else { return nil }
    self.values = values
    self.interpolation = interpolation
    self.segmentTimings = segmentTimings
    let n = values.count
    let even = (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
    var times = keyTimes.flatMap { $0.count == n ? $0 : nil } ?? even
    if interpolation == .paced { times = Self.pacedTimes(values) ?? even }
    self.keyTimes = times
    switch interpolation {
    case .cubic: slopes = KeyframeSplines.catmullRomTangents(values, times)
    case .spline: slopes = KeyframeSplines.naturalSecondDerivatives(values, times)
    default: slopes = []
    }
  }

  /// Key times proportional to cumulative distance; nil when the values do not move.
  private static func pacedTimes(_ values: [Value]) -> [Double]? {
    var cumulative: [Double] = [0]
    for i in 1..<values.count {
      cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i]))
    }
    guard let total = cumulative.last, total > 0, total.isFinite else { return nil }
    return cumulative.map { $0 / total }
  }

  /// The value at progress p (after the animation's own timing). Outside 0…1 the end
  /// segment's straight line is extended (§6.2); `.discrete` holds the end values.
  /// `duration` is the animation's, for spring segment timings.
  package func value(at p: Double, duration: Double = 1) -> Value {
    let n = values.count
    guard n > 1, !p.isNaN else { return values[0] }
    // `.discrete` holds the last key's value at or before p.
    if interpolation == .discrete { return values[lastKey(atOrBefore: p)] }
    if p < keyTimes[0] { return extrapolate(p, segment: 0) }
    if p > keyTimes[n - 1] { return extrapolate(p, segment: n - 2) }
    // The last segment starting at or before p (at the last key, the segment ending there).
    let i = min(lastKey(atOrBefore: p), n - 2)
    let width = keyTimes[i + 1] - keyTimes[i]
    var f = width > 0 ? (p - keyTimes[i]) / width : 1
    if i < segmentTimings.count, let timing = segmentTimings[i] {
      f = timing.progress(f, duration: duration * width)
    }
    switch interpolation {
    case .cubic:
      return KeyframeSplines.hermite(
        values[i], values[i + 1], slopes[i] * width, slopes[i + 1] * width, f)
    case .spline:
      return KeyframeSplines.natural(values[i], values[i + 1], slopes[i], slopes[i + 1], width, f)
    default:
      return values[i].lerp(to: values[i + 1], f)
    }
  }

  /// The last key at or before p (the first, before them all), found by a search as the
  /// key times rise.
  private func lastKey(atOrBefore p: Double) -> Int {
    var lo = 0
    var hi = keyTimes.count
    while lo < hi {
      let m = (lo + hi) / 2
      if keyTimes[m] <= p { lo = m + 1 } else { hi = m }
    }
    return max(lo - 1, 0)
  }

  /// The straight line through the end segment's two values, continued past its end.
  private func extrapolate(_ p: Double, segment i: Int) -> Value {
    let width = keyTimes[i + 1] - keyTimes[i]
    guard width > 0 else { return p < keyTimes[0] ? values[0] : values[values.count - 1] }
    return values[i].lerp(to: values[i + 1], (p - keyTimes[i]) / width)
  }
}
