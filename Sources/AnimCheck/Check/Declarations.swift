import AnimMath
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
  /// Whether its value (transitively) reads `scene.width/height/center`.
  var usesScene = false
  var used = false
  /// Its value when constant (for rules that need numbers at check time).
  var constant: Value? = nil
  /// For a `timing` value: whether it is a real-time spring (§5), when known.
  var realTimeSpring = false
  /// Properties set in a shape declaration's block, applied to nodes that use it.
  var shapeDefaults: [BlockStatement] = []

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

/// A checked expression: its type, its lowered form and when it can be evaluated.
struct Typed {
  var type: AnimType
  var expr: Expr
  var stage: Stage = .constant
  var usesScene = false
  /// A timing expression known to be a real-time spring.
  var realTimeSpring = false

  static let error = Typed(type: .error, expr: .constant(.number(.nan)))
}

/// Names visible in a block: its `let`s, and whether `self` and `trigger` exist.
struct BlockScope {
  enum Kind {
    case topLevel, scene, node, spawn, constant
  }
  var kind: Kind
  var locals: [Symbol: (slot: Int, type: AnimType, stage: Stage, range: SourceRange)] = [:]
  var usedLocals: Set<Symbol> = []
  var localCount = 0

  init(_ kind: Kind) { self.kind = kind }

  var allowsSpawnValues: Bool { kind == .spawn }
  /// Whether an omitted `from:` in a path means the instance's position (§4).
  var allowsImplicitFrom: Bool { kind == .node || kind == .spawn }
}

/// Top-level declarations by symbol. Symbols are dense small integers, so an array
/// indexed by symbol id replaces hashing on the checker's hottest lookup.
struct DeclarationTable {
  private var slots: [Declaration?] = []

  subscript(symbol: Symbol) -> Declaration? {
    get {
      let i = Int(symbol.id)
      return i >= 0 && i < slots.count ? slots[i] : nil
    }
    set {
      let i = Int(symbol.id)
      guard i >= 0 else { return }
      if i >= slots.count { slots += [Declaration?](repeating: nil, count: i - slots.count + 1) }
      slots[i] = newValue
    }
  }

  var values: [Declaration] { slots.compactMap { $0 } }
}
