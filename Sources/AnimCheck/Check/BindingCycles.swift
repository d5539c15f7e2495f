import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

/// §16: bindings that read each other in a cycle (ancestors' transforms included) are an
/// error at each binding of the cycle. The graph and its order are `BindingGraph`'s, the
/// simulator's too; here the sites and reads come from the syntax.
extension Checker {
  func checkBindingCycles() {
    guard tree.features.contains(.interactions) else { return }
    var sites: [BindingGraph.Site] = []
    var ranges: [SourceRange] = []
    var parent: [Int: Int] = [:]
    // (declaration, owner key, the enclosing node's index)
    var stack: [(NodeID, Int?, Int?)] = tree.children(tree.root).map { ($0, nil, nil) }
    while let (id, owner, enclosing) = stack.popLast() {
      var inner = owner
      var innerEnclosing = enclosing
      switch tree.kind(id) {
      case .nodeDecl:
        let index = nodeIndex(ofDeclaration: id)
        if let index, let enclosing { parent[index] = enclosing }
        inner = index
        innerEnclosing = index
      case .emitterDecl:
        if let symbol = tree.symbol(tree.child(id, 0)), let e = declarations.read(symbol, { $0.emitterIndex }) ?? nil {
          inner = -1 - e
        }
      case .live:
        if let owner, let site = site(owner, tree.child(id, 0), tree.child(id, 1)) {
          sites.append(site)
          ranges.append(tree.range(id))
        }
        continue
      case .onDrag:
        for binding in tree.children(tree.child(id, 0))
        where tree.kind(binding) == .command && tree.childCount(binding) == 2 {
          if let owner, let site = site(owner, tree.child(binding, 0), tree.child(binding, 1)) {
            sites.append(site)
            ranges.append(tree.range(binding))
          }
        }
        continue
      case .onRelease: continue
      default:
        if tree.kind(id).isExpression { continue }
      }
      stack.append(contentsOf: tree.children(id).reversed().map { ($0, inner, innerEnclosing) })
    }
    guard !sites.isEmpty else { return }
    let lineage = { (n: Int) -> [Int] in
      var chain = [n]
      while let p = parent[chain[chain.count - 1]], chain.count < 128 { chain.append(p) }
      return chain
    }
    let cyclic = BindingGraph.order(sites, lineage: lineage).cyclic
    for k in cyclic {
      let others = cyclic.filter { $0 != k }.map { Label(ranges[$0], "reads this, which reads back") }
      error(
        SemanticCode.bindingCycle, "this binding reads itself through other bindings", at: ranges[k],
        labels: Array(others.prefix(3)),
        notes: ["bindings are evaluated once per frame in dependency order (§16): break the cycle"])
    }
  }

  /// A node declaration's index, from its name.
  private func nodeIndex(ofDeclaration id: NodeID) -> Int? {
    guard let symbol = tree.symbol(tree.child(id, 0)) else { return nil }
    return declarations.read(symbol) { $0.nodeIndex } ?? nil
  }

  /// `PROP EXPR` as a graph site, with what its value reads.
  private func site(_ owner: Int, _ head: NodeID, _ value: NodeID) -> BindingGraph.Site? {
    guard tree.kind(head) == .name, let property = Property(rawValue: tree.name(head)) else { return nil }
    var reads: [BindingGraph.Read] = []
    var pending = [value]
    while let id = pending.popLast() {
      pending.append(contentsOf: tree.children(id))
      guard tree.kind(id) == .member else { continue }
      let base = tree.child(id, 0)
      let member = tree.name(id)
      switch tree.kind(base) {
      case .dragExpr: reads.append(.drag)
      case .selfExpr: if let p = Property(rawValue: member) { reads.append(.own(p)) }
      case .name:
        guard let symbol = tree.symbol(base), declarations.kind(symbol) == .node,
          let n = declarations.read(symbol, { $0.nodeIndex }) ?? nil
        else { continue }
        if member == "scenePosition" {
          reads.append(.scenePosition(n))
        } else if let p = Property(rawValue: member) {
          reads.append(.property(n, p))
        }
      default: continue
      }
    }
    return BindingGraph.Site(owner: owner, property: property, reads: reads)
  }
}
