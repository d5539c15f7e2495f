import AnimMath
import AnimModel
import AnimSource

public typealias RepeatCount = IRForm.RepeatCount<Expr>
public typealias AnimationValue = IRForm.AnimationValue<Expr>
public typealias Keyframe = IRForm.Keyframe<Expr>
public typealias Timing = IRForm.Timing<Expr>
public typealias Animation = IRForm.Animation<Expr>
public typealias TimelineItem = IRForm.TimelineItem<Expr>

/// Core Animation's fill modes (§6.2); `.forwards` is the language's default.
public enum FillMode: String, Sendable {
  case removed, forwards, backwards, both
}

public enum AlongRotation: Sendable {
  case none, auto, autoReverse
}

extension IRForm {
  /// How many times an animation runs (§6.2).
  public enum RepeatCount<V: IRValue>: Sendable {
    case count(V)
    case forever
    /// `repeat for D`: c = D / d (or D / 2d with autoreverse).
    case duration(V)
  }

  /// What an animation moves between.
  public enum AnimationValue<V: IRValue>: Sendable {
    /// `from`/`to`/`by`; an omitted `from` is the value below (read at every sample).
    case basic(from: V?, to: V?, by: V?)
    case keyframes([Keyframe<V>], KeyframeInterpolation)
    /// `along PATH`: a path (or deferred path) for `position`.
    case along(V, PathPacing, AlongRotation)
  }

  /// One keyframe: key time in 0…1, value, and the timing of the segment it starts.
  public struct Keyframe<V: IRValue>: Sendable {
    public var key: Double
    public var value: V
    public var timing: V?
    public init(key: Double, value: V, timing: V?) {
      self.key = key
      self.value = value
      self.timing = timing
    }
  }

  /// The timing clauses shared by animations, groups and sequences (§6.2).
  public struct Timing<V: IRValue>: Sendable {
    /// nil: not written (a real-time spring's settling time, or a group's children).
    public var duration: V?
    public var delay: V?
    public var timingFunction: V?
    public var repeatCount: RepeatCount<V>?
    public var autoreverse = false
    public var fill: FillMode = .forwards
    public init() {}
  }

  /// One `animate` statement, checked.
  public struct Animation<V: IRValue>: Sendable {
    public var property: Property
    public var value: AnimationValue<V>
    public var timing: Timing<V>
    public var additive = false
    public var cumulative = false
    /// Where it was written, for run-time errors.
    public var range: SourceRange

    public init(property: Property, value: AnimationValue<V>, timing: Timing<V>, range: SourceRange) {
      self.property = property
      self.value = value
      self.timing = timing
      self.range = range
    }
  }

  /// An entry of an instance's timeline: an animation, or a group or sequence of them.
  public indirect enum TimelineItem<V: IRValue>: Sendable {
    case animation(Animation<V>)
    case group(Timing<V>, [TimelineItem<V>])
    case sequence(Timing<V>, [TimelineItem<V>])
  }
}
