import AnimIR
import AnimMath
import AnimModel

/// One `animate` statement of one instance with its per-spawn values evaluated, ready to
/// be sampled at any time: the unit of the source-order composition stack (§6.3).
///
/// Plain values only: a keyframe track and a path are indices into its `AnimationStack`,
/// enclosing groups a range of the stack's parents, and the timing sits in the stack's
/// parallel `timings` (sampling reads timings once per timing group, values for every
/// instance). Sampling copies one out for every instance in every frame; a counted
/// reference or an array here would be retained and released each time.
struct CompiledAnimation: Sendable {
  enum Kind: Sendable {
    /// `from`, `to` or `by`; an omitted one is read from the value below at every sample.
    case basic(BasicValues)
    /// `AnimationStack.tracks[index]`; `span` is last − first value, for `cumulative`.
    case keyframes(index: Int, span: Channels)
    /// `AnimationStack.paths[path]`; `span` is end − start, for `cumulative`.
    case along(path: Int, PathPacing, AlongRotation, span: Channels)
    /// `AnimationStack.deferred[index]`: a path whose start is the instance's position
    /// when the animation begins, replaced by `.along` once the model values are known.
    case deferredAlong(index: Int, PathPacing, AlongRotation)
    /// `AnimationStack.motions[index]` (§15), from `AnimationStack.motionStarts[index]`
    /// (the value below at its begin, set once the model values are known).
    case motion(index: Int, AlongRotation)
  }

  let target: PropertyTarget
  var kind: Kind
  /// Enclosing groups and sequences in `AnimationStack.parents`, outermost first; each
  /// maps its parent's time to the time its children see.
  var parents: Range<Int> = 0..<0
  var additive = false
  var cumulative = false

  init(target: PropertyTarget, kind: Kind) {
    self.target = target
    self.kind = kind
  }
}

extension CompiledAnimation {
  /// Whether what it writes depends on its phase alone: a basic animation with explicit
  /// `from` and `to` or `by`, replacing the value below rather than adding to it.
  var dependsOnPhaseAlone: Bool {
    guard case .basic(let values) = kind else { return false }
    return values.hasFrom && values.endKind != .implicit && !additive
  }

  /// Whether it is a basic animation writing what `other` writes at the same phase (the
  /// phase itself, groups and `cumulative` included, is the timing group's to compare).
  func hasSameValue(as other: CompiledAnimation) -> Bool {
    guard case .basic(let a) = kind, case .basic(let b) = other.kind else { return false }
    return a == b && target == other.target && additive == other.additive
  }
}

/// A basic animation's `from` and its end (`to`, or `by` from the start) in two vectors
/// and two flags rather than three optionals: a third less to read per sample.
struct BasicValues: Equatable, Sendable {
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

  /// The value at progress p after `repeats` completed iterations (`cumulative`), given
  /// the implicit value (below, or zero when additive).
  @inline(__always)
  func value(implicit: Channels, progress p: Double, repeats: Double) -> Channels {
    Self.value(
      from: from, end: end, implicit: implicit, hasFrom: hasFrom, endKind: endKind, progress: p, repeats: repeats)
  }

  /// `value(implicit:progress:repeats:)` on given numbers: on `Channels`, or on one
  /// channel of a one-number property (the same operations, so the same bits).
  @inline(__always)
  static func value<V: BasicChannels>(
    from: V, end: V, implicit: V, hasFrom: Bool, endKind: End, progress p: Double, repeats: Double
  ) -> V {
    let start = hasFrom ? from : implicit
    let stop: V
    switch endKind {
    case .to: stop = end
    case .by: stop = start + end
    case .implicit: stop = implicit
    }
    let span = stop - start
    let value = start + span * p
    return repeats > 0 ? value + span * repeats : value
  }
}

/// What a basic animation's values are made of: `Channels`, or a single channel.
protocol BasicChannels {
  static func + (a: Self, b: Self) -> Self
  static func - (a: Self, b: Self) -> Self
  static func * (a: Self, k: Double) -> Self
}

extension Channels: BasicChannels {}
extension Double: BasicChannels {}
