import AnimSource
import AnimSyntax

/// What a declared name is.
enum DeclarationKind: String {
  case `let`, timing, shape, path, node, emitter, replicate

  /// The keyword that declares it.
  var keyword: String { rawValue == "replicate" ? "replicate" : rawValue }
}

/// One declared name: a top-level declaration, a replicator's child node (visible in the
/// whole file, §3), or a `let` inside a block (visible in that block).
struct Declaration {
  let kind: DeclarationKind
  let name: String
  let symbol: Symbol
  /// The declaration statement, and its name.
  let node: NodeID
  let nameRange: SourceRange
  /// The block a block `let` belongs to; nil for names visible in the whole file.
  let scope: NodeID?
  /// The declaration this one sits inside (a replicator for its nodes, a node or an
  /// emitter for block `let`s), as an index into `SymbolIndex.declarations`.
  let container: Int?
}

/// Names resolved syntactically, without the checker: each `.name` node in
/// an expression refers to the innermost block `let` of that name around it, else to the
/// file-level declaration. Built once per document version; lookups are then cheap.
struct SymbolIndex {
  private(set) var declarations: [Declaration] = []
  /// The parent of every node (the root's is -1), for walking outwards from a cursor.
  private(set) var parents: [Int32]
  /// Reference name node → declaration index.
  private(set) var references: [NodeID: Int] = [:]
  /// Declaration index → its reference name nodes, in source order.
  private(set) var uses: [Int: [NodeID]] = [:]
  private var fileScope: [Symbol: Int] = [:]
  private var blockScopes: [NodeID: [Symbol: Int]] = [:]
  private var declarationByNameNode: [NodeID: Int] = [:]

  init(_ tree: SyntaxTree) {
    parents = [Int32](repeating: -1, count: tree.nodeCount)
    collect(tree, tree.root, container: nil)
    resolve(tree, tree.root, scopes: [])
  }

  // MARK: Building

  private mutating func collect(_ tree: SyntaxTree, _ id: NodeID, container: Int?) {
    var inner = container
    if let kind = Self.declarationKind(tree, id), let nameNode = tree.optionalChild(id, 0),
      tree.kind(nameNode) == .name, let symbol = tree.symbol(nameNode)
    {
      let parent = parents[Int(id.index)]
      let parentID = parent >= 0 ? NodeID(parent) : nil
      // A `let` in a block is local to it; a node in a replicator is file-wide.
      let scope: NodeID? = kind == .let && parentID.map { tree.kind($0) == .block } == true ? parentID : nil
      let decl = Declaration(
        kind: kind, name: tree.name(nameNode), symbol: symbol, node: id, nameRange: tree.range(nameNode),
        scope: scope, container: container)
      let index = declarations.count
      declarations.append(decl)
      declarationByNameNode[nameNode] = index
      if let scope {
        if blockScopes[scope, default: [:]][symbol] == nil { blockScopes[scope, default: [:]][symbol] = index }
      } else if fileScope[symbol] == nil {
        fileScope[symbol] = index  // a duplicate is the checker's error; the first one wins here
      }
      inner = index
    }
    for i in 0..<tree.childCount(id) {
      let c = tree.child(id, i)
      parents[Int(c.index)] = id.index
      collect(tree, c, container: inner)
    }
  }

  private mutating func resolve(_ tree: SyntaxTree, _ id: NodeID, scopes: [NodeID]) {
    let kind = tree.kind(id)
    if kind == .name {
      if isReference(tree, id), let symbol = tree.symbol(id), let target = lookup(symbol, scopes: scopes) {
        references[id] = target
        uses[target, default: []].append(id)
      }
      return
    }
    let inner = kind == .block && blockScopes[id] != nil ? scopes + [id] : scopes
    for i in 0..<tree.childCount(id) { resolve(tree, tree.child(id, i), scopes: inner) }
  }

  private func lookup(_ symbol: Symbol, scopes: [NodeID]) -> Int? {
    for scope in scopes.reversed() {
      if let d = blockScopes[scope]?[symbol] { return d }
    }
    return fileScope[symbol]
  }

  /// A `.name` node that stands for a value, as opposed to a declared name, a command's
  /// or an animation's property word, a callee (built-ins only) or an `instance offset`
  /// channel.
  func isReference(_ tree: SyntaxTree, _ id: NodeID) -> Bool {
    guard let parent = parent(of: id) else { return false }
    let isFirst = tree.childCount(parent) > 0 && tree.child(parent, 0) == id
    guard isFirst else { return true }
    switch tree.kind(parent) {
    case .command, .animate, .call: return false
    case .instance: return tree.word(parent) != .offset
    default: return Self.declarationKind(tree, parent) == nil
    }
  }

  static func declarationKind(_ tree: SyntaxTree, _ id: NodeID) -> DeclarationKind? {
    switch tree.kind(id) {
    case .letDecl: return .let
    case .timingDecl: return .timing
    case .shapeDecl: return .shape
    case .pathDecl: return .path
    case .nodeDecl: return .node
    case .emitterDecl: return .emitter
    case .replicateDecl: return .replicate
    default: return nil
    }
  }

  // MARK: Queries

  func parent(of id: NodeID) -> NodeID? {
    let i = Int(id.index)
    guard i >= 0, i < parents.count, parents[i] >= 0 else { return nil }
    return NodeID(parents[i])
  }

  /// The node and its ancestors, innermost first.
  func ancestors(of id: NodeID) -> [NodeID] {
    var out = [id]
    var current = id
    while let p = parent(of: current) {
      out.append(p)
      current = p
    }
    return out
  }

  /// The declaration named by the `.name` node `id`, as a declaration or a reference.
  func declaration(forName id: NodeID) -> Int? {
    declarationByNameNode[id] ?? references[id]
  }

  /// The declaration under the cursor: on its declared name or on a use of it.
  func declaration(at offset: Int, in tree: SyntaxTree) -> Int? {
    let id = tree.node(at: offset)
    guard tree.kind(id) == .name else { return nil }
    return declaration(forName: id)
  }

  /// Every place the declaration's name is written: the declaration first, then uses.
  func occurrences(of decl: Int, in tree: SyntaxTree, includeDeclaration: Bool = true) -> [SourceRange] {
    guard decl >= 0, decl < declarations.count else { return [] }
    let useRanges = (uses[decl] ?? []).map { tree.range($0) }
    return includeDeclaration ? [declarations[decl].nameRange] + useRanges : useRanges
  }

  /// The names visible at a cursor: block `let`s of the enclosing blocks, then the file's.
  func visibleDeclarations(at offset: Int, in tree: SyntaxTree) -> [Declaration] {
    let blocks = Set(ancestors(of: tree.node(at: offset)).filter { tree.kind($0) == .block })
    var seen = Set<Symbol>()
    var out: [Declaration] = []
    for d in declarations where d.scope.map({ blocks.contains($0) }) ?? false {
      if seen.insert(d.symbol).inserted { out.append(d) }
    }
    for d in declarations where d.scope == nil {
      if seen.insert(d.symbol).inserted { out.append(d) }
    }
    return out
  }

  /// A file-level declaration by name.
  func topLevel(named name: String) -> Declaration? {
    declarations.first { $0.scope == nil && $0.name == name }
  }
}
