import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

typealias CheckedInteraction = IRForm.Interaction<CheckedExpr>

/// §16 in a node's or spawn's block: `live PROP EXPR`, `on drag { PROP EXPR … }` and
/// `on release [if COND] { … } [else { … }]`.
extension Checker {
  /// The block's §16 statements, checked; nil when it has none.
  func checkInteraction(_ block: NodeID?, _ scope: BlockScope) -> CheckedInteraction? {
    guard let block, tree.features.contains(.interactions) else { return nil }
    var result = CheckedInteraction()
    var found = false
    var bound: [Property: SourceRange] = [:]
    for stmt in tree.children(block) {
      switch tree.kind(stmt) {
      case .live:
        found = true
        if let b = binding(property: tree.child(stmt, 0), value: tree.child(stmt, 1), .live, scope, &bound) {
          result.live.append(b)
        }
      case .onDrag:
        found = true
        result.handlesDrags = true
        for inner in tree.children(tree.child(stmt, 0)) {
          switch tree.kind(inner) {
          case .command:
            guard tree.childCount(inner) == 2 else {
              error(
                SemanticCode.misplacedStatement, "a binding is `PROP EXPR`, one value", at: tree.range(inner))
              continue
            }
            if let b = binding(property: tree.child(inner, 0), value: tree.child(inner, 1), .drag, scope, &bound) {
              result.onDrag.append(b)
            }
          case .animate, .group, .sequence:
            error(
              SemanticCode.animateInDrag, "`on drag` binds values; it holds no animations", at: tree.range(inner),
              notes: ["animate in `on release { … }`, which runs when the finger lifts (§16)"])
          case .errorStatement: continue
          default:
            error(
              SemanticCode.misplacedStatement, "`on drag` holds bindings `PROP EXPR`", at: tree.range(inner))
          }
        }
      case .onRelease:
        found = true
        result.handlesDrags = true
        if result.release != nil {
          error(SemanticCode.duplicateBlock, "a block has at most one `on release`", at: tree.range(stmt))
          continue
        }
        result.release = checkRelease(stmt, scope)
      default: continue
      }
    }
    return found ? result : nil
  }

  /// `PROP EXPR` as a binding: a known property, bound once, with no random draw.
  private func binding(
    property head: NodeID, value: NodeID, _ place: BlockScope.BindingPlace, _ outer: BlockScope,
    _ bound: inout [Property: SourceRange]
  ) -> IRForm.Binding<CheckedExpr>? {
    guard tree.kind(head) == .name, let property = Property(rawValue: tree.name(head)) else {
      error(
        SemanticCode.unknownProperty, "`\(tree.name(head))` is not a property that can be bound", at: tree.range(head),
        notes: ["properties: \(BuiltinNames.properties.joined(separator: ", "))"])
      return nil
    }
    if let first = bound[property] {
      error(
        SemanticCode.boundTwice, "`\(property.rawValue)` is bound twice", at: tree.range(head),
        labels: [Label(first, "first bound here")],
        notes: ["a property is bound once: by `live` for the whole life, or in `on drag` while pressed (§16)"])
      return nil
    }
    bound[property] = tree.range(head)
    var scope = BlockScope(outer.kind)
    scope.insideSpawn = outer.insideSpawn
    scope.binding = place
    let t = checkPropertyValue(value, property, in: &scope)
    if reportRandom(in: value) { return nil }
    guard !t.type.isError else { return nil }
    return IRForm.Binding(property: property, value: .node(value), range: tree.range(value))
  }

  /// Reports a call that draws a random number inside a binding (evaluated every frame).
  func reportRandom(in id: NodeID) -> Bool {
    guard let (call, name) = tree.firstPerRunCall(in: id) else { return false }
    error(
      SemanticCode.randomInBinding, "`\(name)` draws a new number at every frame here", at: tree.range(call),
      notes: ["a binding is evaluated every frame (§16); draw it once with a `let` in the block and read that"])
    return true
  }

  /// `on release [if COND] { … } [else { … }]`.
  private func checkRelease(_ stmt: NodeID, _ outer: BlockScope) -> IRForm.Release<CheckedExpr> {
    var condition: CheckedExpr? = nil
    if let cond = tree.optionalChild(stmt, 0) {
      var scope = BlockScope(outer.kind)
      scope.binding = .release
      let t = check(cond, expecting: .bool, in: &scope)
      if !t.type.isError { condition = .node(cond) }
    }
    let then = releaseBranch(tree.child(stmt, 1), outer)
    let otherwise = tree.optionalChild(stmt, 2).map { releaseBranch($0, outer) } ?? IRForm.ReleaseBranch()
    return IRForm.Release(condition: condition, then: then, otherwise: otherwise)
  }

  /// A branch: what a spawn block holds, plus `emit E`.
  private func releaseBranch(_ block: NodeID, _ outer: BlockScope) -> IRForm.ReleaseBranch<CheckedExpr> {
    var branch = IRForm.ReleaseBranch<CheckedExpr>()
    var scope = BlockScope(.node)
    scope.insideSpawn = outer.insideSpawn
    scope.binding = .release
    scope.shape = outer.shape
    for stmt in tree.children(block) {
      switch tree.kind(stmt) {
      case .emit:
        let name = tree.child(stmt, 0)
        guard tree.kind(name) == .name, let symbol = tree.symbol(name) else { continue }
        guard declarations.kind(symbol) == .emitter, let index = declarations.read(symbol, { $0.emitterIndex }) ?? nil
        else {
          error(SemanticCode.undefinedName, "`\(tree.name(name))` is not an emitter", at: tree.range(name))
          continue
        }
        declarations.markUsed(symbol)
        branch.emits.append(index)
      case .at:
        error(SemanticCode.misplacedStatement, "`on release` runs at the release; it has no `at`", at: tree.range(stmt))
      default:
        if let s = checkBlockStatement(stmt, &scope, owner: "`on release`") { branch.body.append(s) }
      }
    }
    branch.localCount = scope.localCount
    return branch
  }
}
