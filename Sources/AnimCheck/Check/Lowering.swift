import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// Lowering to the IR: turns the checked scene, whose values are checked syntax, into
/// the `SceneIR` the simulator runs. It reads the tree and what the type pass recorded
/// (`LoweringFacts`) and decides nothing: every rule was applied by the checker.
///
/// The checker never lowers a whole scene; `analyze` does, when the IR is wanted.
/// Constant folding lowers just the subtree it folds. A class, made once per checker:
/// a value holding the tree retained each of its columns at every fold.
final class Lowering {
  let tree: SyntaxTree
  let facts: LoweringFacts
  /// The built-in colours and timing curves, by symbol.
  let builtins: SymbolFacts

  init(tree: SyntaxTree, facts: LoweringFacts, builtins: SymbolFacts) {
    self.tree = tree
    self.facts = facts
    self.builtins = builtins
  }

  /// The IR of a checked scene, on one thread: lowering a large scene's templates on two
  /// gained nothing measurable, under the 15 % a second thread must earn (issue 28).
  func lower(_ scene: UnloweredScene) -> SceneIR { scene.map(lower) }

  func lower(_ value: CheckedExpr) -> Expr {
    switch value {
    case .node(let id): return lower(id)
    case .made(let e): return e
    }
  }

  func lower(_ id: NodeID) -> Expr {
    let e = lowerOwn(id)
    return facts.isConvertedToShape(id) ? .call(.shapeOfPath, [e], tree.range(id)) : e
  }

  /// The value of a node the checker recorded a fact for: only names, members and calls
  /// have one, so no other node is looked up.
  private func lowerFact(_ id: NodeID) -> Expr? {
    switch facts[id] {
    case .local(let slot)?: return .local(Int(slot))
    case .made(let k)?: return facts.made(k)
    case .call(let builtin, let first, let end)?:
      return .call(builtin, recordedArguments(first, end), tree.range(id))
    default: return nil
    }
  }

  /// A call fact's arguments, lowered in parameter order.
  private func recordedArguments(_ first: Int32, _ end: Int32) -> [Expr] {
    var arguments: [Expr] = []
    arguments.reserveCapacity(Int(end - first))
    for i in first..<end { arguments.append(lower(facts.argument(i))) }
    return arguments
  }

  /// The lowered arguments, in parameter order, of the call checked at `id`.
  func callArguments(_ id: NodeID) -> [Expr]? {
    switch facts[id] {
    case .call(_, let first, let end)?: return recordedArguments(first, end)
    case nil where tree.kind(id) == .call:
      // As written: the call's children after the callee hold its arguments' values.
      let count = tree.childCount(id)
      var arguments: [Expr] = []
      arguments.reserveCapacity(max(count - 1, 0))
      for k in 1..<max(count, 1) { arguments.append(lower(tree.child(tree.child(id, k), 0))) }
      return arguments
    default: return nil
    }
  }

  /// The node's value before a Path is taken as a Shape.
  private func lowerOwn(_ id: NodeID) -> Expr {
    switch tree.kind(id) {
    case .call:
      if let e = lowerFact(id) { return e }
      let callee = tree.child(id, 0)
      guard let builtin = builtins.builtin(called: tree.symbol(callee), tree.name(callee), labels: { labels(id) })
      else { break }
      return .call(builtin, callArguments(id) ?? [], tree.range(id))
    case .number: return .constant(.number(tree.numberLiteral(id).value))
    case .string: return .constant(.string(tree.string(id)))
    case .color:
      let v = tree.colorValue(id)
      return .constant(
        .color(Color(rgba8: UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))))
    case .bool: return .constant(.bool(tree.flags(id) == 1))
    case .enumCase: return .constant(.enumCase(tree.name(id)))
    case .name:
      if let e = lowerFact(id) { return e }
      // Not a local: a top-level value, or else a built-in colour or timing curve.
      guard let symbol = tree.symbol(id) else { break }
      if let slot = facts.globalSlot(symbol) { return .global(slot) }
      if let named = builtins.namedValue(symbol, tree.name(id)) { return .constant(named.value) }
    case .paren: return lower(tree.child(id, 0))
    case .point: return .makePoint(lower(tree.child(id, 0)), lower(tree.child(id, 1)))
    case .list: return .list(tree.children(id).map(lower))
    case .negate:
      // A negative literal is a constant, as it was written.
      let e = lower(tree.child(id, 0))
      if case .constant(.number(let n)) = e { return .constant(.number(-n)) }
      return .negate(e)
    case .binary:
      return .arithmetic(
        tree.binaryOperator(id).arithmetic, lower(tree.child(id, 0)), lower(tree.child(id, 1)), tree.range(id))
    case .range: return .range(lower(tree.child(id, 0)), lower(tree.child(id, 1)))
    case .member: return member(id)
    case .pathLiteral: return .pathLiteral(commands(tree.child(id, 0)))
    case .shapeLiteral:
      var width: Expr? = nil
      var height: Expr? = nil
      if let w = tree.optionalChild(id, 0), let h = tree.optionalChild(id, 1) {
        width = lower(w)
        height = lower(h)
      }
      return .shapeLiteral(width: width, height: height, commands: commands(tree.child(id, 2)))
    case .shapeDecl: return styledShape(id)
    default: break
    }
    return .constant(.number(.nan))  // an error the checker reported
  }

  /// The labels of a call's arguments.
  private func labels(_ call: NodeID) -> Set<String> {
    var labels: Set<String> = []
    for k in 1..<max(tree.childCount(call), 1) {
      if let s = tree.symbol(tree.child(call, k)) { labels.insert(tree.symbols[s]) }
    }
    return labels
  }

  /// `scene.…`, `self.index`, `trigger.…`, `NODE.…` (a fact) or a Point's `.x`/`.y`.
  private func member(_ id: NodeID) -> Expr {
    if let e = lowerFact(id) { return e }
    let base = tree.child(id, 0)
    let settings = facts.settings
    switch (tree.kind(base), tree.name(id)) {
    case (.sceneExpr, "width"): return .constant(.number(settings.width))
    case (.sceneExpr, "height"): return .constant(.number(settings.height))
    case (.sceneExpr, _): return .constant(.point(Point(settings.width / 2, settings.height / 2)))
    case (.selfExpr, _): return .selfIndex
    case (.triggerExpr, "position"): return .triggerPosition
    case (.triggerExpr, "velocity"): return .triggerVelocity
    case (.triggerExpr, _): return .triggerTime
    case (_, let axis): return .component(lower(base), axis == "x" ? .x : .y)
    }
  }

  /// The accepted commands of a path block.
  private func commands(_ block: NodeID) -> [PathCommand] {
    var commands: [PathCommand] = []
    for stmt in tree.children(block) {
      guard case .pathCommand(let kind)? = facts[stmt] else { continue }
      let arguments = tree.childArray(stmt, from: 1).map(lower)
      commands.append(PathCommand(kind: kind, arguments: arguments, counterClockwise: tree.flags(stmt) & 1 == 1))
    }
    return commands
  }

  /// `shape NAME = SHAPE { fill …; stroke …; lineWidth … }`: the shape with its settings.
  private func styledShape(_ decl: NodeID) -> Expr {
    let base = lower(tree.child(decl, 1))
    guard let block = tree.optionalChild(decl, 2) else { return base }
    var settings: [StyleSetting] = []
    for stmt in tree.children(block) {
      guard case .style(let field)? = facts[stmt] else { continue }
      settings.append(StyleSetting(field: field, value: lower(tree.child(stmt, 1))))
    }
    return settings.isEmpty ? base : .styledShape(base, settings)
  }
}

extension BinaryOperator {
  /// The IR's operator.
  var arithmetic: ArithmeticOperator {
    switch self {
    case .add: return .add
    case .subtract: return .subtract
    case .multiply: return .multiply
    case .divide: return .divide
    case .less: return .less
    case .lessEqual: return .lessEqual
    case .greater: return .greater
    case .greaterEqual: return .greaterEqual
    }
  }
}

extension SyntaxTree {
  /// A number literal's type and value in the IR's units (§2): seconds, degrees, and
  /// percentages as fractions.
  func numberLiteral(_ id: NodeID) -> (type: AnimType, value: Double) {
    let v = number(id)
    let unit = unit(id)
    switch unit {
    case .none, .seconds, .degrees: return (unit.literalType, v)
    case .percent: return (unit.literalType, v / 100)
    case .milliseconds: return (unit.literalType, v / 1000)
    case .radians: return (unit.literalType, degrees(fromRadians: v))
    case .turns: return (unit.literalType, v * 360)
    }
  }
}

extension NumberUnit {
  /// The type of a number literal written with this unit (§2): the checker asks it of
  /// every literal, and needs no value for it.
  var literalType: AnimType {
    switch self {
    case .none, .percent: return .number
    case .seconds, .milliseconds: return .duration
    case .degrees, .radians, .turns: return .angle
    }
  }
}

extension Builtin {
  /// The four forms of `spring(…)`.
  var isSpring: Bool {
    switch self {
    case .springUIKit, .springDuration, .springResponse, .springMass: return true
    default: return false
    }
  }
}
