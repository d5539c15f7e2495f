import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// A top-level name and what the checker learned about it.
struct Declaration {
  enum Kind {
    case letValue, timing, shape, path, node, emitter, replicator
  }
  enum State {
    case unchecked, checking, done
  }

  var kind: Kind
  var name: String
  var nameRange: SourceRange
  var syntax: NodeID
  var state = State.unchecked
  var type = AnimType.error
  var stage = Stage.constant
  /// Slot in `SceneIR.globals` for values (let, timing, shape, path).
  var slot: Int? = nil
  /// Index among all node templates, for `NODE.position`.
  var nodeIndex: Int? = nil
  /// Index among the emitters, in source order (the IR's emitter order in a scene without
  /// errors), for `on birth of`/`on death of` (§15).
  var emitterIndex: Int? = nil
  /// For a node declared inside a spawn or a replicator (at any depth), which stands for
  /// 0…n instances (§14): the emitter's or replicator's name. Nil for a node that stands
  /// for one instance.
  var manyOwner: String? = nil
  /// Whether its value (transitively) reads `scene.width/height/center`.
  var usesScene = false
  /// For a `timing` value: whether it is a real-time spring (§5), when known.
  var realTimeSpring = false
  /// Properties set in a shape declaration's block, applied to nodes that use it.
  var shapeDefaults: [CheckedStatement] = []

  var kindWord: String {
    switch kind {
    case .letValue: return "let"
    case .timing: return "timing"
    case .shape: return "shape"
    case .path: return "path"
    case .node: return "node"
    case .emitter: return "emitter"
    case .replicator: return "replicator"
    }
  }
}

/// What checking an expression found: its type and when it can be evaluated. Its
/// value is the node it was checked at, lowered only when wanted (see `Lowering`).
struct Typed {
  var type: AnimType
  var stage: Stage = .constant
  var usesScene = false
  /// A timing expression known to be a real-time spring.
  var realTimeSpring = false

  static let error = Typed(type: .error)
}

/// A checked top-level value, before it is settled into its declaration.
struct CheckedValue {
  var typed: Typed
  /// The value, for the IR's globals.
  var value: CheckedExpr
  /// Its value, when a rule may fold it.
  var constant: Value? = nil
  /// A shape declaration's block: the properties it sets for the nodes that use it.
  var shapeDefaults: [CheckedStatement] = []

  static let error = CheckedValue(typed: .error, value: .made(.constant(.number(.nan))))
}

/// What declaring a statement reads of its syntax: its kind and, for a declaration with
/// a name, the name's symbol and range (see `NamePass.declaredName(_:nameNode:)`).
struct DeclaredName {
  let decl: NodeID
  let kind: SyntaxKind
  let symbol: Symbol?
  let range: SourceRange
}

/// What uses of a checked top-level value need to know, without its expression.
struct ValueFacts {
  var type: AnimType
  var stage: Stage
  var usesScene: Bool
  var realTimeSpring: Bool

  init(_ typed: Typed) {
    type = typed.type
    stage = typed.stage
    usesScene = typed.usesScene
    realTimeSpring = typed.realTimeSpring
  }
}

/// Names visible in a block: its `let`s, and whether `self` and `trigger` exist.
struct BlockScope {
  enum Kind {
    case topLevel, scene, node, spawn, constant
  }
  var kind: Kind
  var locals = BlockLocals()
  var localCount = 0
  /// The shape expression of the node or shape whose block this is (for the
  /// `cornerRadius` fix, which moves the radius into a `rect(…)`).
  var shape: NodeID? = nil
  /// The block's `fill`/`stroke` statements, and whether each gives a gradient (§12.2:
  /// such a paint may not be animated; see `GradientRules.swift`).
  var paints: [(property: Property, range: SourceRange, isGradient: Bool)] = []

  init(_ kind: Kind) { self.kind = kind }

  /// A node's block below a spawn (§14): `self` and `trigger` are the spawn block's own.
  var insideSpawn = false
  /// Inside a §16 binding or `on release`: reads are of the frame being drawn.
  var binding: BindingPlace? = nil

  enum BindingPlace {
    /// `live PROP EXPR`.
    case live
    /// `on drag { … }`.
    case drag
    /// `on release`'s condition and block.
    case release

    var readsDrag: Bool { self != .live }
  }

  var allowsSpawnValues: Bool { kind == .spawn }
  /// Whether an omitted `from:` in a path means the instance's position (§4).
  var allowsImplicitFrom: Bool { kind == .node || kind == .spawn }
}

/// Top-level declarations by symbol. Symbols are dense small integers, so an array
/// indexed by symbol id replaces hashing on the checker's hottest lookup; it holds
/// indices into a dense list, as a file has far fewer declarations than names.
struct DeclarationTable {
  /// Index into `entries` by symbol id; -1 when the symbol names no declaration.
  private var indices: [Int32] = []
  private var entries: [Declaration] = []
  private var symbols: [Symbol] = []
  /// Whether each entry is used, apart from the entries: the two template checkers each
  /// mark uses in their copy of the table, and a mark in the entries themselves made
  /// each copy every declaration.
  private var used: [Bool] = []

  private func entry(_ symbol: Symbol) -> Int? {
    let s = Int(symbol.id)
    guard s >= 0 && s < indices.count, indices[s] >= 0 else { return nil }
    return Int(indices[s])
  }

  subscript(symbol: Symbol) -> Declaration? { entry(symbol).map { entries[$0] } }

  /// Declares `symbol`, which names no declaration yet. The declaration is moved in:
  /// through an optional subscript it was copied, field by field, twice per name, for
  /// the tens of thousands a large file declares on the check's serial path.
  mutating func insert(_ declaration: consuming Declaration, for symbol: Symbol) {
    let s = Int(symbol.id)
    guard s >= 0, entry(symbol) == nil else { return }
    if s >= indices.count { indices += repeatElement(-1, count: max(s + 1, indices.count * 2) - indices.count) }
    indices[s] = Int32(entries.count)
    entries.append(declaration)
    symbols.append(symbol)
    used.append(false)
  }

  /// Room for `count` declarations among `symbols` names, so filling the table does not
  /// copy it as it grows (a large file has tens of thousands).
  mutating func reserve(_ count: Int, symbols: Int) {
    entries.reserveCapacity(count)
    self.symbols.reserveCapacity(count)
    used.reserveCapacity(count)
    if indices.count < symbols { indices += repeatElement(-1, count: symbols - indices.count) }
  }

  /// Whether `symbol` names a declaration.
  func contains(_ symbol: Symbol) -> Bool { entry(symbol) != nil }

  /// Reads a declaration where it is stored. Copying one out through the subscript
  /// copies and later destroys every field, which the checker's hottest paths (each
  /// name it meets) cannot afford.
  func read<R>(_ symbol: Symbol, _ body: (Declaration) -> R) -> R? {
    guard let i = entry(symbol) else { return nil }
    return body(entries[i])
  }

  func kind(_ symbol: Symbol) -> Declaration.Kind? { read(symbol) { $0.kind } }

  /// Changes a declaration in place (assigning through the subscript copies it twice).
  mutating func update(_ symbol: Symbol, _ change: (inout Declaration) -> Void) {
    guard let i = entry(symbol) else { return }
    change(&entries[i])
  }

  mutating func markUsed(_ symbol: Symbol) {
    guard let i = entry(symbol), !used[i] else { return }
    used[i] = true
  }

  func isUsed(_ symbol: Symbol) -> Bool { entry(symbol).map { used[$0] } ?? false }

  /// Marks as used what `other`, a copy of this table since changed only in its marks,
  /// found used (entry by entry: a lookup per symbol cost a millisecond on a large file).
  mutating func adoptUses(from other: DeclarationTable) {
    guard other.symbols == symbols else {
      for symbol in other.symbols where other.isUsed(symbol) { markUsed(symbol) }
      return
    }
    for i in used.indices where other.used[i] { used[i] = true }
  }

  /// Every declaration, in symbol order.
  var values: [Declaration] {
    symbols.sorted().compactMap { self[$0] }
  }
}
