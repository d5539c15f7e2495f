import AnimMath
import AnimModel
import AnimSource

/// The checked, self-contained form of a file: everything the simulator needs, nothing
/// from the syntax tree. Its values are `Expr`s.
package typealias SceneIR = IRForm.Scene<Expr>
package typealias GlobalBinding = IRForm.GlobalBinding<Expr>
package typealias BlockStatement = IRForm.BlockStatement<Expr>
package typealias NodeTemplate = IRForm.NodeTemplate<Expr>
package typealias EmitterTemplate = IRForm.EmitterTemplate<Expr>
package typealias ReplicatorTemplate = IRForm.ReplicatorTemplate<Expr>

/// How a value of the scene is held: an `Expr` in the IR; checked syntax, not yet
/// lowered, in what the checker hands to `Lowering`.
package protocol IRValue: Sendable {
  /// A value known now.
  static func constant(_ value: Value) -> Self
}

extension Expr: IRValue {}

/// The IR's types, over how a value is held (`IRValue`). The checker builds them over
/// checked syntax and `Lowering` maps that to `Expr`s, only when the IR is wanted; use
/// the aliases (`SceneIR`, `NodeTemplate`, …), which hold `Expr`s.
package enum IRForm {
  package struct Scene<V: IRValue>: Sendable {
    package var settings = SceneSettings()
    /// Top-level `let`s (and `timing`/`path`/`shape` declarations) in evaluation order:
    /// dependency order, then source order (§7). `slot` indexes `Expr.global`.
    package var globals: [GlobalBinding<V>] = []
    package var nodes: [NodeTemplate<V>] = []
    package var emitters: [EmitterTemplate<V>] = []
    package var replicators: [ReplicatorTemplate<V>] = []
    package var input: [InputEvent] = []
    /// The font files texts were drawn from (§12.4), each once: inputs, which no output may
    /// overwrite.
    package var fontFiles: [String] = []
    package init() {}
  }

  package struct GlobalBinding<V: IRValue>: Sendable {
    package var name: String
    package var slot: Int
    package var value: V
    package init(name: String, slot: Int, value: V) {
      self.name = name
      self.slot = slot
      self.value = value
    }
  }

  /// What a node's or spawn's block does, statement by statement in source order, so
  /// random draws happen in source order (§7).
  package enum BlockStatement<V: IRValue>: Sendable {
    /// `let NAME = EXPR`, stored in a local slot.
    case bind(slot: Int, V)
    /// A fixed property value (`opacity 0.5`, `position (1, 2)`).
    case set(Property, V)
    /// `anchor (ax, ay)`.
    case anchor(V)
    /// `z N`.
    case z(V)
    case timeline(TimelineItem<V>)
    /// `remove after D`, from the instance's creation.
    case removeAfter(V)
    /// `at T`: a node's appearance time.
    case appearAt(V)
    /// `contentsRect [x, y, w, h]` (§12.3): the part of an image drawn over its box.
    case contentsRect(V)
  }

  /// A node, a spawn's template, or a replicator child.
  package struct NodeTemplate<V: IRValue>: Sendable {
    package var name: String
    /// Evaluates to `.shape`.
    package var shape: V
    /// The id of the shape in dumps (§9): the declared shape's name, or the node's name for
    /// an inline shape; nil when the geometry differs per spawn (then the instance's id).
    package var shapeID: String?
    package var body: [BlockStatement<V>]
    /// Number of local slots the body uses.
    package var localCount: Int
    package var range: SourceRange
    /// Whether the body sets or animates a 3-D property (§12.1), decided once here.
    package let is3D: Bool
    /// The nodes declared in its block (§14), in order: each positioned in this node's box.
    package var children: [NodeTemplate<V>] = []
    /// `node NAME { … }` (§14): draws nothing; `shape` is `groupShape`, `shapeID` nil.
    package var isGroup = false

    package init(
      name: String, shape: V, shapeID: String?, body: [BlockStatement<V>], localCount: Int, range: SourceRange
    ) {
      self.name = name
      self.shape = shape
      self.shapeID = shapeID
      self.body = body
      self.localCount = localCount
      self.range = range
      is3D = body.contains { $0.touchesDepth }
    }
  }

  /// A group's shape (§14): a 0 × 0 box with no paint, which draws nothing.
  package static var groupShape: Value {
    var style = ShapeStyle()
    style.fill = nil
    return .shape(ShapeValue(outline: ShapeOutline(path: Path(), width: 0, height: 0), style: style))
  }

  package struct EmitterTemplate<V: IRValue>: Sendable {
    package var name: String
    package var triggers: [Trigger]
    package var burst: Int = 1
    package var max: Int = 10_000
    /// nil: the scene centre.
    package var origin: V?
    package var spawn: NodeTemplate<V>
    /// `spawn … in NODE` (§14): the node index of the parent each instance is a child of;
    /// nil for top-level instances.
    package var parent: Int? = nil
    package init(name: String, triggers: [Trigger], spawn: NodeTemplate<V>) {
      self.name = name
      self.triggers = triggers
      self.spawn = spawn
    }
  }

  /// `replicate NAME count N { … }` (§3.2).
  package struct ReplicatorTemplate<V: IRValue>: Sendable {
    package var name: String
    package var count: Int
    package var position: V = .constant(.point(.zero))
    /// Steps of the instance transform, in order (M = f₁·f₂·…); each evaluates to `.transform`.
    package var instanceTransform: [V] = []
    /// Seconds.
    package var instanceDelay: V = .constant(.number(0))
    package var instanceColor: V = .constant(.color(.white))
    /// Per-copy colour offsets (red, green, blue, alpha).
    package var offsets: (red: Double, green: Double, blue: Double, alpha: Double) = (0, 0, 0, 0)
    package var children: [NodeTemplate<V>] = []
    package init(name: String, count: Int) {
      self.name = name
      self.count = count
    }
  }
}

/// `scene { }` (constants, already evaluated).
package struct SceneSettings: Sendable {
  package var title = ""
  package var width = 375.0
  package var height = 667.0
  package var background = Color.clear
  package var fps = 60.0
  /// Seconds.
  package var duration = 10.0
  package var seed: UInt64 = 0
  package init() {}
}

/// When an emitter fires (§3.2, §8).
package enum Trigger: Sendable {
  /// `on tap` (node nil) or `on tap NODE` (node index).
  case tap(node: Int?)
  /// `every P [from F] [until U]`, seconds.
  case every(period: Double, from: Double, until: Double?)
  /// `at t₁, t₂, …`, seconds.
  case at([Double])
}

/// An event of the `input` block (§8), in run time.
package enum InputEvent: Sendable {
  package enum Target: Sendable {
    /// The centre of the node's box (node index).
    case node(Int)
    case point(Point)
    /// No point: every `on tap` emitter fires at its origin.
    case none
  }
  package enum When: Sendable {
    case at([Double])
    case every(period: Double, from: Double, until: Double?)
  }
  case tap(Target, When)
  case pause(at: Double)
  case resume(at: Double)
  case speed(Double, at: Double)
}
