import AnimSyntax

/// Declaring the top-level names, the first thing the checker does: every name is
/// visible in the whole file.
extension Checker {
  /// How many declarations' names are read ahead at a time (a few pages of them).
  static let declarationRun = 512

  /// Every top-level name, and the nodes inside replicators, visible in the whole file.
  func collectDeclarations() {
    // About one declaration per top-level statement: room for them all up front.
    let topLevel = tree.childCount(tree.root)
    declarations.reserve(topLevel, symbols: tree.symbols.names.count)
    order.reserveCapacity(topLevel)
    if keepsIR { ir.globals.reserveCapacity(topLevel) }
    folder.reserve(topLevel)
    // Read a run of declarations' names first, in loops that do nothing else: in a
    // large tree they lie far apart, each read misses the cache, and only short loops
    // of independent reads let the processor overlap the misses (this was memory-bound).
    // A name is two reads away from its declaration (the declaration's record, then its
    // children), so one loop finds the run's name nodes and the next reads them: in one
    // loop, each declaration's reads waited for each other.
    let tops = tree.children(tree.root)
    // The parser's heads, when given, hold what the loops below read from the tree.
    if let heads, heads.count == tops.count {
      for head in heads {
        collect(DeclaredName(decl: head.decl, kind: head.kind, symbol: head.symbol, range: head.nameRange))
      }
      return
    }
    var nameNodes: [NodeID?] = []
    var run: [DeclaredName] = []
    nameNodes.reserveCapacity(min(tops.count, Self.declarationRun))
    run.reserveCapacity(min(tops.count, Self.declarationRun))
    var start = 0
    while start < tops.count {
      let end = min(start + Self.declarationRun, tops.count)
      nameNodes.removeAll(keepingCapacity: true)
      run.removeAll(keepingCapacity: true)
      for i in start..<end { nameNodes.append(nameNode(tops[i])) }
      for i in start..<end { run.append(declaredName(tops[i], nameNode: nameNodes[i - start])) }
      for name in run { collect(name) }
      start = end
    }
  }

  func collect(_ name: DeclaredName) {
    let kind: Declaration.Kind
    switch name.kind {
    case .letDecl: kind = .letValue
    case .timingDecl: kind = .timing
    case .shapeDecl: kind = .shape
    case .pathDecl: kind = .path
    case .nodeDecl: kind = .node
    case .emitterDecl: kind = .emitter
    case .replicateDecl:
      kind = .replicator
      if let block = tree.optionalChild(name.decl, 2) {
        for stmt in tree.children(block) where tree.kind(stmt) == .nodeDecl {
          declare(declaredName(stmt, nameNode: nameNode(stmt)), .node)
        }
      }
    default: return
    }
    declare(name, kind)
  }

  /// The node of a declaration's name (its first child), or nil for another statement.
  func nameNode(_ decl: NodeID) -> NodeID? {
    switch tree.kind(decl) {
    case .letDecl, .timingDecl, .shapeDecl, .pathDecl, .nodeDecl, .emitterDecl, .replicateDecl:
      return tree.child(decl, 0)
    default: return nil
    }
  }

  func declaredName(_ decl: NodeID, nameNode: NodeID?) -> DeclaredName {
    guard let nameNode else { return DeclaredName(decl: decl, kind: tree.kind(decl), symbol: nil, range: .at(0)) }
    let symbol = tree.kind(nameNode) == .name ? tree.symbol(nameNode) : nil
    return DeclaredName(decl: decl, kind: tree.kind(decl), symbol: symbol, range: tree.range(nameNode))
  }

  func declare(_ declared: DeclaredName, _ kind: Declaration.Kind) {
    guard let symbol = declared.symbol else { return }
    let decl = declared.decl
    let name = tree.symbols[symbol]
    let range = declared.range
    if declarations.contains(symbol), let previous = declarations[symbol] {
      error(
        SemanticCode.duplicateName, "`\(name)` is already declared", at: range,
        labels: [Label(previous.nameRange, "first declared here as \(AnimType.withArticle(previous.kindWord))")],
        fixes: [.replace(range, with: name + "2", "rename this one")])
      return
    }
    if facts.isReserved(symbol, name) {
      error(
        SemanticCode.reservedName,
        "`\(name)` is the name of a built-in \(BuiltinNames.describe(name)) and cannot be declared",
        at: range,
        fixes: [.replace(range, with: "my" + name.prefix(1).uppercased() + name.dropFirst(), "choose another name")])
    }
    // Moved in as made, then completed in place: a local `var` changed first was copied
    // into the table whole, field by field, for every name of a large file.
    declarations.insert(Declaration(kind: kind, name: name, nameRange: range, syntax: decl), for: symbol)
    if kind == .node {
      declarations.update(symbol) { [nodeCount] d in
        d.nodeIndex = nodeCount
        d.type = .point
        d.state = .done
      }
      nodeCount += 1
    }
    if kind == .emitter || kind == .replicator { declarations.update(symbol) { $0.state = .done } }
    order.append(symbol)
  }
}
