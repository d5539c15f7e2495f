import AnimModel

/// Where one animation of a stack is at one instance time: whether it has an effect then,
/// its progress p = timing(u), and the completed iterations `cumulative` adds (§6.2).
/// Everything about an animation's timing that sampling needs, so the value part of
/// sampling never looks at timings.
///
/// When every member of the timing group has the same value for the animation
/// (`TimingGroup.sharedValues`), `shared` is set and `value` is what it writes to
/// `target`: members then read neither the animation nor compute it.
struct AnimationPhase: Sendable {
  var active: Bool
  var progress: Double
  var repeats: Double
  var shared = false
  var target = PropertyTarget.position
  var value = Channels.zero

  static let inactive = AnimationPhase(active: false, progress: 0, repeats: 0)
}

/// The phases of the last stack sampled, kept for the next instance: instances in the
/// same timing group at the same instance time have the same phases. The siblings of a
/// burst are sampled one after another, so their timings are computed once a frame.
struct PhaseCache {
  /// The `TimingGroup.id` of the phases held; −1: none.
  private var group = -1
  private var time = Double.nan
  /// The phases of the last stack asked for, one per animation (more when an earlier
  /// stack had more).
  private(set) var phases: [AnimationPhase] = []

  /// Makes `phases` those of `stack` (in timing group `group`; nil: none) at instance
  /// time `t`, unless they are already.
  @inline(__always)
  mutating func update(_ stack: AnimationStack, group: TimingGroup?, at t: Double) {
    let id = group?.id ?? -1
    guard id != self.group || t != time || id < 0 else { return }
    if phases.count < stack.animations.count {
      phases = Array(repeating: .inactive, count: stack.animations.count)
    }
    stack.phases(at: t, into: &phases)
    if let group { stack.shareValues(group.sharedValues, &phases) }
    self.group = id
    time = t
  }
}

/// Stacks with the same timings (so the same phases at the same time), and which of
/// their animations have the same value in every member.
final class TimingGroup {
  /// Distinct for every group of a run.
  let id: Int
  /// Per animation: whether its output depends on its phase alone (a basic animation with
  /// explicit values, not additive) and is the same in every member so far. A member
  /// that differs clears it; spawns join before the frame that samples them.
  private(set) var sharedValues: [Bool]
  /// Whether every member so far has the same model values (the spawns of a burst
  /// mostly do): sampling then reads them from one member rather than from each.
  private(set) var sharedModel = true
  /// Per animation: how every member so far applies it (`AnimationShape`); `.general`
  /// once two members differ.
  private(set) var shapes: [AnimationShape]
  /// Whether a member animates its style: then sampling composes every member's whole
  /// state in every frame (see `FrameSampler.compose`).
  private(set) var animatesStyle: Bool
  /// The first member's animations that may be shared: basic ones, which refer to
  /// nothing (a path's reference would outlive its member).
  private let first: [CompiledAnimation?]
  private let firstModel: NodeState

  init(id: Int, _ stack: AnimationStack, model: NodeState) {
    self.id = id
    first = stack.animations.map { $0.dependsOnPhaseAlone ? $0 : nil }
    sharedValues = first.map { $0 != nil }
    firstModel = model
    shapes = Self.shapes(stack)
    animatesStyle = stack.animatesStyle
  }

  private static func shapes(_ stack: AnimationStack) -> [AnimationShape] {
    let slot = AnimationBlock.firstCurve(stack).slot
    return stack.animations.indices.map { AnimationShape(stack.animations, $0, curveSlot: slot) }
  }

  func join(_ stack: AnimationStack, model: NodeState) {
    for k in sharedValues.indices where sharedValues[k] {
      if let a = first[k], stack.animations[k].hasSameValue(as: a) { continue }
      sharedValues[k] = false
    }
    if sharedModel && model != firstModel { sharedModel = false }
    if !animatesStyle && stack.animatesStyle { animatesStyle = true }
    // Compared in place: every spawn joins, and an array of its shapes was an allocation.
    if shapes.contains(where: { $0 != .general }) {
      let slot = AnimationBlock.firstCurve(stack).slot
      for k in shapes.indices where shapes[k] != .general {
        if k >= stack.animations.count || AnimationShape(stack.animations, k, curveSlot: slot) != shapes[k] {
          shapes[k] = .general
        }
      }
    }
  }
}

/// Numbers stacks by their timings as instances are created: a stack whose every timing
/// equals those of the stack registered just before it joins its group, and shares its
/// timing arrays. Spawns of one burst come one after another, so a burst of one template
/// is one group.
struct TimingGroups {
  /// The stack registered last; meaningless while `current` is nil. Not optional: binding
  /// an optional's stack to compare it copied its eight arrays at every spawn.
  private var last = AnimationStack()
  private var current: TimingGroup? = nil
  private var count = 0

  /// `model`: the member's model values (see `TimingGroup.sharedModel`).
  mutating func group(of stack: inout AnimationStack, model: NodeState) -> TimingGroup {
    if let current, last.hasSameTimings(as: stack) {
      stack.timings = last.timings
      stack.parents = last.parents
      current.join(stack, model: model)
      return current
    }
    let group = TimingGroup(id: count, stack, model: model)
    count += 1
    last = stack
    current = group
    return group
  }
}
