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
  /// Where nodes' anchors are drawn in the scene at the trigger being evaluated, by node
  /// index (`NODE.scenePosition` in an emitter, §14); empty where nothing reads them.
  package var nodeScenePositions: [Point] = []
  /// What a binding reads of the frame being made (§16); empty outside bindings.
  package var frame = BindingFrame()
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

/// What a §16 binding reads of the frame being made, kept up to date by the simulator as
/// it evaluates the frame's bindings in dependency order.
package struct BindingFrame: Sendable {
  /// Nodes' drawn values, by node index; nil for a node not present.
  package var states: [NodeState?] = []
  /// Where each node's anchor is drawn in the scene, by node index.
  package var scenePositions: [Point] = []
  /// The bound instance's own values: composed, and bound so far.
  package var own = NodeState()
  /// `drag.start`, `drag.translation`, `drag.location`, `drag.velocity`, in `DragMember` order.
  package var drag: [Point] = [.zero, .zero, .zero, .zero]
  package var sceneTime = 0.0

  package init() {}
}
