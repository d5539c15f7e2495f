import AnimMath
import AnimModel
import AnimSource

/// What an expression can see when it is evaluated.
package struct EvaluationContext: Sendable {
  package var globals: [Value] = []
  package var locals: [Value] = []
  package var selfIndex = 0
  package var triggerPosition = Point.zero
  package var triggerTime = 0.0
  /// `trigger.velocity` (§15): set at births and deaths, `(0, 0)` otherwise.
  package var triggerVelocity = Point.zero
  /// The instance's position when its animation begins, once known.
  package var instanceStart: Point? = nil
  /// The stream `random`, `randomInt` and `choose` draw from (§7).
  package var random: RandomStream
  /// Model positions of nodes, by node index (`NODE.position`).
  package var nodePositions: [Point] = []
  /// The evaluated arguments of the built-in calls in progress, innermost last (see
  /// `Builtins.applyEvaluated`).
  var arguments: [Value] = []

  package init(random: RandomStream) { self.random = random }
}

/// A value that is not finite, reported at the expression that produced it (§9).
package struct EvaluationError: Error, Sendable {
  package var message: String
  package var range: SourceRange
  package init(message: String, range: SourceRange) {
    self.message = message
    self.range = range
  }
}
