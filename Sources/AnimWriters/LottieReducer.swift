import AnimModel

/// Turns one value sampled at every integer frame into as few keyframes as §13's
/// tolerances allow.
///
/// The samples split into runs of motion between frames where the value holds still. A
/// run is first tried as one keyframe pair with one of the candidate easings, its ends on
/// frames or, failing that, between them: within the frame before or after where the run
/// meets the start or end of the samples (an animation that began before an instance's
/// first frame), within its first or last frame elsewhere (one that began or ended
/// between frames). A run that no single curve fits is covered greedily by the longest
/// segments any candidate fits, and every keyframe is finally tried for removal: the
/// result keeps only keyframes whose removal would break a tolerance.
struct LottieReducer {
  /// The value at frame `first + k`.
  let samples: [[Double]]
  let first: Int
  /// Whether `value` is within tolerance of sample k.
  let fits: (_ k: Int, _ value: [Double]) -> Bool
  var easings: [LottieEasing] = LottieEasing.named
  /// The range every component's value must keep (a colour channel's 0…1, which Lottie's
  /// schema requires): an end fitted beyond the samples by least squares is brought back
  /// into it, and the pair is then judged on the samples as any other.
  var range: ClosedRange<Double>? = nil

  /// How many failed ends in a row end the greedy search for a segment's end: a longer
  /// segment that fits after that many failures is rare, and the pruning pass still
  /// removes the keyframe it would have saved when it can.
  private static let patience = 12

  func reduce() -> LottieTrack {
    guard let v0 = samples.first else { return LottieTrack(keys: []) }
    let n = samples.count
    if (0..<n).allSatisfy({ fits($0, v0) }) {
      return LottieTrack(keys: [LottieKey(time: Double(first), value: v0)])
    }
    var keys: [LottieKey] = []
    for (a, b) in motionRuns() {
      let run = single(a, b) ?? turningPieces(a, b).flatMap { single($0.0, $0.1) ?? greedy($0.0, $0.1) }
      for key in run {
        if let last = keys.last, last.time >= key.time {
          keys[keys.count - 1].easing = key.easing
        } else {
          keys.append(key)
        }
      }
    }
    var tracks = [LottieTrack(keys: keys)]
    Self.prune(&tracks, count: n, first: first) { k, values in fits(k, values[0]) }
    return tracks[0]
  }

  /// Spans [a, b] of sample indices: a is the last still sample before a run of changes
  /// (or its first sample), b the first still sample after it (or its last).
  private func motionRuns() -> [(Int, Int)] {
    var runs: [(Int, Int)] = []
    var k = 1
    while k < samples.count {
      guard samples[k] != samples[k - 1] else {
        k += 1
        continue
      }
      let a = k - 1
      while k < samples.count && samples[k] != samples[k - 1] { k += 1 }
      runs.append((a, k - 1))
    }
    return runs
  }

  /// Samples a…b cut at each turning point, where some component's change reverses
  /// sign (the top of a beat, the end of an autoreverse half): one keyframe pair cannot
  /// turn there unless its easing overshoots, which `single` has already tried for the
  /// whole run, and the greedy search gives up on a turning run before it reaches an
  /// eased half's far end. Consecutive pieces share their end sample.
  private func turningPieces(_ a: Int, _ b: Int) -> [(Int, Int)] {
    var pieces: [(Int, Int)] = []
    var start = a
    for k in (a + 1)..<b where turns(at: k) {
      pieces.append((start, k))
      start = k
    }
    pieces.append((start, b))
    return pieces
  }

  /// Whether some component rises into sample k and falls out of it, or the reverse.
  private func turns(at k: Int) -> Bool {
    samples[k].indices.contains { d in
      (samples[k][d] - samples[k - 1][d]) * (samples[k + 1][d] - samples[k][d]) < 0
    }
  }

  // MARK: - One pair for a whole run

  /// One keyframe pair for samples a…b, or nil when no candidate easing fits.
  private func single(_ a: Int, _ b: Int) -> [LottieKey]? {
    guard b - a >= 2 else { return nil }
    let freeStart = a == 0
    let freeEnd = b == samples.count - 1
    var range = 0.0
    for d in samples[a].indices {
      let values = (a...b).map { samples[$0][d] }
      range = max(range, (values.max() ?? 0) - (values.min() ?? 0))
    }
    // Where each end may lie, as offsets from a and b: beyond the samples at a free end
    // (its value by least squares), or up to a frame into the run where the value held
    // still (an animation starting or ending between frames; the held value).
    let bounds0 = freeStart ? (-1.0, 0.0) : (0.0, 1.0)
    let bounds1 = freeEnd ? (0.0, 1.0) : (-1.0, 0.0)
    for easing in easings {
      // Ends on the run's own frames first: where they fit, a pair between frames would
      // fit as well and say the same less plainly.
      if let pair = pair(a, b, Double(a), Double(b), easing, false, false) { return pair }
      // A curve that misses the run by a tenth of its range with the ends on frames will
      // not fit with them moved by less than a frame: the search is skipped (speed only).
      if let rough = endValues(a, b, Double(a), Double(b), easing, false, false), rough.cost > 0.1 * range,
        b - a > 4
      {
        continue
      }
      // Ends between frames: searched on a grid that is refined twice around the best.
      var best: (t0: Double, t1: Double, cost: Double)? = nil
      var (lo0, hi0) = bounds0
      var (lo1, hi1) = bounds1
      for _ in 0..<3 {
        for i in 0...8 {
          let t0 = Double(a) + lo0 + (hi0 - lo0) * Double(i) / 8
          for j in 0...8 {
            let t1 = Double(b) + lo1 + (hi1 - lo1) * Double(j) / 8
            guard let fit = endValues(a, b, t0, t1, easing, freeStart, freeEnd) else { continue }
            if fit.cost < best?.cost ?? .infinity { best = (t0, t1, fit.cost) }
          }
        }
        guard let found = best else { break }
        let step0 = (hi0 - lo0) / 8
        let step1 = (hi1 - lo1) / 8
        lo0 = max(found.t0 - Double(a) - step0, bounds0.0)
        hi0 = min(found.t0 - Double(a) + step0, bounds0.1)
        lo1 = max(found.t1 - Double(b) - step1, bounds1.0)
        hi1 = min(found.t1 - Double(b) + step1, bounds1.1)
      }
      guard let found = best, let pair = pair(a, b, found.t0, found.t1, easing, freeStart, freeEnd) else { continue }
      return pair
    }
    return nil
  }

  /// The keyframe pair from t0 to t1 (sample-index times) under `easing` with the best
  /// end values, if it fits every sample a…b.
  private func pair(
    _ a: Int, _ b: Int, _ t0: Double, _ t1: Double, _ easing: LottieEasing, _ freeStart: Bool, _ freeEnd: Bool
  ) -> [LottieKey]? {
    guard let fit = endValues(a, b, t0, t1, easing, freeStart, freeEnd) else { return nil }
    let start = LottieKey(time: Double(first) + t0, value: fit.v0, easing: easing)
    let end = LottieKey(time: Double(first) + t1, value: fit.v1)
    let ok = (a...b).allSatisfy { k in fits(k, LottieTrack.interpolate(start, end, Double(first + k))) }
    return ok ? [start, end] : nil
  }

  /// The end values of the pair from t0 to t1 (sample-index times) that best match samples
  /// a…b under `easing`: fixed to the samples at a fixed end, least squares at a free one.
  /// `cost` is the largest residual of any component.
  private func endValues(
    _ a: Int, _ b: Int, _ t0: Double, _ t1: Double, _ easing: LottieEasing, _ freeStart: Bool, _ freeEnd: Bool
  ) -> (v0: [Double], v1: [Double], cost: Double)? {
    guard t1 > t0 else { return nil }
    let p = (a...b).map { easing.progress((Double($0) - t0) / (t1 - t0)) }
    let dims = samples[a].count
    var v0 = samples[a]
    var v1 = samples[b]
    for d in 0..<dims {
      // Minimise Σ (v0·(1 − p) + v1·p − y)² over the free ends.
      var s00 = 0.0
      var s01 = 0.0
      var s11 = 0.0
      var r0 = 0.0
      var r1 = 0.0
      for (i, k) in (a...b).enumerated() {
        let w0 = 1 - p[i]
        let w1 = p[i]
        let y = samples[k][d]
        s00 += w0 * w0
        s01 += w0 * w1
        s11 += w1 * w1
        r0 += w0 * y
        r1 += w1 * y
      }
      switch (freeStart, freeEnd) {
      case (true, true):
        let det = s00 * s11 - s01 * s01
        guard abs(det) > 1e-12 else { return nil }
        v0[d] = (r0 * s11 - r1 * s01) / det
        v1[d] = (s00 * r1 - s01 * r0) / det
      case (true, false):
        guard s00 > 1e-12 else { return nil }
        v0[d] = (r0 - s01 * v1[d]) / s00
      case (false, true):
        guard s11 > 1e-12 else { return nil }
        v1[d] = (r1 - s01 * v0[d]) / s11
      case (false, false): break
      }
      if let range {
        v0[d] = min(max(v0[d], range.lowerBound), range.upperBound)
        v1[d] = min(max(v1[d], range.lowerBound), range.upperBound)
      }
    }
    var cost = 0.0
    for (i, k) in (a...b).enumerated() {
      for d in 0..<dims {
        cost = max(cost, abs(v0[d] + (v1[d] - v0[d]) * p[i] - samples[k][d]))
      }
    }
    return (v0, v1, cost)
  }

  // MARK: - Greedy segments

  /// Keyframes at sample frames covering a…b, each segment the longest a candidate fits.
  private func greedy(_ a: Int, _ b: Int) -> [LottieKey] {
    var keys = [LottieKey(time: Double(first + a), value: samples[a])]
    var i = a
    while i < b {
      var best = i + 1
      var bestEasing = LottieEasing.linear
      var failures = 0
      var j = i + 2
      while j <= b && failures < Self.patience {
        if let easing = segmentEasing(i, j) {
          best = j
          bestEasing = easing
          failures = 0
        } else {
          failures += 1
        }
        j += 1
      }
      keys[keys.count - 1].easing = bestEasing
      keys.append(LottieKey(time: Double(first + best), value: samples[best]))
      i = best
    }
    return keys
  }

  /// A candidate easing under which the segment from sample i to sample j fits every
  /// sample between them.
  private func segmentEasing(_ i: Int, _ j: Int) -> LottieEasing? {
    for easing in easings {
      let start = LottieKey(time: Double(i), value: samples[i], easing: easing)
      let end = LottieKey(time: Double(j), value: samples[j])
      if (i + 1..<j).allSatisfy({ fits($0, LottieTrack.interpolate(start, end, Double($0))) }) { return easing }
    }
    return nil
  }

  // MARK: - Pruning

  /// Removes keyframes from `tracks` one at a time while every sample still fits (`ok`
  /// is given the tracks' values at sample k), until none can go. A removed keyframe's
  /// segment is tried with the easing before it, then linear.
  static func prune(
    _ tracks: inout [LottieTrack], count: Int, first: Int, ok: (_ k: Int, _ values: [[Double]]) -> Bool
  ) {
    // A trial removal is judged on the samples between the key's neighbours, where only
    // that segment changes: the tracks are not copied per trial, which made pruning a
    // long layer's thousands of keys quadratic.
    func fitsWithout(_ t: Int, _ idx: Int, linear: Bool, _ range: ClosedRange<Int>) -> Bool {
      let keys = tracks[t].keys
      return range.allSatisfy { k in
        let time = Double(first + k)
        var values: [[Double]] = []
        values.reserveCapacity(tracks.count)
        for u in tracks.indices {
          values.append(u == t ? valueWithout(keys, idx, linear: linear, at: time) : tracks[u].value(at: time))
        }
        return ok(k, values)
      }
    }
    var changed = true
    while changed {
      changed = false
      for t in tracks.indices {
        var idx = tracks[t].keys.count - 1
        while idx >= 0 && tracks[t].keys.count > 1 {
          let keys = tracks[t].keys
          // Samples whose value can change: between the neighbours of the key.
          let lo = idx > 0 ? Int(keys[idx - 1].time.rounded(.down)) - first : 0
          let hi = idx < keys.count - 1 ? Int(keys[idx + 1].time.rounded(.up)) - first : count - 1
          let range = max(lo, 0)...max(min(hi, count - 1), max(lo, 0))
          if fitsWithout(t, idx, linear: false, range) {
            tracks[t].keys.remove(at: idx)
            changed = true
          } else if idx > 0 && !keys[idx - 1].easing.isLinear && fitsWithout(t, idx, linear: true, range) {
            tracks[t].keys[idx - 1].easing = .linear
            tracks[t].keys.remove(at: idx)
            changed = true
          }
          idx -= 1
        }
      }
    }
  }

  /// The value at `t` of the track `keys` with key `idx` removed (and, with `linear`, the
  /// key before it made linear), as `LottieTrack.value(at:)` would give it.
  private static func valueWithout(_ keys: [LottieKey], _ idx: Int, linear: Bool, at t: Double) -> [Double] {
    let track = LottieTrack(keys: keys)
    guard idx > 0 else {
      // The second key becomes the first: held before it.
      return t <= keys[1].time ? keys[1].value : track.value(at: t)
    }
    guard idx < keys.count - 1 else {
      // The key before becomes the last: held after it.
      return t >= keys[idx - 1].time ? keys[idx - 1].value : track.value(at: t)
    }
    // At the next key's own time the track gives that key's value exactly, as here.
    guard t >= keys[idx - 1].time && t < keys[idx + 1].time else { return track.value(at: t) }
    var before = keys[idx - 1]
    if linear { before.easing = .linear }
    return LottieTrack.interpolate(before, keys[idx + 1], t)
  }
}
