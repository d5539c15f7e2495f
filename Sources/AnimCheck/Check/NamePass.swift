import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

/// Names: declaring the top-level names, the first pass of a check, so that every name
/// is visible in the whole file. It reads only the tree (and the parser's heads), and
/// makes the declaration table, the names in source order and the node indices, with
/// its own diagnostics (a name declared twice, a built-in's name declared). Checking
/// the values those names hold is the checker's, in any order, once this is done.
struct NamePass {
  let file: SourceFile
  let tree: SyntaxTree
  let facts: SymbolFacts
  private(set) var declarations = DeclarationTable()
  /// Top-level declarations in source order.
  private(set) var order: [Symbol] = []
  private(set) var diagnostics: [Diagnostic] = []
  private var nodeCount = 0
  private var emitterCount = 0
  /// The nodes declared directly in a replicator's block.
  private var inReplicators = Set<NodeID>()
  /// The nodes declared inside another node, a spawn or below a replicator child (§14).
  private var nested = Set<NodeID>()

  /// How many declarations' names are read ahead at a time (a few pages of them).
  static let declarationRun = 512

  init(file: SourceFile, tree: SyntaxTree, facts: SymbolFacts) {
    self.file = file
    self.tree = tree
    self.facts = facts
  }

  /// Declares every top-level name, and the nodes nested in declarations (§14), then
  /// numbers the nodes. `heads` are the parser's heads of the root's children, when at hand.
  mutating func run(heads: [DeclarationHead]?) {
    collectDeclarations(heads: heads)
    assignNodeIndices()
  }

  /// Every top-level name, and the nodes inside replicators, visible in the whole file.
  private mutating func collectDeclarations(heads: [DeclarationHead]?) {
    // About one declaration per top-level statement: room for them all up front.
    let topLevel = tree.childCount(tree.root)
    declarations.reserve(topLevel, symbols: tree.symbols.names.count)
    order.reserveCapacity(topLevel)
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

  private mutating func collect(_ name: DeclaredName) {
    let kind: Declaration.Kind
    switch name.kind {
    case .letDecl: kind = .letValue
    case .timingDecl: kind = .timing
    case .shapeDecl: kind = .shape
    case .pathDecl: kind = .path
    case .nodeDecl:
      declare(name, .node)
      declareChildren(in: tree.optionalChild(name.decl, 2), manyOwner: nil)
      return
    case .emitterDecl:
      declare(name, .emitter)
      guard tree.features.contains(.nestedNodes), let block = tree.optionalChild(name.decl, 1) else { return }
      let owner = "emitter `\(tree.name(tree.child(name.decl, 0)))`"
      for stmt in tree.children(block) where tree.kind(stmt) == .spawn {
        declareChildren(in: tree.optionalChild(stmt, 1), manyOwner: owner)
      }
      return
    case .replicateDecl:
      kind = .replicator
      if let block = tree.optionalChild(name.decl, 2) {
        let owner = "replicator `\(tree.name(tree.child(name.decl, 0)))`"
        for stmt in tree.children(block) where tree.kind(stmt) == .nodeDecl {
          inReplicators.insert(stmt)
          declare(declaredName(stmt, nameNode: nameNode(stmt)), .node, manyOwner: owner)
          declareChildren(in: tree.optionalChild(stmt, 2), manyOwner: owner)
        }
      }
    default: return
    }
    declare(name, kind)
  }

  /// The nodes declared in `block` and below it (§14), each after its parent. The
  /// parser bounds the depth (`Parser.deepestNodeLevel`), and so this recursion.
  private mutating func declareChildren(in block: NodeID?, manyOwner: String?) {
    // A file whose blocks declare no nodes is not walked to find that out.
    guard let block, tree.features.contains(.nestedNodes) else { return }
    for stmt in tree.children(block) where tree.kind(stmt) == .nodeDecl {
      nested.insert(stmt)
      declare(declaredName(stmt, nameNode: nameNode(stmt)), .node, manyOwner: manyOwner)
      declareChildren(in: tree.optionalChild(stmt, 2), manyOwner: manyOwner)
    }
  }

  /// The node of a declaration's name (its first child), or nil for another statement.
  private func nameNode(_ decl: NodeID) -> NodeID? {
    switch tree.kind(decl) {
    case .letDecl, .timingDecl, .shapeDecl, .pathDecl, .nodeDecl, .emitterDecl, .replicateDecl:
      return tree.child(decl, 0)
    default: return nil
    }
  }

  private func declaredName(_ decl: NodeID, nameNode: NodeID?) -> DeclaredName {
    guard let nameNode else { return DeclaredName(decl: decl, kind: tree.kind(decl), symbol: nil, range: .at(0)) }
    let symbol = tree.kind(nameNode) == .name ? tree.symbol(nameNode) : nil
    return DeclaredName(decl: decl, kind: tree.kind(decl), symbol: symbol, range: tree.range(nameNode))
  }

  private mutating func declare(_ declared: DeclaredName, _ kind: Declaration.Kind, manyOwner: String? = nil) {
    guard let symbol = declared.symbol else { return }
    let decl = declared.decl
    let name = tree.symbols[symbol]
    let range = declared.range
    if declarations.contains(symbol), let previous = declarations[symbol] {
      diagnostics.append(
        .error(
          SemanticCode.duplicateName, "`\(name)` is already declared", at: range,
          labels: [Label(previous.nameRange, "first declared here as \(AnimType.withArticle(previous.kindWord))")],
          fixes: [.replace(range, with: name + "2", "rename this one")]))
      return
    }
    if facts.isReserved(symbol, name) {
      diagnostics.append(
        .error(
          SemanticCode.reservedName,
          "`\(name)` is the name of a built-in \(BuiltinNames.describe(name)) and cannot be declared",
          at: range,
          fixes: [.replace(range, with: "my" + name.prefix(1).uppercased() + name.dropFirst(), "choose another name")]))
    }
    // Moved in as made, then completed in place: a local `var` changed first was copied
    // into the table whole, field by field, for every name of a large file.
    declarations.insert(Declaration(kind: kind, name: name, nameRange: range, syntax: decl), for: symbol)
    if kind == .node {
      declarations.update(symbol) { [nodeCount] d in
        d.nodeIndex = nodeCount
        d.manyOwner = manyOwner
        d.type = .point
        d.state = .done
      }
      nodeCount += 1
    }
    if kind == .emitter || kind == .replicator { declarations.update(symbol) { $0.state = .done } }
    if kind == .emitter {
      declarations.update(symbol) { [emitterCount] in $0.emitterIndex = emitterCount }
      emitterCount += 1
    }
    order.append(symbol)
  }

  /// Node indices (for `NODE.position` and tap targets) count top-level nodes first,
  /// then replicator children, then the nodes nested in nodes, spawns and replicator
  /// children (§14), each in source order: a scene without children keeps its indices.
  private mutating func assignNodeIndices() {
    for (i, s) in nodesInIndexOrder().enumerated() {
      declarations.update(s) { $0.nodeIndex = i }
    }
  }

  /// The nodes, in the order of `assignNodeIndices`.
  private func nodesInIndexOrder() -> [Symbol] {
    let nodes = order.filter { declarations.kind($0) == .node }
    guard !inReplicators.isEmpty || !nested.isEmpty else { return nodes }
    let place = { (s: Symbol) -> Int in
      declarations.read(s) { self.inReplicators.contains($0.syntax) ? 1 : self.nested.contains($0.syntax) ? 2 : 0 }
        ?? 0
    }
    return nodes.filter { place($0) == 0 } + nodes.filter { place($0) == 1 } + nodes.filter { place($0) == 2 }
  }
}
