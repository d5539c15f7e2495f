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
package enum FillMode: String, Sendable {
  case removed, forwards, backwards, both
}

package enum AlongRotation: Sendable {
  case none, auto, autoReverse
}

extension IRForm {
  /// How many times an animation runs (§6.2).
  package enum RepeatCount<V: IRValue>: Sendable {
    case count(V)
    case forever
    /// `repeat for D`: c = D / d (or D / 2d with autoreverse).
    case duration(V)
  }

  /// What an animation moves between.
  package enum AnimationValue<V: IRValue>: Sendable {
    /// `from`/`to`/`by`; an omitted `from` is the value below (read at every sample).
    case basic(from: V?, to: V?, by: V?)
    case keyframes([Keyframe<V>], KeyframeInterpolation)
    /// `along PATH`: a path (or deferred path) for `position`.
    case along(V, PathPacing, AlongRotation)
  }

  /// One keyframe: key time in 0…1, value, and the timing of the segment it starts.
  package struct Keyframe<V: IRValue>: Sendable {
    package var key: Double
    package var value: V
    package var timing: V?
    package init(key: Double, value: V, timing: V?) {
      self.key = key
      self.value = value
      self.timing = timing
    }
  }

  /// The timing clauses shared by animations, groups and sequences (§6.2).
  package struct Timing<V: IRValue>: Sendable {
    /// nil: not written (a real-time spring's settling time, or a group's children).
    package var duration: V?
    package var delay: V?
    package var timingFunction: V?
    package var repeatCount: RepeatCount<V>?
    package var autoreverse = false
    package var fill: FillMode = .forwards
    package init() {}
  }

  /// One `animate` statement, checked.
  package struct Animation<V: IRValue>: Sendable {
    package var property: Property
    package var value: AnimationValue<V>
    package var timing: Timing<V>
    package var additive = false
    package var cumulative = false
    /// Where it was written, for run-time errors.
    package var range: SourceRange

    package init(property: Property, value: AnimationValue<V>, timing: Timing<V>, range: SourceRange) {
      self.property = property
      self.value = value
      self.timing = timing
      self.range = range
    }
  }

  /// An entry of an instance's timeline: an animation, or a group or sequence of them.
  package indirect enum TimelineItem<V: IRValue>: Sendable {
    case animation(Animation<V>)
    case group(Timing<V>, [TimelineItem<V>])
    case sequence(Timing<V>, [TimelineItem<V>])
  }
}
