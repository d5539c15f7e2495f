import AnimMath
import AnimModel
import AnimSource

/// A checked expression, evaluated by `Evaluator` when its stage comes (§2: constant,
/// per run, per spawn, per sample). Calls have their arguments in parameter order with
/// defaults filled in, so evaluation needs no labels.
package enum Expr: Sendable {
  case constant(Value)
  /// A top-level `let`, by slot (evaluated once per run, in dependency order).
  case global(Int)
  /// A `let` in the enclosing block, by slot.
  case local(Int)
  /// `self.index`: the 0-based count of the emitter's spawns.
  case selfIndex
  /// `trigger.position`: the tap point, or the emitter's origin.
  case triggerPosition
  /// `trigger.time`: the scene time of the triggering event.
  case triggerTime
  /// `trigger.velocity` (§15): at a birth or death, the velocity of the instance's
  /// last-begun motion; `(0, 0)` for every other trigger.
  case triggerVelocity
  /// `NODE.position` (its model value, read when evaluated), by node index.
  case nodePosition(Int)
  /// `NODE.scenePosition` (§14): where the node's anchor is drawn in the scene when read,
  /// its animated position mapped by its parent's whole transform; by node index.
  case nodeScenePosition(Int)
  /// The instance's position when the animation begins (an omitted `from:` in a path).
  case instanceStart
  /// `scene.time` (§16): the frame's scene time.
  case sceneTime
  /// In a binding (§16): property `Property` of node `Int` as the frame draws it.
  case drawn(Int, Property)
  /// In a binding: `NODE.scenePosition` as the frame draws it.
  case drawnScenePosition(Int)
  /// In a binding: `self.PROP`, the instance's own value as the frame draws it (its
  /// composed value before the binding, in the binding of that property).
  case selfDrawn(Property)
  /// `drag.start`, `drag.translation`, `drag.location`, `drag.velocity` (§16).
  case drag(DragMember)
  indirect case negate(Expr)
  /// Arithmetic on numbers, or points with points or numbers; the range is where a
  /// non-finite result is reported.
  indirect case arithmetic(ArithmeticOperator, Expr, Expr, SourceRange)
  indirect case makePoint(Expr, Expr)
  indirect case component(Expr, Axis)
  case list([Expr])
  indirect case range(Expr, Expr)
  case call(Builtin, [Expr], SourceRange)
  /// `path { … }`
  case pathLiteral([PathCommand])
  /// `shape { … }` or `shape(w, h) { … }`
  indirect case shapeLiteral(width: Expr?, height: Expr?, commands: [PathCommand])
  /// A named or inline shape with its style statements applied.
  indirect case styledShape(Expr, [StyleSetting])
}

/// Arithmetic, and §16's comparisons (a Bool of two numbers).
package enum ArithmeticOperator: Sendable {
  case add, subtract, multiply, divide
  case less, lessEqual, greater, greaterEqual
}

/// What `drag.…` reads (§16).
package enum DragMember: String, Sendable, CaseIterable {
  case start, translation, location, velocity
}

package enum Axis: Sendable {
  case x, y
}

/// One command of `path { }` / `shape { }` (§4), with its arguments.
package struct PathCommand: Sendable {
  package enum Kind: Sendable {
    case move, line, quad, cubic, arc, close
  }
  package var kind: Kind
  package var arguments: [Expr]
  package var counterClockwise: Bool

  package init(kind: Kind, arguments: [Expr], counterClockwise: Bool = false) {
    self.kind = kind
    self.arguments = arguments
    self.counterClockwise = counterClockwise
  }
}

/// A style statement in a shape's block: `fill`, `stroke`, `lineWidth`.
package struct StyleSetting: Sendable {
  package enum Field: Sendable {
    case fill, stroke, lineWidth
  }
  package var field: Field
  package var value: Expr
  package init(field: Field, value: Expr) {
    self.field = field
    self.value = value
  }
}
