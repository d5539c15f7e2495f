import AnimCheck
import AnimMath

/// One `animate` statement of one instance with its per-spawn values evaluated, ready to
/// be sampled at any time: the unit of the source-order composition stack (§6.3).
///
/// Plain values only: a keyframe track is an index into its `AnimationStack`, a path an
/// unretained reference the stack owns, enclosing groups a range of the stack's parents,
/// and the timing sits in the stack's parallel `timings` (sampling reads timings once per
/// timing group, values for every instance). Sampling runs for every instance in every
/// frame; a counted reference or an array here would be retained and released each time.
struct CompiledAnimation: Sendable {
  enum Kind: Sendable {
    /// `from`, `to` or `by`; an omitted one is read from the value below at every sample.
    case basic(BasicValues)
    /// `AnimationStack.tracks[index]`; `span` is last − first value, for `cumulative`.
    case keyframes(index: Int, span: Channels)
    /// A path of `AnimationStack.paths`, unretained (the stack keeps it); `span` is
    /// end − start, for `cumulative`.
    case along(Unmanaged<PathMeasure>, PathPacing, AlongRotation, span: Channels)
    /// `AnimationStack.deferred[index]`: a path whose start is the instance's position
    /// when the animation begins, replaced by `.along` once the model values are known.
    case deferredAlong(index: Int, PathPacing, AlongRotation)
  }

  let target: Target
  var kind: Kind
  /// Enclosing groups and sequences in `AnimationStack.parents`, outermost first; each
  /// maps its parent's time to the time its children see.
  var parents: Range<Int> = 0..<0
  var additive = false
  var cumulative = false

  init(target: Target, kind: Kind) {
    self.target = target
    self.kind = kind
  }
}

/// A basic animation's `from` and its end (`to`, or `by` from the start) in two vectors
/// and two flags rather than three optionals: a third less to read per sample.
struct BasicValues: Sendable {
  enum End: Sendable { case to, by, implicit }
  var from: Channels
  var hasFrom: Bool
  var end: Channels
  var endKind: End

  init(from: Channels?, to: Channels?, by: Channels?) {
    self.from = from ?? .zero
    hasFrom = from != nil
    end = to ?? by ?? .zero
    endKind = to != nil ? .to : by != nil ? .by : .implicit
  }

  /// The start and end at one sample, given the implicit value (below, or zero when additive).
  @inline(__always)
  func resolve(implicit: Channels) -> (start: Channels, end: Channels) {
    let start = hasFrom ? from : implicit
    switch endKind {
    case .to: return (start, end)
    case .by: return (start, start + end)
    case .implicit: return (start, implicit)
    }
  }
}
