import AnimMath
import AnimModel
import AnimSource

package typealias RepeatCount = IRForm.RepeatCount<Expr>
package typealias AnimationValue = IRForm.AnimationValue<Expr>
package typealias Keyframe = IRForm.Keyframe<Expr>
package typealias Timing = IRForm.Timing<Expr>
package typealias Animation = IRForm.Animation<Expr>
package typealias TimelineItem = IRForm.TimelineItem<Expr>

/// Core Animation's fill modes (§6.2); `.forwards` is the language's default.
@usableFromInline package enum FillMode: String, Sendable {
  case removed, forwards, backwards, both
}

@usableFromInline package enum AlongRotation: Sendable {
  case none, auto, autoReverse
}

extension IRForm {
  /// How many times an animation runs (§6.2).
  @usableFromInline package enum RepeatCount<V: IRValue>: Sendable {
    case count(V)
    case forever
    /// `repeat for D`: c = D / d (or D / 2d with autoreverse).
    case duration(V)
  }

  /// What an animation moves between.
  @usableFromInline package enum AnimationValue<V: IRValue>: Sendable {
    /// `from`/`to`/`by`; an omitted `from` is the value below (read at every sample).
    case basic(from: V?, to: V?, by: V?)
    case keyframes([Keyframe<V>], KeyframeInterpolation)
    /// `along PATH`: a path (or deferred path) for `position`.
    case along(V, PathPacing, AlongRotation)
    /// `with MOTION` (§15): a Motion for `position`, solved from the value below at its begin.
    case motion(V, AlongRotation)
  }

  /// One keyframe: key time in 0…1, value, and the timing of the segment it starts.
  @usableFromInline package struct Keyframe<V: IRValue>: Sendable {
    @usableFromInline package var key: Double
    @usableFromInline package var value: V
    @usableFromInline package var timing: V?
    @inlinable package init(key: Double, value: V, timing: V?) {
      self.key = key
      self.value = value
      self.timing = timing
    }
  }

  /// The timing clauses shared by animations, groups and sequences (§6.2).
  @usableFromInline package struct Timing<V: IRValue>: Sendable {
    /// nil: not written (a real-time spring's settling time, or a group's children).
    @usableFromInline package var duration: V?
    @usableFromInline package var delay: V?
    @usableFromInline package var timingFunction: V?
    @usableFromInline package var repeatCount: RepeatCount<V>?
    @usableFromInline package var autoreverse = false
    @usableFromInline package var fill: FillMode = .forwards
    @inlinable package init() {}
  }

  /// One `animate` statement, checked.
  @usableFromInline package struct Animation<V: IRValue>: Sendable {
    @usableFromInline package var property: Property
    @usableFromInline package var value: AnimationValue<V>
    @usableFromInline package var timing: Timing<V>
    @usableFromInline package var additive = false
    @usableFromInline package var cumulative = false
    /// Where it was written, for run-time errors.
    @usableFromInline package var range: SourceRange

    @inlinable package init(property: Property, value: AnimationValue<V>, timing: Timing<V>, range: SourceRange) {
      self.property = property
      self.value = value
      self.timing = timing
      self.range = range
    }
  }

  /// An entry of an instance's timeline: an animation, or a group or sequence of them.
  @usableFromInline package indirect enum TimelineItem<V: IRValue>: Sendable {
    case animation(Animation<V>)
    case group(Timing<V>, [TimelineItem<V>])
    case sequence(Timing<V>, [TimelineItem<V>])
  }
}
