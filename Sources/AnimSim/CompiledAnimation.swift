import AnimCheck
import AnimMath
import AnimSource

/// One `animate` statement of one instance with its per-spawn values evaluated, ready to
/// be sampled at any time: the unit of the source-order composition stack (§6.3).
///
/// A class whose payload is unpacked into plain fields when `kind` is set: sampling
/// runs for every instance in every frame, and matching on an enum with array payloads
/// would copy and retain them each time.
final class CompiledAnimation: @unchecked Sendable {
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

  private enum Mode { case basic, keyframes, along, waiting }

  let target: Target
  var kind: Kind { didSet { unpack() } }
  let timing: ActiveTiming
  /// Enclosing groups and sequences, outermost first; each maps its parent's time to
  /// the time its children see.
  var parents: [ActiveTiming] = []
  var additive = false
  var cumulative = false
  let range: SourceRange

  private var mode = Mode.basic
  private var from: Channels? = nil
  private var to: Channels? = nil
  private var by: Channels? = nil
  private var track: Keyframes<Channels>? = nil
  private var trackSpan = Channels.zero
  private var measure: PathMeasure? = nil
  private var pacing = PathPacing.paced
  private var rotation = AlongRotation.none
  private var pathSpan = Channels.zero

  init(target: Target, kind: Kind, timing: ActiveTiming, range: SourceRange) {
    self.target = target
    self.kind = kind
    self.timing = timing
    self.range = range
    unpack()
  }

  private func unpack() {
    switch kind {
    case .basic(let f, let t, let b):
      mode = .basic
      (from, to, by) = (f, t, b)
    case .keyframes(let k):
      mode = .keyframes
      track = k
      if let first = k.values.first, let last = k.values.last { trackSpan = last - first }
    case .along(let m, let p, let r, let span):
      mode = .along
      (measure, pacing, rotation, pathSpan) = (m, p, r, span)
    case .deferredAlong:
      mode = .waiting
    }
  }

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
    if !parents.isEmpty {
      for parent in parents {
        guard let inner = parent.childTime(local) else { return }
        local = inner
      }
    }
    guard let sample = timing.sample(local) else { return }
    let p = timing.progress(sample)
    let below = target.read(state)
    var value: Channels
    switch mode {
    case .basic:
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
    case .keyframes:
      guard let track else { return }
      value = track.value(at: p, duration: timing.duration)
      if cumulative && sample.iteration > 0 { value = value + trackSpan * sample.iteration }
    case .along:
      guard let measure else { return }
      let point = measure.sample(at: p, pacing: pacing)
      value = Channels(point.point)
      if cumulative && sample.iteration > 0 { value = value + pathSpan * sample.iteration }
      switch rotation {
      case .none: break
      case .auto: extraRotation += point.angle
      case .autoReverse: extraRotation += point.angle + 180
      }
    case .waiting:
      // Resolved before the instance is sampled; an unresolved path has no effect.
      return
    }
    target.write(additive ? below + value : value, &state)
  }
}
