import AnimIR
import AnimMath
import AnimModel
import AnimSyntax

/// A checked value before lowering: the syntax node it was checked at, or an expression
/// the checker made itself (a folded constant, a default). `Lowering` turns it into an
/// `Expr`. Made ones are rare here, so they are boxed and a reference is small.
enum CheckedExpr: IRValue {
  case node(NodeID)
  indirect case made(Expr)

  static func constant(_ value: Value) -> CheckedExpr { .made(.constant(value)) }
}

/// The scene as the checker leaves it: the IR's shape over checked syntax (see `Lowering`).
typealias UnloweredScene = IRForm.Scene<CheckedExpr>
typealias CheckedStatement = IRForm.BlockStatement<CheckedExpr>
typealias CheckedTemplate = IRForm.NodeTemplate<CheckedExpr>
typealias CheckedEmitter = IRForm.EmitterTemplate<CheckedExpr>
typealias CheckedReplicator = IRForm.ReplicatorTemplate<CheckedExpr>
typealias CheckedAnimation = IRForm.Animation<CheckedExpr>
typealias CheckedAnimationValue = IRForm.AnimationValue<CheckedExpr>
typealias CheckedKeyframe = IRForm.Keyframe<CheckedExpr>
typealias CheckedTiming = IRForm.Timing<CheckedExpr>
typealias CheckedTimelineItem = IRForm.TimelineItem<CheckedExpr>

/// What the type pass decided about a syntax node that its syntax alone does not say:
/// which local a name is, where a call's arguments come from when not as written, which
/// path commands and shape settings were accepted, and where a Path stands for a Shape;
/// and the slot of each top-level value settled. `Lowering` reads these,
/// the tree and the built-in names; nothing else.
///
/// Invariant: a node has at most one fact, the one its last check recorded; a node
/// without one is lowered from its syntax alone (a literal, an operator, a point, a
/// top-level or built-in name, …). Facts are small and stored apart from their nodes,
/// as a large file records hundreds of thousands on the check's serial path.
final class LoweringFacts {
  enum Fact {
    /// A block's `let`, by local slot.
    case local(Int32)
    /// A value the checker knew (`scene.width`, a node's position, a text laid out
    /// now): `made[k]`.
    case made(Int32)
    /// A built-in call whose arguments are not just the ones written, in order (a label
    /// out of order, a default, `scale(s)`): its arguments at `arguments[first..<end]`
    /// in parameter order. Most calls have no fact (see `Lowering.callArguments`).
    case call(Builtin, first: Int32, end: Int32)
    /// A path command the checker accepted.
    case pathCommand(PathCommand.Kind)
    /// A `fill`/`stroke`/`lineWidth` setting of a shape declaration the checker accepted.
    case style(StyleSetting.Field)
  }

  /// Every fact and what it refers to, in one stored property: a class's stored
  /// property is checked for exclusive access at each use, so a record is one access,
  /// not one per list it appends to.
  private var table = Table()

  private struct Table {
    /// The index of each node's fact in `facts`.
    var index = NodeMap()
    /// The facts in the order recorded, with their nodes (for adopting another's).
    var facts: [Fact] = []
    var nodes: [NodeID] = []
    /// Call arguments, back to back: a node index, or `-(k + 1)` for `made[k]`.
    var arguments: [Int32] = []
    /// Expressions the checker made: values of `.made` facts and default arguments.
    var made: [Expr] = []
    /// The nodes where a Path stands for a Shape (§3.1); rare, and none in most files.
    var conversions: Set<NodeID> = []

    mutating func record(_ fact: Fact, at id: NodeID) {
      index[id] = Int32(facts.count)
      facts.append(fact)
      nodes.append(id)
    }

    mutating func made(_ e: Expr) -> Int32 {
      made.append(e)
      return Int32(made.count - 1)
    }
  }
  /// The global slot of each top-level value settled, by symbol id; -1 for none.
  private(set) var globalSlots: [Int32]
  /// The `scene` block's settings (for `scene.width` …), settled before any value.
  var settings = SceneSettings()

  /// `globalSlots` are those settled already, for a checker that goes on from another.
  init(globalSlots: [Int32] = []) {
    self.globalSlots = globalSlots
  }

  /// The slot of the top-level value `symbol` names, once settled.
  func globalSlot(_ symbol: Symbol) -> Int? {
    let s = Int(symbol.id)
    guard s >= 0 && s < globalSlots.count, globalSlots[s] >= 0 else { return nil }
    return Int(globalSlots[s])
  }

  func settle(_ symbol: Symbol, slot: Int) {
    let s = Int(symbol.id)
    guard s >= 0 else { return }
    if s >= globalSlots.count {
      globalSlots += repeatElement(-1, count: max(s + 1, globalSlots.count * 2) - globalSlots.count)
    }
    globalSlots[s] = Int32(slot)
  }

  subscript(id: NodeID) -> Fact? {
    table.index[id].map { table.facts[Int($0)] }
  }

  /// Whether the value at `id` is a Path used as a Shape.
  func isConvertedToShape(_ id: NodeID) -> Bool { !table.conversions.isEmpty && table.conversions.contains(id) }

  /// The value of a `.made(k)` fact.
  func made(_ k: Int32) -> Expr { table.made[Int(k)] }

  /// Argument `i` of a call fact (`first <= i < end`).
  func argument(_ i: Int32) -> CheckedExpr {
    let code = table.arguments[Int(i)]
    return code >= 0 ? .node(NodeID(code)) : .made(table.made[Int(-code - 1)])
  }

  func record(_ fact: Fact, at id: NodeID) { table.record(fact, at: id) }

  /// Records a value the checker knew.
  func record(value e: Expr, at id: NodeID) {
    table.record(.made(table.made(e)), at: id)
  }

  // MARK: Calls: `startCall`, an `addArgument` per parameter, then `endCall`.

  /// Where the next call's arguments start.
  func startCall() -> Int32 { Int32(table.arguments.count) }

  func addArgument(_ node: NodeID) { table.arguments.append(node.index) }

  func addArgument(_ e: Expr) {
    let k = table.made(e)
    table.arguments.append(-k - 1)
  }

  /// Adds the call's argument `k` again (a default that is another argument).
  func addArgument(copying k: Int32) { table.arguments.append(table.arguments[Int(k)]) }

  func endCall(_ builtin: Builtin, from first: Int32, at id: NodeID) {
    table.record(.call(builtin, first: first, end: Int32(table.arguments.count)), at: id)
  }

  func recordConversionToShape(at id: NodeID) { table.conversions.insert(id) }

  /// Takes over what another checker of the same tree recorded (the two halves of a
  /// parallel check); where both recorded a fact for a node, the other's wins. Its
  /// facts are appended as they are, with their indices moved past this one's.
  func adopt(_ other: LoweringFacts) {
    let theirs = other.table
    let madeBase = Int32(table.made.count)
    let argumentBase = Int32(table.arguments.count)
    let factBase = Int32(table.facts.count)
    table.made += theirs.made
    table.arguments += theirs.arguments.map { $0 >= 0 ? $0 : $0 - madeBase }
    table.facts += theirs.facts.map { fact in
      switch fact {
      case .made(let k): return .made(k + madeBase)
      case .call(let builtin, let first, let end):
        return .call(builtin, first: first + argumentBase, end: end + argumentBase)
      default: return fact
      }
    }
    table.nodes += theirs.nodes
    for (j, node) in theirs.nodes.enumerated() { table.index[node] = factBase + Int32(j) }
    table.conversions.formUnion(theirs.conversions)
  }
}
