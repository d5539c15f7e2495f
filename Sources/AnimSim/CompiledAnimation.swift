import AnimCheck
import AnimMath
import AnimSource

/// One `animate` statement of one instance with its per-spawn values evaluated, ready to
/// be sampled at any time: the unit of the source-order composition stack (§6.3).
struct CompiledAnimation: Sendable {
  enum Kind: Sendable {
    /// nil `from`/`to` are read from the value below at every sample (zero when additive).
    case basic(from: Channels?, to: Channels?, by: Channels?)
    case keyframes(Keyframes<Channels>)
    /// A measured path; `span` is end − start, for `cumulative`.
    case along(PathMeasure, PathPacing, AlongRotation, span: Channels)
    /// A path whose start is the instance's position when the animation begins; the
    /// block evaluator replaces it with `.along` once the model values are known.
    case deferredAlong(DeferredPath, PathPacing, AlongRotation)
  }

  var target: Target
  var kind: Kind
  var timing: ActiveTiming
  /// Enclosing groups and sequences, outermost first; each maps its parent's time to
  /// the time its children see.
  var parents: [ActiveTiming] = []
  var additive = false
  var cumulative = false
  var range: SourceRange

  /// The animation's begin in the instance's time, for a deferred path's snapshot: the
  /// sum of the begins of its chain (the first iteration of every enclosing group).
  var absoluteBegin: Double {
    parents.reduce(timing.begin) { $0 + $1.begin }
  }

  /// Applies this animation at instance time `t` on top of `state` (the value below):
  /// replaces or adds to its target, and adds an `along` path's tangent angle to
  /// `extraRotation` (§6.6: on top of the composed rotation).
  @inline(__always)
  func apply(_ t: Double, _ state: inout NodeState, _ extraRotation: inout Double) {
    var local = t
    for parent in parents {
      guard let inner = parent.childTime(local) else { return }
      local = inner
    }
    guard let sample = timing.sample(local) else { return }
    let p = timing.progress(sample)
    let below = target.read(state)
    var value: Channels
    switch kind {
    case .basic(let from, let to, let by):
      // Implicit values are read afresh at every sample (§6.3); zero when additive.
      let implicit = additive ? Channels.zero : below
      let start = from ?? implicit
      let end: Channels
      if let to {
        end = to
      } else if let by {
        end = start + by
      } else {
        end = implicit
      }
      let span = end - start
      value = start + span * p
      if cumulative && sample.iteration > 0 { value = value + span * sample.iteration }
    case .keyframes(let track):
      value = track.value(at: p, duration: timing.duration)
      if cumulative && sample.iteration > 0, let first = track.values.first, let last = track.values.last {
        value = value + (last - first) * sample.iteration
      }
    case .along(let measure, let pacing, let rotation, let span):
      let point = measure.sample(at: p, pacing: pacing)
      value = Channels(point.point)
      if cumulative && sample.iteration > 0 { value = value + span * sample.iteration }
      switch rotation {
      case .none: break
      case .auto: extraRotation += point.angle
      case .autoReverse: extraRotation += point.angle + 180
      }
    case .deferredAlong:
      // Resolved before the instance is sampled; an unresolved one has no effect.
      return
    }
    target.write(additive ? below + value : value, &state)
  }
}
