import AnimMath
import AnimSource

/// Core Animation's fill modes (§6.2); `.forwards` is the language's default.
public enum FillMode: String, Sendable {
  case removed, forwards, backwards, both
}

/// How many times an animation runs (§6.2).
public enum RepeatCount: Sendable {
  case count(Expr)
  case forever
  /// `repeat for D`: c = D / d (or D / 2d with autoreverse).
  case duration(Expr)
}

/// What an animation moves between.
public enum AnimationValue: Sendable {
  /// `from`/`to`/`by`; an omitted `from` is the value below (read at every sample).
  case basic(from: Expr?, to: Expr?, by: Expr?)
  case keyframes([Keyframe], KeyframeInterpolation)
  /// `along PATH`: a path (or deferred path) for `position`.
  case along(Expr, PathPacing, AlongRotation)
}

public enum AlongRotation: Sendable {
  case none, auto, autoReverse
}

/// One keyframe: key time in 0…1, value, and the timing of the segment it starts.
public struct Keyframe: Sendable {
  public var key: Double
  public var value: Expr
  public var timing: Expr?
  public init(key: Double, value: Expr, timing: Expr?) {
    self.key = key
    self.value = value
    self.timing = timing
  }
}

/// The timing clauses shared by animations, groups and sequences (§6.2).
public struct Timing: Sendable {
  /// nil: not written (a real-time spring's settling time, or a group's children).
  public var duration: Expr?
  public var delay: Expr?
  public var timingFunction: Expr?
  public var repeatCount: RepeatCount?
  public var autoreverse = false
  public var fill: FillMode = .forwards
  public init() {}
}

/// One `animate` statement, checked.
public struct Animation: Sendable {
  public var property: Property
  public var value: AnimationValue
  public var timing: Timing
  public var additive = false
  public var cumulative = false
  /// Where it was written, for run-time errors.
  public var range: SourceRange

  public init(property: Property, value: AnimationValue, timing: Timing, range: SourceRange) {
    self.property = property
    self.value = value
    self.timing = timing
    self.range = range
  }
}

/// An entry of an instance's timeline: an animation, or a group or sequence of them.
public indirect enum TimelineItem: Sendable {
  case animation(Animation)
  case group(Timing, [TimelineItem])
  case sequence(Timing, [TimelineItem])
}
