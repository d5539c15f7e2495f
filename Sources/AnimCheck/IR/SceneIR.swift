import AnimMath
import AnimSource

/// The checked, self-contained form of a file: everything the simulator needs, nothing
/// from the syntax tree.
public struct SceneIR: Sendable {
  public var settings = SceneSettings()
  /// Top-level `let`s (and `timing`/`path`/`shape` declarations) in evaluation order:
  /// dependency order, then source order (§7). `slot` indexes `Expr.global`.
  public var globals: [GlobalBinding] = []
  public var nodes: [NodeTemplate] = []
  public var emitters: [EmitterTemplate] = []
  public var replicators: [ReplicatorTemplate] = []
  public var input: [InputEvent] = []
  /// The font files texts were drawn from (§12.4), each once: inputs, which no output may
  /// overwrite.
  public var fontFiles: [String] = []
  public init() {}
}

/// `scene { }` (constants, already evaluated).
public struct SceneSettings: Sendable {
  public var title = ""
  public var width = 375.0
  public var height = 667.0
  public var background = Color.clear
  public var fps = 60.0
  /// Seconds.
  public var duration = 10.0
  public var seed: UInt64 = 0
  public init() {}
}

public struct GlobalBinding: Sendable {
  public var name: String
  public var slot: Int
  public var value: Expr
  public init(name: String, slot: Int, value: Expr) {
    self.name = name
    self.slot = slot
    self.value = value
  }
}

/// What a node's or spawn's block does, statement by statement in source order, so
/// random draws happen in source order (§7).
public enum BlockStatement: Sendable {
  /// `let NAME = EXPR`, stored in a local slot.
  case bind(slot: Int, Expr)
  /// A fixed property value (`opacity 0.5`, `position (1, 2)`).
  case set(Property, Expr)
  /// `anchor (ax, ay)`.
  case anchor(Expr)
  /// `z N`.
  case z(Expr)
  case timeline(TimelineItem)
  /// `remove after D`, from the instance's creation.
  case removeAfter(Expr)
  /// `at T`: a node's appearance time.
  case appearAt(Expr)
  /// `contentsRect [x, y, w, h]` (§12.3): the part of an image drawn over its box.
  case contentsRect(Expr)
}

/// A node, a spawn's template, or a replicator child.
public struct NodeTemplate: Sendable {
  public var name: String
  /// Evaluates to `.shape`.
  public var shape: Expr
  /// The id of the shape in dumps (§9): the declared shape's name, or the node's name for
  /// an inline shape; nil when the geometry differs per spawn (then the instance's id).
  public var shapeID: String?
  public var body: [BlockStatement]
  /// Number of local slots the body uses.
  public var localCount: Int
  public var range: SourceRange
  /// Whether the body sets or animates a 3-D property (§12.1), decided once here.
  public let is3D: Bool

  public init(name: String, shape: Expr, shapeID: String?, body: [BlockStatement], localCount: Int, range: SourceRange)
  {
    self.name = name
    self.shape = shape
    self.shapeID = shapeID
    self.body = body
    self.localCount = localCount
    self.range = range
    is3D = body.contains { $0.touchesDepth }
  }
}

/// When an emitter fires (§3.2, §8).
public enum Trigger: Sendable {
  /// `on tap` (node nil) or `on tap NODE` (node index).
  case tap(node: Int?)
  /// `every P [from F] [until U]`, seconds.
  case every(period: Double, from: Double, until: Double?)
  /// `at t₁, t₂, …`, seconds.
  case at([Double])
}

public struct EmitterTemplate: Sendable {
  public var name: String
  public var triggers: [Trigger]
  public var burst: Int = 1
  public var max: Int = 10_000
  /// nil: the scene centre.
  public var origin: Expr?
  public var spawn: NodeTemplate
  public init(name: String, triggers: [Trigger], spawn: NodeTemplate) {
    self.name = name
    self.triggers = triggers
    self.spawn = spawn
  }
}

/// `replicate NAME count N { … }` (§3.2).
public struct ReplicatorTemplate: Sendable {
  public var name: String
  public var count: Int
  public var position: Expr = .constant(.point(.zero))
  /// Steps of the instance transform, in order (M = f₁·f₂·…); each evaluates to `.transform`.
  public var instanceTransform: [Expr] = []
  /// Seconds.
  public var instanceDelay: Expr = .constant(.number(0))
  public var instanceColor: Expr = .constant(.color(.white))
  /// Per-copy colour offsets (red, green, blue, alpha).
  public var offsets: (red: Double, green: Double, blue: Double, alpha: Double) = (0, 0, 0, 0)
  public var children: [NodeTemplate] = []
  public init(name: String, count: Int) {
    self.name = name
    self.count = count
  }
}

/// An event of the `input` block (§8), in run time.
public enum InputEvent: Sendable {
  public enum Target: Sendable {
    /// The centre of the node's box (node index).
    case node(Int)
    case point(Point)
    /// No point: every `on tap` emitter fires at its origin.
    case none
  }
  public enum When: Sendable {
    case at([Double])
    case every(period: Double, from: Double, until: Double?)
  }
  case tap(Target, When)
  case pause(at: Double)
  case resume(at: Double)
  case speed(Double, at: Double)
}
