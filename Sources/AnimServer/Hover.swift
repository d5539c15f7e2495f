import AnimJSON
import AnimSource
import AnimSyntax
import Foundation

/// `textDocument/hover`: declared names show their declaration (and type, through the
/// `typeOf` hook); language words, properties, built-ins, timings, enum cases and
/// members show the specification's documentation and formulas.
extension LanguageServer {
  func hover(_ params: JSONValue) throws -> JSONValue {
    let uri = try params.documentURI()
    let position = try params.position()
    let snapshot = try documents.snapshot(uri)
    let cursor = snapshot.cursor(position, encoding)
    guard !cursor.word.isEmpty, !cursor.inCommentOrString, let text = hoverText(snapshot, cursor) else { return .null }
    return .object([
      ("contents", LSP.markdown(text)),
      ("range", LSP.range(cursor.wordRange, in: snapshot.file, encoding)),
    ])
  }

  func hoverText(_ s: Snapshot, _ cursor: Cursor) -> String? {
    let tree = s.tree
    let word = cursor.word
    if let name = s.nameNode(at: cursor) {
      if let decl = s.index.declaration(forName: name) {
        return describe(declaration: decl, s, typeNode: s.index.references[name] == nil ? nil : name)
      }
      if let parent = s.index.parent(of: name), tree.childCount(parent) > 0, tree.child(parent, 0) == name {
        switch tree.kind(parent) {
        case .command:
          let inPath = s.index.ancestors(of: parent).contains { [.pathLiteral, .shapeLiteral].contains(tree.kind($0)) }
          if inPath, let doc = WordDocs.pathCommands[word] { return format(doc) }
          if let doc = WordDocs.properties[word] ?? WordDocs.clauses[word] { return format(doc) }
        case .animate:
          if let doc = WordDocs.properties[word] { return format(doc, note: "Animatable property.") }
        case .call:
          if let doc = BuiltinDocs.byName[word] { return format(doc) }
        case .instance:
          return "**\(word)**: the colour channel `instance offset` steps per copy (`red`, `green`, `blue` or `alpha`)."
        default: break
        }
      }
      return builtinText(word)
    }
    let node = tree.node(at: cursor.offset)
    switch tree.kind(node) {
    case .enumCase:
      if let doc = WordDocs.enumCases[word] { return "```anim\n.\(word)\n```\n" + doc }
    case .member where tree.memberNameRange(node) == cursor.wordRange:
      if let doc = WordDocs.members[word] { return format(doc) }
    default: break
    }
    if let text = keywordText(word, in: tree.kind(node)) { return text }
    // Words in a statement the parser skipped after an error have no node; still say
    // what they most likely are.
    if let decl = s.index.declarations.firstIndex(where: { $0.scope == nil && $0.name == word }) {
      return describe(declaration: decl, s, typeNode: nil)
    }
    return builtinText(word)
  }

  private func builtinText(_ word: String) -> String? {
    if let color = BuiltinDocs.colorNames.first(where: { $0.0 == word }) {
      return "```anim\n\(word)\n```\nColor `\(color.1)` (UIKit's named colour)."
    }
    return BuiltinDocs.byName[word].map { format($0) }
  }

  /// Documentation for a language word, chosen by the node the cursor is in (`timing`
  /// declares a timing at the top level and is a clause in an animation).
  func keywordText(_ word: String, in kind: SyntaxKind) -> String? {
    let clauseContext: Set<SyntaxKind> = [.clause, .animate, .group, .sequence, .every, .at, .removeAfter, .onTap]
    if clauseContext.contains(kind), let doc = WordDocs.clauses[word] { return format(doc) }
    if let doc = WordDocs.keywords[word] { return format(doc) }
    if let doc = WordDocs.clauses[word] { return format(doc) }
    switch word {
    case "pause": return "```anim\npause at T\n```\nInput event: sets the scene's speed to 0 at run time T."
    case "resume": return "```anim\nresume at T\n```\nInput event: resumes the scene's clock at run time T."
    case "speed": return "```anim\nspeed S at T\n```\nInput event: scene time advances at S× run time from T."
    case "transform", "color", "offset": return WordDocs.clauses["instance"].map { format($0) }
    default: return WordDocs.pathCommands[word].map { format($0) }
    }
  }

  private func format(_ doc: WordDoc, note: String? = nil) -> String {
    "```anim\n\(doc.form)\n```\n\(doc.doc)" + (note.map { "\n\n" + $0 } ?? "")
  }

  private func format(_ doc: BuiltinDoc) -> String {
    let what: String
    switch doc.kind {
    case .function: what = "Built-in function."
    case .shape: what = "Shape constructor."
    case .path: what = "Path constructor."
    case .timing: what = "Timing function."
    case .color: what = "Colour constructor."
    case .transform: what = "Instance transform."
    }
    return "```anim\n\(doc.signature)\n```\n\(what) \(doc.doc)"
  }

  /// `node button = circle(40)` in a code block, its type when the hook knows it, and
  /// where it lives.
  func describe(declaration index: Int, _ s: Snapshot, typeNode: NodeID?) -> String {
    let decl = s.index.declarations[index]
    var out = "```anim\n\(declarationHead(decl, s))\n```"
    let valueNode =
      [.let, .timing, .shape, .path, .node].contains(decl.kind) ? s.tree.optionalChild(decl.node, 1) : nil
    if let node = typeNode ?? valueNode, let type = hooks.typeOf(s.analysis, node) {
      out += "\n\nType: `\(type)`"
    }
    var facts: [String] = []
    if let c = decl.container {
      let container = s.index.declarations[c]
      facts.append(
        decl.scope == nil
          ? "In \(container.kind.keyword) `\(container.name)`."
          : "Local to \(container.kind.keyword) `\(container.name)`'s block.")
    }
    let uses = s.index.uses[index]?.count ?? 0
    facts.append(uses == 1 ? "1 reference." : "\(uses) references.")
    return out + "\n\n" + facts.joined(separator: " ")
  }

  /// The declaration's text up to its block (or its first line), on one line.
  func declarationHead(_ decl: Declaration, _ s: Snapshot) -> String {
    let r = s.tree.range(decl.node)
    var end = r.end
    for c in s.tree.children(decl.node) where s.tree.kind(c) == .block {
      end = min(end, s.tree.range(c).start)
    }
    var text = s.file.text(SourceRange(start: r.start, end: end))
    if let newline = text.firstIndex(where: \.isNewline),
      decl.kind != .let && decl.kind != .path && decl.kind != .timing
    {
      text = String(text[..<newline])
    }
    let collapsed = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    return collapsed.count > 200 ? String(collapsed.prefix(200)) + " …" : collapsed
  }
}
