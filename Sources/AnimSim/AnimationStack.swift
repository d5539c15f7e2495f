import AnimCheck
import AnimMath

/// An instance's animations in source order, with the paths, keyframe tracks and group
/// timings they refer to: everything needed to compose its properties at any time.
struct AnimationStack: Sendable {
  var animations: [CompiledAnimation] = []
  var parents: [ActiveTiming] = []
  var paths: [PathMeasure] = []
  var tracks: [Keyframes<Channels>] = []
  var deferred: [DeferredPath] = []

  /// The composed property values at instance time `t` on top of `model` (§6.3), and the
  /// `along` tangent rotation to add on top.
  func sample(_ model: NodeState, at t: Double, _ memo: inout ProgressMemo) -> (NodeState, extraRotation: Double) {
    var state = model
    var extra = 0.0
    apply(animations.indices, at: t, &state, &extra, &memo)
    return (state, extra)
  }

  /// Applies animations `range` in order. Through buffer pointers: nothing is copied or
  /// retained per animation.
  func apply(
    _ range: Range<Int>, at t: Double, _ state: inout NodeState, _ extra: inout Double, _ memo: inout ProgressMemo
  ) {
    animations.withUnsafeBufferPointer { stack in
      parents.withUnsafeBufferPointer { parents in
        paths.withUnsafeBufferPointer { paths in
          tracks.withUnsafeBufferPointer { tracks in
            let data = Payloads(parents: parents, paths: paths, tracks: tracks)
            for i in range { Self.apply(stack[i], slot: i, data, at: t, &state, &extra, &memo) }
          }
        }
      }
    }
  }

  /// What animations refer to by index, borrowed for one sample.
  private struct Payloads {
    let parents: UnsafeBufferPointer<ActiveTiming>
    let paths: UnsafeBufferPointer<PathMeasure>
    let tracks: UnsafeBufferPointer<Keyframes<Channels>>
  }

  /// The animation's begin in the instance's time, for a deferred path's snapshot: the
  /// sum of the begins of its chain (the first iteration of every enclosing group).
  func absoluteBegin(_ a: CompiledAnimation) -> Double {
    parents[a.parents].reduce(a.timing.begin) { $0 + $1.begin }
  }

  /// Applies one animation at instance time `t` on top of `state` (the value below):
  /// replaces or adds to its target, and adds an `along` path's tangent angle to
  /// `extraRotation` (§6.6: on top of the composed rotation).
  @inline(__always)
  private static func apply(
    _ a: CompiledAnimation, slot: Int, _ data: Payloads, at t: Double, _ state: inout NodeState,
    _ extraRotation: inout Double, _ memo: inout ProgressMemo
  ) {
    var local = t
    for p in a.parents {
      guard let inner = data.parents[p].childTime(local) else { return }
      local = inner
    }
    guard let sample = a.timing.sample(local) else { return }
    let p = memo.progress(slot, a.timing, sample)
    let below = a.target.read(state)
    let repeats = a.cumulative && sample.iteration > 0 ? sample.iteration : 0
    var value: Channels
    switch a.kind {
    case .basic(let values):
      // Implicit values are read afresh at every sample (§6.3); zero when additive.
      let (start, end) = values.resolve(implicit: a.additive ? Channels.zero : below)
      let span = end - start
      value = start + span * p
      if repeats > 0 { value = value + span * repeats }
    case .keyframes(let index, let span):
      value = data.tracks[index].value(at: p, duration: a.timing.duration)
      if repeats > 0 { value = value + span * repeats }
    case .along(let index, let pacing, let rotation, let span):
      let path = data.paths[index]
      if rotation == .none {
        value = Channels(path.point(at: p, pacing: pacing))
      } else {
        let sample = path.sample(at: p, pacing: pacing)
        value = Channels(sample.point)
        extraRotation += rotation == .auto ? sample.angle : sample.angle + 180
      }
      if repeats > 0 { value = value + span * repeats }
    case .deferredAlong:
      // Resolved before the instance is sampled; an unresolved path has no effect.
      return
    }
    a.target.write(a.additive ? below + value : value, &state)
  }

  /// A path whose `from:` was omitted starts at the instance's position when the
  /// animation begins (§4): the composed position of the stack below it at that time,
  /// taken once, after the whole block (so model values set later in it count).
  mutating func resolveDeferredPaths(_ model: NodeState) {
    for i in animations.indices {
      guard case .deferredAlong(let index, let pacing, let rotation) = animations[i].kind else { continue }
      var state = model
      var extra = 0.0
      var memo = ProgressMemo()
      apply(0..<i, at: absoluteBegin(animations[i]), &state, &extra, &memo)
      animations[i].kind = along(deferred[index].build(state.position), pacing, rotation)
    }
  }

  /// Measures a path for `along` and keeps it; `span` (end − start) feeds `cumulative`.
  mutating func along(_ path: Path, _ pacing: PathPacing, _ rotation: AlongRotation) -> CompiledAnimation.Kind {
    let measure = PathMeasure(path)
    let span = Channels(measure.point(at: 1, pacing: pacing)) - Channels(measure.point(at: 0, pacing: pacing))
    paths.append(measure)
    return .along(index: paths.count - 1, pacing, rotation, span: span)
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
