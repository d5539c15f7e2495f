import AnimIR
import AnimMath
import AnimModel
import AnimSource

/// Evaluates an instance's timeline items (animations, groups, sequences) into the flat
/// source-order `AnimationStack`. Expressions are evaluated in the order they are
/// written — the value, then `over`, `delay`, `timing`, `repeat` — so random draws
/// follow the source (§7).
struct TimelineCompiler {
  private var stack = AnimationStack()
  /// Each animation's enclosing timings, innermost first (each group adds its own when
  /// its children are compiled), until `finish` lays them out outermost first. Adding at
  /// the front instead took time in the cube of the nesting depth. Empty, and left out,
  /// when the plan has no groups.
  private var chains: [[ActiveTiming]] = []
  /// The block's items, laid out (`TimelinePlan`).
  private let plan: TimelinePlan

  /// The stack's arrays are allocated once, at their final size: the plan knows how many
  /// animations its items hold.
  init(_ plan: TimelinePlan) {
    self.plan = plan
    stack.animations.reserveCapacity(plan.animations.count)
    stack.timings.reserveCapacity(plan.animations.count)
    // Without groups every chain is empty, and none is kept.
    if plan.hasGroups { chains.reserveCapacity(plan.animations.count) }
  }

  /// The stack, with every animation's chain of groups laid out in `parents`. Moved
  /// out, so that laying out the chains writes to the only copy of its arrays.
  mutating func finish() -> AnimationStack {
    var result = stack
    stack = AnimationStack()
    for (i, chain) in chains.enumerated() {
      let start = result.parents.count
      // An animation outside every group keeps the empty range it has at that place.
      if chain.isEmpty && result.animations[i].parents == start..<start { continue }
      result.parents += chain.reversed()
      result.animations[i].parents = start..<result.parents.count
    }
    return result
  }

  /// Compiles the plan's item `i` beginning `offset` seconds into its parent's time (a
  /// sequence's earlier children). Returns the item's `begin + A` in the parent's time
  /// (infinite for `repeat forever`), which sequences chain and lifetimes use (§6.4).
  mutating func compile(_ i: Int, offset: Double, _ ctx: inout EvaluationContext) throws(EvaluationError) -> Double {
    switch plan.items[i].kind {
    case .animation(let n):
      let value = try kind(n, &ctx)
      var (timing, _) = try timing(i, defaultDuration: nil, &ctx)
      timing.begin += offset
      var compiled = CompiledAnimation(target: plan.targets[n], kind: value)
      compiled.additive = plan.animations[n].additive
      compiled.cumulative = plan.animations[n].cumulative
      if case .along(let path, _, _, _) = value, !stack.paths[path].length.isFinite {
        throw EvaluationError(message: "the path's length is not finite", range: plan.animations[n].range)
      }
      stack.animations.append(compiled)
      stack.timings.append(timing)
      if plan.hasGroups { chains.append([]) }
      return timing.begin + timing.activeDuration
    case .group, .sequence:
      let isSequence: Bool
      if case .sequence = plan.items[i].kind { isSequence = true } else { isSequence = false }
      // The container's own clauses are written before its children.
      var (timing, repeatFor) = try timing(i, defaultDuration: 0, &ctx)
      let first = chains.count
      var latest = 0.0
      var cursor = 0.0
      var child = i + 1
      while child <= i + plan.items[i].descendants {
        let end = try compile(child, offset: isSequence ? cursor : 0, &ctx)
        latest = max(latest, end)
        if isSequence { cursor = end }
        child += plan.items[child].descendants + 1
      }
      if !plan.items[i].hasDuration {
        // §6: a group lasts until its latest child ends; a sequence until its last.
        timing.duration = isSequence ? cursor : latest
        if let repeatFor { timing.count = Self.count(repeatFor: repeatFor, period: timing.period) }
      }
      timing.begin += offset
      for k in first..<chains.count { chains[k].append(timing) }
      return timing.begin + timing.activeDuration
    }
  }

  /// Item `i`'s clauses evaluated, or the plan's fixed timing for them.
  private func timing(
    _ i: Int, defaultDuration: Double?, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> TimelinePlan.EvaluatedTiming {
    if let known = plan.learntTiming(i) { return known }
    let evaluated = try Self.timing(plan.clauses[i], defaultDuration: defaultDuration, &ctx)
    plan.learn(evaluated, item: i)
    return evaluated
  }

  /// Animation `n`'s value evaluated, or the plan's fixed values for it.
  private mutating func kind(
    _ n: Int, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> CompiledAnimation.Kind {
    if let known = plan.learntValues(n) { return .basic(known) }
    let kind = try kind(plan.animations[n], &ctx)
    plan.learn(kind, animation: n)
    return kind
  }

  /// The value an animation moves between, evaluated per spawn.
  private mutating func kind(
    _ a: Animation, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> CompiledAnimation.Kind {
    let target = PropertyTarget(a.property)
    switch a.value {
    case .basic(let from, let to, let by):
      func value(_ e: Expr?, _ ctx: inout EvaluationContext) throws(EvaluationError) -> Channels? {
        guard let e else { return nil }
        let v = target.channels(try Evaluator.evaluate(e, &ctx))
        guard v.isFinite else { throw EvaluationError(message: "the value is not finite", range: a.range) }
        return v
      }
      let f = try value(from, &ctx)
      let t = try value(to, &ctx)
      let b = try value(by, &ctx)
      return .basic(BasicValues(from: f, to: t, by: b))
    case .keyframes(let frames, let interpolation):
      var values: [Channels] = []
      var timings: [TimingFunction?] = []
      for frame in frames {
        let v = target.channels(try Evaluator.evaluate(frame.value, &ctx))
        guard v.isFinite else { throw EvaluationError(message: "a keyframe value is not finite", range: a.range) }
        values.append(v)
        timings.append(try frame.timing.map { e throws(EvaluationError) in try Self.timingFunction(e, &ctx) })
      }
      guard
        let track = Keyframes(
          values: values, keyTimes: frames.map(\.key), segmentTimings: timings, interpolation: interpolation)
      else { return .basic(BasicValues(from: nil, to: nil, by: nil)) }
      return stack.keyframes(track)
    case .along(let pathExpr, let pacing, let rotation):
      switch try Evaluator.evaluate(pathExpr, &ctx) {
      case .path(let path): return stack.along(path, pacing, rotation)
      case .deferredPath(let deferred): return stack.deferredAlong(deferred, pacing, rotation)
      default: throw EvaluationError(message: "`along` needs a path", range: a.range)
      }
    case .motion(let motionExpr, let rotation):
      guard case .motion(let motion) = try Evaluator.evaluate(motionExpr, &ctx) else {
        throw EvaluationError(message: "`with` needs a motion", range: a.range)
      }
      let points = [motion.velocity, motion.acceleration, motion.attractor]
      guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
        throw EvaluationError(message: "the motion is not finite", range: a.range)
      }
      return stack.motion(motion, rotation)
    }
  }

  /// Evaluates the timing clauses. `defaultDuration` is a group's (filled in later); an
  /// animation without `over` takes a real-time spring's settling time (§5), else 0.
  /// Also returns `repeat for`'s total, so a group can redo c once its duration is known.
  static func timing(_ t: Timing, defaultDuration: Double?, _ ctx: inout EvaluationContext) throws(EvaluationError)
    -> (ActiveTiming, repeatFor: Double?)
  {
    var duration = try t.duration.map { e throws(EvaluationError) in try Evaluator.number(e, &ctx) }
    let delay = try t.delay.map { e throws(EvaluationError) in try Evaluator.number(e, &ctx) } ?? 0
    let function = try t.timingFunction.map { e throws(EvaluationError) in try timingFunction(e, &ctx) } ?? .linear
    if duration == nil {
      if let defaultDuration {
        duration = defaultDuration
      } else if case .spring(let spring) = function, spring.isRealTime {
        duration = spring.settlingTime()
      }
    }
    // A per-spawn duration (`over random(…)`) can come out negative or not finite; the
    // checker rejects such constants, and at run time they clamp rather than trap.
    let d = duration.map { $0.isFinite ? max($0, 0) : 0 } ?? 0
    var timing = ActiveTiming(
      begin: delay.isFinite ? delay : 0, duration: d, autoreverse: t.autoreverse, fill: t.fill, function: function)
    var repeatFor: Double? = nil
    switch t.repeatCount {
    case nil: break
    case .forever: timing.count = .infinity
    case .count(let e):
      let c = try Evaluator.number(e, &ctx)
      timing.count = c.isNaN ? 1 : max(c, 0)
    case .duration(let e):
      let total = try Evaluator.number(e, &ctx)
      repeatFor = total
      timing.count = count(repeatFor: total, period: timing.period)
    }
    return (timing, repeatFor)
  }

  /// `repeat for R`: c = R / d, or R / 2d with autoreverse (§6.2).
  static func count(repeatFor total: Double, period: Double) -> Double {
    guard period > 0, total.isFinite else { return 1 }
    return max(total, 0) / period
  }

  static func timingFunction(_ e: Expr, _ ctx: inout EvaluationContext) throws(EvaluationError) -> TimingFunction {
    switch try Evaluator.evaluate(e, &ctx) {
    case .timing(let f): return f
    case .enumCase(let name):
      switch name {
      case "easeIn": return .easeIn
      case "easeOut": return .easeOut
      case "easeInOut", "easeInEaseOut": return .easeInOut
      case "default", "ease": return .ease
      default: return .linear
      }
    default: return .linear
    }
  }
}
