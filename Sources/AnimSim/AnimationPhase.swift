/// Where one animation of a stack is at one instance time: whether it has an effect then,
/// its progress p = timing(u), and the completed iterations `cumulative` adds (§6.2).
/// Everything about an animation's timing that sampling needs, so the value part of
/// sampling never looks at timings.
struct AnimationPhase: Sendable {
  var active: Bool
  var progress: Double
  var repeats: Double

  static let inactive = AnimationPhase(active: false, progress: 0, repeats: 0)
}

/// The phases of the last stack sampled, kept for the next instance: instances in the
/// same timing group at the same instance time have the same phases. The siblings of a
/// burst are sampled one after another, so their timings are computed once a frame.
struct PhaseCache {
  private var group = -1
  private var time = Double.nan
  /// Never empty, so it always has a base address.
  private var phases: [AnimationPhase] = [.inactive]

  /// The phases of `stack` (in timing group `group`) at instance time `t`, passed to `body`.
  @inline(__always)
  mutating func with<R>(
    _ stack: AnimationStack, group: Int, at t: Double, _ body: (UnsafePointer<AnimationPhase>) -> R
  ) -> R {
    if group != self.group || t != time || group < 0 {
      if phases.count < stack.animations.count {
        phases = Array(repeating: .inactive, count: stack.animations.count)
      }
      phases.withUnsafeMutableBufferPointer { stack.phases(at: t, into: $0) }
      self.group = group
      time = t
    }
    return phases.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}

/// Numbers stacks by their timings as instances are created: a stack whose every timing
/// equals those of the stack registered just before it joins its group, and shares its
/// timing arrays. Spawns of one burst come one after another, so a burst of one template
/// is one group.
struct TimingGroups {
  private var last: AnimationStack? = nil
  private var current = -1

  mutating func group(of stack: inout AnimationStack) -> Int {
    if let last, last.hasSameTimings(as: stack) {
      stack.timings = last.timings
      stack.parents = last.parents
      return current
    }
    last = stack
    current += 1
    return current
  }
}
