import AnimSource

/// What the checker first reads of each top-level statement — its kind and, for a
/// declaration, its name — gathered by the parser.
///
/// Declaring the top-level names is a serial step of `animc check`, and reading a name
/// from the tree took three dependent reads (the declaration's record, its children
/// run, the name's record), each a cache miss in a large file's tree: sampling showed
/// most of the step waiting for them. Each parser notes the heads of the statements it
/// parsed right after parsing them, on its own thread, and the checker reads one
/// compact list in order. A head is noted right after its declaration is parsed, while
/// the declaration's records are still in the cache: noted in one pass after the whole
/// half, each read missed it (sampling showed that pass at 1.5% of `animc check`).
package struct DeclarationHead: Sendable {
  /// The top-level statement.
  package let decl: NodeID
  package let kind: SyntaxKind
  /// The symbol of the declared name, when the statement declares one and its name parsed.
  package let symbol: Symbol?
  /// The range of the name's node (meaningful with a symbol).
  package let nameRange: SourceRange

  /// The kinds whose first child is the declared name.
  package static func declaresName(_ kind: SyntaxKind) -> Bool {
    switch kind {
    case .letDecl, .timingDecl, .shapeDecl, .pathDecl, .nodeDecl, .emitterDecl, .replicateDecl: return true
    default: return false
    }
  }

  /// This head in a tree whose nodes were numbered on from `nodeBase` and whose names
  /// were mapped by `symbolIDs` (see `SyntaxTree.join`).
  func renumbered(nodeBase: Int32, symbolIDs: [Int32]) -> DeclarationHead {
    let s = symbol.flatMap { Int($0.id) < symbolIDs.count ? Symbol(symbolIDs[Int($0.id)]) : nil }
    return DeclarationHead(decl: NodeID(decl.index + nodeBase), kind: kind, symbol: s, nameRange: nameRange)
  }
}

extension Parser {
  /// Notes the heads of the top-level statements pushed since `mark`.
  mutating func noteHeads(from mark: Int) {
    for i in mark..<pending.count { heads.append(head(of: NodeID(pending[i]))) }
  }

  /// The head of `decl`, read from the tree in place (a tree passed by value is retained
  /// field by field).
  func head(of decl: NodeID) -> DeclarationHead {
    let kind = tree.kind(decl)
    guard DeclarationHead.declaresName(kind), tree.childCount(decl) > 0 else {
      return DeclarationHead(decl: decl, kind: kind, symbol: nil, nameRange: .at(0))
    }
    let name = tree.child(decl, 0)
    return DeclarationHead(
      decl: decl, kind: kind, symbol: tree.kind(name) == .name ? tree.symbol(name) : nil, nameRange: tree.range(name))
  }
}
