import AnimJSON
import AnimSource
import AnimSyntax
import Foundation

/// `textDocument/documentSymbol`: the outline, hierarchical (`DocumentSymbol[]`). The
/// file's declarations, with a replicator's nodes and a block's `let`s as children.
extension LanguageServer {
  func documentSymbols(_ params: JSONValue) throws -> JSONValue {
    let s = try documents.snapshot(try params.documentURI())
    var children: [Int: [Int]] = [:]
    var roots: [Int] = []
    for (i, d) in s.index.declarations.enumerated() {
      if let c = d.container { children[c, default: []].append(i) } else { roots.append(i) }
    }
    var items: [(start: Int, json: JSONValue)] = roots.map {
      (s.tree.range(s.index.declarations[$0].node).start, symbol($0, s, children))
    }
    // `scene` and `input` declare no name but are landmarks of every file.
    for decl in s.tree.children(s.tree.root) {
      let kind = s.tree.kind(decl)
      guard kind == .sceneDecl || kind == .inputDecl else { continue }
      var name = kind == .sceneDecl ? "scene" : "input"
      if kind == .sceneDecl, let title = s.tree.optionalChild(decl, 0), s.tree.kind(title) == .string {
        name += " \"\(s.tree.string(title))\""
      }
      let r = s.tree.range(decl)
      let selection = SourceRange(start: r.start, end: min(r.end, r.start + 5))  // the keyword
      items.append((r.start, entry(name, detail: nil, kind: kind == .sceneDecl ? 2 : 24, r, selection, [], s)))
    }
    return .array(items.sorted { $0.start < $1.start }.map(\.json))
  }

  private func symbol(_ index: Int, _ s: Snapshot, _ children: [Int: [Int]]) -> JSONValue {
    let d = s.index.declarations[index]
    let kids = (children[index] ?? []).map { symbol($0, s, children) }
    var detail = declarationHead(d, s)
    if let eq = detail.firstIndex(of: "=") {
      detail = String(detail[detail.index(after: eq)...]).trimmingCharacters(in: .whitespaces)
    } else {
      detail = d.kind.keyword
    }
    return entry(d.name, detail: detail, kind: Self.symbolKind(d.kind), s.tree.range(d.node), d.nameRange, kids, s)
  }

  private func entry(
    _ name: String, detail: String?, kind: Int, _ range: SourceRange, _ selection: SourceRange, _ children: [JSONValue],
    _ s: Snapshot
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [("name", .string(name.isEmpty ? "?" : name))]
    if let detail { members.append(("detail", .string(detail))) }
    members += [
      ("kind", LSP.int(kind)),
      ("range", LSP.range(range, in: s.file, encoding)),
      ("selectionRange", LSP.range(selection, in: s.file, encoding)),
    ]
    if !children.isEmpty { members.append(("children", .array(children))) }
    return .object(members)
  }

  /// LSP `SymbolKind` numbers: the nearest in meaning.
  static func symbolKind(_ kind: DeclarationKind) -> Int {
    switch kind {
    case .let: return 13  // Variable
    case .timing: return 12  // Function
    case .shape: return 5  // Class
    case .path: return 23  // Struct
    case .node: return 19  // Object
    case .emitter: return 24  // Event
    case .replicate: return 18  // Array
    }
  }
}
