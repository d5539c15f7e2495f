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
@usableFromInline package protocol IRValue: Sendable {
  /// A value known now.
  static func constant(_ value: Value) -> Self
}

extension Expr: IRValue {}

/// The IR's types, over how a value is held (`IRValue`). The checker builds them over
/// checked syntax and `Lowering` maps that to `Expr`s, only when the IR is wanted; use
/// the aliases (`SceneIR`, `NodeTemplate`, …), which hold `Expr`s.
@usableFromInline package enum IRForm {
  @usableFromInline package struct Scene<V: IRValue>: Sendable {
    @usableFromInline package var settings = SceneSettings()
    /// Top-level `let`s (and `timing`/`path`/`shape` declarations) in evaluation order:
    /// dependency order, then source order (§7). `slot` indexes `Expr.global`.
    @usableFromInline package var globals: [GlobalBinding<V>] = []
    @usableFromInline package var nodes: [NodeTemplate<V>] = []
    @usableFromInline package var emitters: [EmitterTemplate<V>] = []
    @usableFromInline package var replicators: [ReplicatorTemplate<V>] = []
    @usableFromInline package var input: [InputEvent] = []
    /// The font files texts were drawn from (§12.4), each once: inputs, which no output may
    /// overwrite.
    @usableFromInline package var fontFiles: [String] = []
    @inlinable package init() {}
  }

  @usableFromInline package struct GlobalBinding<V: IRValue>: Sendable {
    @usableFromInline package var name: String
    @usableFromInline package var slot: Int
    @usableFromInline package var value: V
    @inlinable package init(name: String, slot: Int, value: V) {
      self.name = name
      self.slot = slot
      self.value = value
    }
  }

  /// What a node's or spawn's block does, statement by statement in source order, so
  /// random draws happen in source order (§7).
  @usableFromInline package enum BlockStatement<V: IRValue>: Sendable {
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
  @usableFromInline package struct NodeTemplate<V: IRValue>: Sendable {
    @usableFromInline package var name: String
    /// Evaluates to `.shape`.
    @usableFromInline package var shape: V
    /// The id of the shape in dumps (§9): the declared shape's name, or the node's name for
    /// an inline shape; nil when the geometry differs per spawn (then the instance's id).
    @usableFromInline package var shapeID: String?
    @usableFromInline package var body: [BlockStatement<V>]
    /// Number of local slots the body uses.
    @usableFromInline package var localCount: Int
    @usableFromInline package var range: SourceRange
    /// Whether the body sets or animates a 3-D property (§12.1), decided once here.
    @usableFromInline package var is3D: Bool
    /// The nodes declared in its block (§14), in order: each positioned in this node's box.
    @usableFromInline package var children: [NodeTemplate<V>] = []
    /// `node NAME { … }` (§14): draws nothing; `shape` is `groupShape`, `shapeID` nil.
    @usableFromInline package var isGroup = false
    /// Its `live`, `on drag` and `on release` blocks (§16); nil without any.
    @usableFromInline package var interaction: Interaction<V>? = nil

    /// `is3D` is worked out from `body` unless given (a template mapped from another
    /// keeps the other's, which a binding may have set).
    @inlinable package init(
      name: String, shape: V, shapeID: String?, body: [BlockStatement<V>], localCount: Int, range: SourceRange,
      is3D: Bool? = nil
    ) {
      self.name = name
      self.shape = shape
      self.shapeID = shapeID
      self.body = body
      self.localCount = localCount
      self.range = range
      self.is3D = is3D ?? body.contains { $0.touchesDepth }
    }
  }

  /// A group's shape (§14): a 0 × 0 box with no paint, which draws nothing.
  @inlinable package static var groupShape: Value {
    var style = ShapeStyle()
    style.fill = nil
    return .shape(ShapeValue(outline: ShapeOutline(path: Path(), width: 0, height: 0), style: style))
  }

  @usableFromInline package struct EmitterTemplate<V: IRValue>: Sendable {
    @usableFromInline package var name: String
    @usableFromInline package var triggers: [Trigger]
    @usableFromInline package var burst: Int = 1
    @usableFromInline package var max: Int = 10_000
    /// nil: the scene centre.
    @usableFromInline package var origin: V?
    @usableFromInline package var spawn: NodeTemplate<V>
    /// `spawn … in NODE` (§14): the node index of the parent each instance is a child of;
    /// nil for top-level instances.
    @usableFromInline package var parent: Int? = nil
    @inlinable package init(name: String, triggers: [Trigger], spawn: NodeTemplate<V>) {
      self.name = name
      self.triggers = triggers
      self.spawn = spawn
    }
  }

  /// `replicate NAME count N { … }` (§3.2).
  @usableFromInline package struct ReplicatorTemplate<V: IRValue>: Sendable {
    @usableFromInline package var name: String
    @usableFromInline package var count: Int
    @usableFromInline package var position: V = .constant(.point(.zero))
    /// Steps of the instance transform, in order (M = f₁·f₂·…); each evaluates to `.transform`.
    @usableFromInline package var instanceTransform: [V] = []
    /// Seconds.
    @usableFromInline package var instanceDelay: V = .constant(.number(0))
    @usableFromInline package var instanceColor: V = .constant(.color(.white))
    /// Per-copy colour offsets (red, green, blue, alpha).
    @usableFromInline package var offsets: (red: Double, green: Double, blue: Double, alpha: Double) = (0, 0, 0, 0)
    @usableFromInline package var children: [NodeTemplate<V>] = []
    @inlinable package init(name: String, count: Int) {
      self.name = name
      self.count = count
    }
  }
}

/// `scene { }` (constants, already evaluated).
@usableFromInline package struct SceneSettings: Sendable {
  @usableFromInline package var title = ""
  @usableFromInline package var width = 375.0
  @usableFromInline package var height = 667.0
  @usableFromInline package var background = Color.clear
  @usableFromInline package var fps = 60.0
  /// Seconds.
  @usableFromInline package var duration = 10.0
  @usableFromInline package var seed: UInt64 = 0
  @inlinable package init() {}
}

/// When an emitter fires (§3.2, §8).
@usableFromInline package enum Trigger: Sendable {
  /// `on tap` (node nil) or `on tap NODE` (node index).
  case tap(node: Int?)
  /// `every P [from F] [until U]`, seconds.
  case every(period: Double, from: Double, until: Double?)
  /// `at t₁, t₂, …`, seconds.
  case at([Double])
  /// `on birth of E` (§15): once per instance of emitter E (its index), at its creation.
  case birth(emitter: Int)
  /// `on death of E` (§15): once per instance of emitter E, at its removal by its
  /// lifetime.
  case death(emitter: Int)

  /// The emitter whose instances fire this trigger (`on birth of`/`on death of`), if any.
  @inlinable package var secondarySource: Int? {
    switch self {
    case .birth(let e), .death(let e): return e
    default: return nil
    }
  }
}

/// An event of the `input` block (§8), in run time.
@usableFromInline package enum InputEvent: Sendable {
  @usableFromInline package enum Target: Sendable {
    /// The centre of the node's box (node index).
    case node(Int)
    case point(Point)
    /// No point: every `on tap` emitter fires at its origin.
    case none
  }
  @usableFromInline package enum When: Sendable {
    case at([Double])
    case every(period: Double, from: Double, until: Double?)
  }
  case tap(Target, When)
  /// `drag TARGET to Q over D at T [timing F]` (§16).
  case drag(ScriptedDrag)
  case pause(at: Double)
  case resume(at: Double)
  case speed(Double, at: Double)
}

/// A scripted drag (§16): a press at run time `at` on `from`, a pointer at
/// `P + (Q − P)·F((t − at)/duration)`, and a release at `at + duration`.
@usableFromInline package struct ScriptedDrag: Sendable {
  @usableFromInline package var from: InputEvent.Target
  @usableFromInline package var to: Point
  @usableFromInline package var duration: Double
  @usableFromInline package var at: Double
  @usableFromInline package var timing: TimingFunction
  @inlinable package init(from: InputEvent.Target, to: Point, duration: Double, at: Double, timing: TimingFunction) {
    self.from = from
    self.to = to
    self.duration = duration
    self.at = at
    self.timing = timing
  }
}
