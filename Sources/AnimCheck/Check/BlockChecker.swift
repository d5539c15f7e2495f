import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// The bodies of nodes and spawns: `let`s, fixed properties, style, animations, groups,
/// `at`, `remove after`, checked into statements in source order.
extension Checker {
  func checkBody(_ block: NodeID?, _ scope: inout BlockScope, owner: String) -> [CheckedStatement] {
    guard let block else { return [] }
    var body: [CheckedStatement] = []
    body.reserveCapacity(tree.childCount(block))  // one allocation, not one per doubling
    for stmt in tree.children(block) {
      if let s = checkBlockStatement(stmt, &scope, owner: owner) { body.append(s) }
    }
    report(warnings.hiddenAnimations(in: body))
    report(warnings.unusedLocals(scope.locals))
    return body
  }

  func checkBlockStatement(_ stmt: NodeID, _ scope: inout BlockScope, owner: String) -> CheckedStatement? {
    switch tree.kind(stmt) {
    case .letDecl: return checkLocalLet(stmt, &scope)
    case .command:
      return checkPropertyStatement(stmt, in: &scope)
    case .animate: return checkAnimate(stmt, in: &scope).map { .timeline(.animation($0)) }
    case .group, .sequence: return checkGroup(stmt, in: &scope).map { .timeline($0) }
    case .removeAfter:
      let value = tree.child(stmt, 0)
      let t = check(value, expecting: .duration, in: &scope)
      if let d = constantNumber(t, at: value), d < 0 {
        error(SemanticCode.negativeDuration, "`remove after` needs a duration ≥ 0", at: tree.range(value))
      }
      return t.type.isError ? nil : .removeAfter(.node(value))
    case .at:
      guard scope.kind == .node, tree.childCount(stmt) == 1 else {
        error(
          SemanticCode.misplacedStatement,
          scope.kind == .node
            ? "a node appears once: `at` takes one time"
            : "`at T` sets a node's appearance; spawns appear when triggered",
          at: tree.range(stmt))
        return nil
      }
      let t = check(tree.child(stmt, 0), expecting: .duration, in: &scope)
      return t.type.isError ? nil : .appearAt(.node(tree.child(stmt, 0)))
    // A child node (§14): checked as a template of its own (`childTemplates`); §16's
    // blocks by `checkInteraction`.
    case .errorStatement, .absent, .nodeDecl: return nil
    case .live, .onDrag, .onRelease:
      guard scope.binding == nil else {
        error(SemanticCode.misplacedStatement, "this belongs in a node's or spawn's block", at: tree.range(stmt))
        return nil
      }
      return nil
    case .emit:
      error(
        SemanticCode.misplacedStatement, "`emit` fires an emitter from `on release { … }` only", at: tree.range(stmt),
        notes: ["to fire an emitter on a tap, give it `on tap NODE`"])
      return nil
    default:
      error(SemanticCode.misplacedStatement, "this statement does not belong in \(owner)", at: tree.range(stmt))
      return nil
    }
  }

  func checkLocalLet(_ stmt: NodeID, _ scope: inout BlockScope) -> CheckedStatement? {
    let nameNode = tree.child(stmt, 0)
    guard tree.kind(nameNode) == .name, let symbol = tree.symbol(nameNode) else { return nil }
    let name = tree.name(nameNode)
    let range = tree.range(nameNode)
    let t = check(tree.child(stmt, 1), expecting: nil, in: &scope)
    if declarations.contains(symbol), let d = declarations[symbol] {
      error(
        SemanticCode.shadowsTopLevel,
        "`\(name)` is already a top-level \(d.kindWord); a block's `let` needs a name of its own",
        at: range, labels: [Label(d.nameRange, "declared here")])
      return nil
    }
    if facts.isReserved(symbol, name) {
      error(SemanticCode.reservedName, "`\(name)` is the name of a built-in \(BuiltinNames.describe(name))", at: range)
      return nil
    }
    if let previous = scope.locals[symbol] {
      error(
        SemanticCode.duplicateName, "`\(name)` is already declared in this block", at: range,
        labels: [Label(previous.range, "first declared here")])
      return nil
    }
    let slot = scope.localCount
    scope.localCount += 1
    let stage = scope.kind == .spawn ? Stage.perSpawn : max(t.stage, .perRun)
    scope.locals[symbol] = (slot, t.type, stage, range)
    return t.type.isError ? nil : .bind(slot: slot, .node(tree.child(stmt, 1)))
  }

  /// `PROP value` (§6.1), `anchor (ax, ay)`, `z N`.
  func checkPropertyStatement(_ stmt: NodeID, in scope: inout BlockScope) -> CheckedStatement? {
    let head = tree.child(stmt, 0)
    // A property first: the usual statement, known by symbol without its spelling.
    if let symbol = tree.symbol(head), let property = facts.property(symbol, tree.name(head)) {
      guard let arg = singleArgument(stmt), !refusesOnGroup(property, at: head, in: scope) else { return nil }
      let t = checkPropertyValue(arg, property, in: &scope)
      return t.type.isError ? nil : .set(property, .node(arg))
    }
    let name = tree.name(head)
    switch name {
    case "anchor":
      guard let arg = singleArgument(stmt) else { return nil }
      let t = check(arg, expecting: .point, in: &scope)
      return t.type.isError ? nil : .anchor(.node(arg))
    case "z":
      guard let arg = singleArgument(stmt) else { return nil }
      let t = check(arg, expecting: .number, in: &scope)
      return t.type.isError ? nil : .z(.node(arg))
    case "contentsRect": return checkContentsRect(stmt, in: &scope)
    default: break
    }
    guard let property = Property(rawValue: name) else {
      if reportCornerRadius(stmt, name, shape: scope.shape) { return nil }
      let candidates = BuiltinNames.properties + ["anchor", "z", "contentsRect", "animate", "remove"]
      let near = closestWord(to: name, in: candidates)
      error(
        SemanticCode.unknownProperty, "unknown property `\(name)`", at: tree.range(head),
        notes: [
          "a block sets properties (\(BuiltinNames.properties.joined(separator: ", "))), `anchor`, `z`, and holds `let`, `animate`, `group`, `sequence`"
        ],
        fixes: near.map { [.replace(tree.range(head), with: $0, "did you mean `\($0)`?")] } ?? [])
      return nil
    }
    guard let arg = singleArgument(stmt), !refusesOnGroup(property, at: head, in: scope) else { return nil }
    let t = checkPropertyValue(arg, property, in: &scope)
    return t.type.isError ? nil : .set(property, .node(arg))
  }

  /// Reports a property that styles the node's own shape (`PropertySpec.isShapeOnly`)
  /// set or animated in a group's block (§14: a group has no shape). True after reporting.
  func refusesOnGroup(_ property: Property, at name: NodeID, in scope: BlockScope) -> Bool {
    guard property.spec.isShapeOnly, let shape = scope.shape, tree.kind(shape) == .absent else { return false }
    error(
      SemanticCode.misplacedStatement,
      "`\(property.rawValue)` styles a node's own shape, and a group (a node with no shape) draws none",
      at: tree.range(name), notes: ["set it in the blocks of the children that draw"])
    return true
  }

  /// `group|sequence CLAUSE* { … }` (§6).
  func checkGroup(_ stmt: NodeID, in scope: inout BlockScope) -> CheckedTimelineItem? {
    let count = tree.childCount(stmt)
    let c = clauses(of: stmt, from: 0)
    for (w, clause) in c where ![.over, .delay, .timing, .repeat, .autoreverse, .fill].contains(w) {
      error(
        SemanticCode.misplacedStatement,
        "`\(w.spelling)` does not apply to a \(tree.kind(stmt) == .group ? "group" : "sequence")",
        at: tree.range(clause))
    }
    var timing = CheckedTiming()
    guard checkTiming(c, into: &timing, in: &scope, isGroup: true) else { return nil }
    var children: [CheckedTimelineItem] = []
    var infiniteChild: NodeID? = nil
    for child in tree.children(tree.child(stmt, count - 1)) {
      switch tree.kind(child) {
      case .animate:
        if let infiniteChild, tree.kind(stmt) == .sequence {
          error(
            SemanticCode.afterInfiniteChild,
            "this never starts: the animation before it in the sequence repeats forever",
            at: tree.range(child), labels: [Label(tree.range(infiniteChild), "repeats forever")])
          continue
        }
        if let a = checkAnimate(child, in: &scope) {
          if case .forever? = a.timing.repeatCount { infiniteChild = child }
          children.append(.animation(a))
        }
      case .group, .sequence:
        if let g = checkGroup(child, in: &scope) { children.append(g) }
      case .errorStatement: continue
      default:
        error(
          SemanticCode.misplacedStatement, "a group or sequence holds only `animate`, `group` and `sequence`",
          at: tree.range(child))
      }
    }
    return tree.kind(stmt) == .group ? .group(timing, children) : .sequence(timing, children)
  }
}
