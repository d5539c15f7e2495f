import AnimMath
import AnimModel
import AnimSource

/// What an expression can see when it is evaluated.
public struct EvaluationContext: Sendable {
  public var globals: [Value] = []
  public var locals: [Value] = []
  public var selfIndex = 0
  public var triggerPosition = Point.zero
  public var triggerTime = 0.0
  /// The instance's position when its animation begins, once known.
  public var instanceStart: Point? = nil
  /// The stream `random`, `randomInt` and `choose` draw from (§7).
  public var random: RandomStream
  /// Model positions of nodes, by node index (`NODE.position`).
  public var nodePositions: [Point] = []
  /// The evaluated arguments of the built-in calls in progress, innermost last (see
  /// `Builtins.applyEvaluated`).
  var arguments: [Value] = []

  public init(random: RandomStream) { self.random = random }
}

/// A value that is not finite, reported at the expression that produced it (§9).
public struct EvaluationError: Error, Sendable {
  public var message: String
  public var range: SourceRange
  public init(message: String, range: SourceRange) {
    self.message = message
    self.range = range
  }
}
