import AnimIR
import AnimMath
import AnimModel

/// An instance's animations in source order, with the paths, keyframe tracks and group
/// timings they refer to: everything needed to compose its properties at any time.
struct AnimationStack: Sendable {
  var animations: [CompiledAnimation] = []
  /// The timing of each animation, in parallel.
  var timings: [ActiveTiming] = []
  var parents: [ActiveTiming] = []
  var paths: [PathMeasure] = []
  var tracks: [Keyframes<Channels>] = []
  var deferred: [DeferredPath] = []
  /// §15 motions, and in parallel each one's p₀ (see `resolveDeferredPaths`).
  var motions: [Motion] = []
  var motionStarts: [Point] = []

  /// Whether an animation changes the style (see `PropertyTarget.isStyle`).
  var animatesStyle: Bool { animations.contains { $0.target.isStyle } }

  /// The composed property values at instance time `t` on top of `model` (§6.3), and the
  /// `along` tangent rotation to add on top.
  func sample(_ model: NodeState, at t: Double) -> (NodeState, extraRotation: Double) {
    var cache = PhaseCache()
    cache.update(self, group: nil, at: t)
    return compose(model, cache.phases)
  }

  /// The composed values on top of `model` given every animation's phase.
  @inline(__always)
  func compose(_ model: NodeState, _ phases: [AnimationPhase]) -> (NodeState, extraRotation: Double) {
    var state = model
    var extra = 0.0
    apply(animations.indices, phases, &state, &extra)
    return (state, extra)
  }

  /// Where every animation is at instance time `t` (`phases` holds one per animation).
  func phases(at t: Double, into phases: inout [AnimationPhase]) {
    for i in animations.indices { phases[i] = phase(i, at: t) }
  }

  /// Animation i's phase at instance time `t`: its enclosing groups map t to the time it
  /// sees, its own timing to u and p (§6.2).
  @inline(__always)
  private func phase(_ i: Int, at t: Double) -> AnimationPhase {
    var local = t
    for p in animations[i].parents {
      guard let inner = parents[p].childTime(local) else { return .inactive }
      local = inner
    }
    let timing = timings[i]
    guard let sample = timing.sample(local) else { return .inactive }
    let repeats = animations[i].cumulative && sample.iteration > 0 ? sample.iteration : 0
    return AnimationPhase(active: true, progress: timing.progress(sample), repeats: repeats)
  }

  /// Fills in the shared values of the animations `shared` marks (see `AnimationPhase`).
  func shareValues(_ shared: [Bool], _ phases: inout [AnimationPhase]) {
    for k in shared.indices where shared[k] && phases[k].active {
      guard case .basic(let values) = animations[k].kind else { continue }
      phases[k].shared = true
      phases[k].target = animations[k].target
      phases[k].value = values.value(implicit: .zero, progress: phases[k].progress, repeats: phases[k].repeats)
    }
  }

  /// Whether every animation and group has the same timing as in `other` (then both
  /// stacks have the same phases at the same time).
  func hasSameTimings(as other: AnimationStack) -> Bool {
    guard timings == other.timings, parents == other.parents, animations.count == other.animations.count else {
      return false
    }
    for (a, b) in zip(animations, other.animations) where a.parents != b.parents || a.cumulative != b.cumulative {
      return false
    }
    return true
  }

  /// Applies animations `range` in order, given their phases.
  func apply(_ range: Range<Int>, _ phases: [AnimationPhase], _ state: inout NodeState, _ extra: inout Double) {
    for i in range where phases[i].active {
      if phases[i].shared {
        phases[i].target.write(phases[i].value, &state)
      } else {
        apply(i, phases[i], &state, &extra)
      }
    }
  }

  /// The animation's begin in the instance's time, for a deferred path's snapshot: the
  /// sum of the begins of its chain (the first iteration of every enclosing group).
  func absoluteBegin(_ i: Int) -> Double {
    parents[animations[i].parents].reduce(timings[i].begin) { $0 + $1.begin }
  }

  /// Applies animation `k`, active with `phase` and not shared, on top of `state` (the
  /// value below): replaces or adds to its target, and adds an `along` path's tangent
  /// angle to `extraRotation` (§6.6: on top of the composed rotation).
  @inline(__always)
  func apply(_ k: Int, _ phase: AnimationPhase, _ state: inout NodeState, _ extraRotation: inout Double) {
    let a = animations[k]
    if Self.applyBasic(a, phase, &state) { return }
    let p = phase.progress
    let repeats = phase.repeats
    let below = a.target.read(state)
    var value: Channels
    switch a.kind {
    case .basic:
      return
    case .keyframes(let index, let span):
      value = tracks[index].value(at: p, duration: timings[k].duration)
      if repeats > 0 { value = value + span * repeats }
    case .along(let path, let pacing, let rotation, let span):
      if rotation == .none {
        value = Channels(paths[path].point(at: p, pacing: pacing))
      } else {
        let sample = paths[path].sample(at: p, pacing: pacing)
        value = Channels(sample.point)
        extraRotation += rotation == .auto ? sample.angle : sample.angle + 180
      }
      if repeats > 0 { value = value + span * repeats }
    case .deferredAlong:
      // Resolved before the instance is sampled; an unresolved path has no effect.
      return
    case .motion(let index, let rotation):
      // No timing function applies to a motion, so progress is the clamped u = τ/D.
      let tau = p * timings[k].duration
      let motion = motions[index]
      let start = motionStarts[index]
      let point = motion.position(from: start, at: tau)
      if rotation != .none {
        let angle = degrees(fromRadians: motion.heading(from: start, at: tau))
        extraRotation += rotation == .auto ? angle : angle + 180
      }
      // Additive adds p(τ) − p₀ (§15).
      value = Channels(a.additive ? point - start : point)
    }
    a.target.write(a.additive ? below + value : value, &state)
  }

  /// Applies `a` on top of `state` if it is a basic animation (which needs nothing of
  /// its stack); false if it is another kind.
  @inline(__always)
  static func applyBasic(_ a: CompiledAnimation, _ phase: AnimationPhase, _ state: inout NodeState) -> Bool {
    guard case .basic(let values) = a.kind else { return false }
    let target = a.target
    let additive = a.additive
    let below = target.read(state)
    // Implicit values are read afresh at every sample (§6.3); zero when additive.
    let value = values.value(
      implicit: additive ? Channels.zero : below, progress: phase.progress, repeats: phase.repeats)
    target.write(additive ? below + value : value, &state)
    return true
  }

  /// A path whose `from:` was omitted starts at the instance's position when the
  /// animation begins (§4): the composed position of the stack below it at that time,
  /// taken once, after the whole block (so model values set later in it count).
  /// A motion's p₀ is likewise the value below at its begin (§15).
  mutating func resolveDeferredPaths(_ model: NodeState) {
    for i in animations.indices {
      if case .motion(let index, _) = animations[i].kind {
        motionStarts[index] = valueBelow(i, model).position
        continue
      }
      guard case .deferredAlong(let index, let pacing, let rotation) = animations[i].kind else { continue }
      animations[i].kind = along(deferred[index].build(valueBelow(i, model).position), pacing, rotation)
    }
  }

  /// Measures a path for `along` and keeps it; `span` (end − start) feeds `cumulative`.
  mutating func along(_ path: Path, _ pacing: PathPacing, _ rotation: AlongRotation) -> CompiledAnimation.Kind {
    let measure = PathMeasure(path)
    let span = Channels(measure.point(at: 1, pacing: pacing)) - Channels(measure.point(at: 0, pacing: pacing))
    paths.append(measure)
    return .along(path: paths.count - 1, pacing, rotation, span: span)
  }

  /// The composed state of animations `0..<i` on top of `model` when animation i begins.
  func valueBelow(_ i: Int, _ model: NodeState) -> NodeState {
    var state = model
    var extra = 0.0
    var cache = PhaseCache()
    cache.update(self, group: nil, at: absoluteBegin(i))
    apply(0..<i, cache.phases, &state, &extra)
    return state
  }

  /// Keeps a §15 motion; its p₀ is filled in by `resolveDeferredPaths`.
  mutating func motion(_ motion: Motion, _ rotation: AlongRotation) -> CompiledAnimation.Kind {
    motions.append(motion)
    motionStarts.append(.zero)
    return .motion(index: motions.count - 1, rotation)
  }

  mutating func keyframes(_ track: Keyframes<Channels>) -> CompiledAnimation.Kind {
    tracks.append(track)
    let span = (track.values.last ?? .zero) - (track.values.first ?? .zero)
    return .keyframes(index: tracks.count - 1, span: span)
  }

  mutating func deferredAlong(
    _ path: DeferredPath, _ pacing: PathPacing, _ rotation: AlongRotation
  ) -> CompiledAnimation.Kind {
    deferred.append(path)
    return .deferredAlong(index: deferred.count - 1, pacing, rotation)
  }
}
