import AnimMath

/// The progress p = timing(u) last computed for each position in an animation stack.
///
/// Instances of one burst share their creation time and their stack's layout, so the
/// instances sampled one after another in a frame ask for the same p from the same
/// timing function: one comparison then saves a Bezier solve or a spring.
struct ProgressMemo {
  private struct Entry {
    var function = TimingFunction.linear
    var duration = Double.nan
    var u = Double.nan
    var before = false
    var p = 0.0
  }

  private static let slots = 8
  private var entries = [Entry](repeating: Entry(), count: slots)

  /// `timing.progress(sample)` for the animation at position `slot` of its stack.
  @inline(__always)
  mutating func progress(_ slot: Int, _ timing: ActiveTiming, _ sample: TimingSample) -> Double {
    if sample.phase == .after && sample.u == 1 { return 1 }
    if case .linear = timing.function { return sample.u }
    guard slot < Self.slots else { return timing.progress(sample) }
    let before = sample.phase == .before
    return entries.withUnsafeMutableBufferPointer { entries in
      let e = entries[slot]
      if e.u == sample.u && e.duration == timing.duration && e.before == before && e.function == timing.function {
        return e.p
      }
      let p = timing.progress(sample)
      entries[slot] = Entry(function: timing.function, duration: timing.duration, u: sample.u, before: before, p: p)
      return p
    }
  }
}
