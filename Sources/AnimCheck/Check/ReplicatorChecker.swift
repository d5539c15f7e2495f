import AnimIR
import AnimMath
import AnimModel
import AnimSyntax

/// `replicate NAME count N { position …; instance …; node … }` (§3.2).
extension Checker {
  func checkReplicator(_ decl: NodeID) -> CheckedReplicator? {
    let name = tree.name(tree.child(decl, 0))
    let countNode = tree.child(decl, 1)
    guard tree.kind(countNode) != .errorExpression,
      let v = constantValue(countNode, .number, what: "`count`", scope: .constant)
    else { return nil }
    let n = v.number
    guard n.rounded() == n, n >= 1, n <= 100_000 else {
      error(
        SemanticCode.outOfLimits, "`count` must be a whole number in 1…100000, found \(JSONLimits.text(n))",
        at: tree.range(countNode))
      return nil
    }
    var r = CheckedReplicator(name: name, count: Int(n))
    guard let block = tree.optionalChild(decl, 2) else { return r }
    for stmt in tree.children(block) {
      switch tree.kind(stmt) {
      case .nodeDecl:
        if let child = nodeTemplate(stmt) { r.children.append(child) }
      case .instance: checkInstance(stmt, &r)
      case .command where tree.name(tree.child(stmt, 0)) == "position":
        guard let arg = singleArgument(stmt) else { continue }
        var scope = BlockScope(.topLevel)
        let t = check(arg, expecting: .point, in: &scope)
        if !t.type.isError { r.position = .node(arg) }
      case .errorStatement: continue
      default:
        error(
          SemanticCode.misplacedStatement, "a replicator holds `position`, `instance …` settings and `node`s",
          at: tree.range(stmt))
      }
    }
    if r.children.isEmpty {
      warning(SemanticCode.unusedLet, "replicator `\(name)` has no `node` to copy", at: tree.range(tree.child(decl, 0)))
    }
    return r
  }

  /// `instance transform f₁ f₂ …`, `instance delay D`, `instance color C`,
  /// `instance offset CHANNEL Δ` — all constants (§2).
  func checkInstance(_ stmt: NodeID, _ r: inout CheckedReplicator) {
    let args = tree.children(stmt)
    switch tree.name(stmt) {
    case "transform":
      for arg in args {
        guard let v = constantValue(arg, .transform, what: "an instance transform", scope: .constant) else { continue }
        r.instanceTransform.append(.constant(v))
      }
    case "delay":
      guard let arg = args.first, let v = constantValue(arg, .duration, what: "`instance delay`", scope: .constant)
      else { return }
      r.instanceDelay = .constant(v)
    case "color":
      guard let arg = args.first, let v = constantValue(arg, .color, what: "`instance color`", scope: .constant) else {
        return
      }
      r.instanceColor = .constant(v)
    case "offset":
      guard args.count == 2 else { return }
      let channel = tree.name(args[0])
      guard let v = constantValue(args[1], .number, what: "`instance offset`", scope: .constant) else { return }
      switch channel {
      case "red": r.offsets.red = v.number
      case "green": r.offsets.green = v.number
      case "blue": r.offsets.blue = v.number
      case "alpha": r.offsets.alpha = v.number
      default:
        let near = closestWord(to: channel, in: ["red", "green", "blue", "alpha"])
        error(
          SemanticCode.unknownProperty, "`instance offset` takes `red`, `green`, `blue` or `alpha`, found `\(channel)`",
          at: tree.range(args[0]),
          fixes: near.map { [.replace(tree.range(args[0]), with: $0, "did you mean `\($0)`?")] } ?? [])
      }
    default: return
    }
  }
}
