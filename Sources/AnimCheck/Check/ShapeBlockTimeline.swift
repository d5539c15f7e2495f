import AnimSource
import AnimSyntax

/// §3.1: a shape declaration's block holds style and fixed values only. An `animate`,
/// `group` or `sequence` there is an error at the statement, and its fix moves it into
/// the block of every node and spawn that draws the shape.
extension Checker {
  func reportTimelineInShapeBlock(_ stmt: NodeID, shape decl: NodeID) {
    let word = tree.kind(stmt) == .animate ? "animate" : tree.kind(stmt) == .group ? "group" : "sequence"
    let name = tree.name(tree.child(decl, 0))
    let users = shapeUsers(decl)
    var fix = Fix("move it into the node or spawn that draws `\(name)`")
    if !users.isEmpty {
      let text = self.text(stmt)
      let from = indentation(at: tree.range(stmt).start)
      let names = users.map { tree.kind($0) == .nodeDecl ? "`\(tree.name(tree.child($0, 0)))`" : "the spawn" }
      fix = Fix(
        "move it into \(names.joined(separator: " and "))",
        edits: [TextEdit(range: wholeLines(tree.range(stmt)), newText: "")]
          + users.map { moving(text, from: from, into: $0) })
    }
    error(
      SemanticCode.misplacedStatement,
      "a shape's block holds style and fixed values only: `\(word)` belongs in the node or spawn that draws the shape",
      at: tree.range(stmt), fixes: [fix])
  }

  /// The nodes and spawns, at any depth, whose shape is the declared shape `decl` by name.
  private func shapeUsers(_ decl: NodeID) -> [NodeID] {
    guard let symbol = tree.symbol(tree.child(decl, 0)) else { return [] }
    var users: [NodeID] = []
    var pending = Array(tree.children(tree.root))
    while let id = pending.popLast() {
      let kind = tree.kind(id)
      let shapeIndex = kind == .nodeDecl ? 1 : kind == .spawn ? 0 : nil
      if let i = shapeIndex, let shape = tree.optionalChild(id, i), tree.kind(shape) == .name,
        tree.symbol(shape) == symbol
      {
        users.append(id)
      }
      guard [.nodeDecl, .spawn, .emitterDecl, .replicateDecl, .block].contains(kind) else { continue }
      pending += tree.children(id)
    }
    return users.sorted { tree.range($0).start < tree.range($1).start }
  }

  /// The edit that puts `text` (indented by `from`) at the end of `user`'s block, or
  /// gives it a block.
  private func moving(_ text: String, from: String, into user: NodeID) -> TextEdit {
    let blockIndex = tree.kind(user) == .nodeDecl ? 2 : 1
    guard let block = tree.optionalChild(user, blockIndex), tree.kind(block) == .block else {
      let end = tree.range(tree.child(user, blockIndex - 1)).end
      return TextEdit(range: .at(end), newText: " {\n  \(reindented(text, from: from, to: "  "))\n}")
    }
    let close = tree.range(block).end - 1
    let lineStart = self.lineStart(close)
    let indent = String(decoding: file.bytes[lineStart..<close], as: UTF8.self)
    guard indent.allSatisfy({ $0 == " " || $0 == "\t" }) else {
      return TextEdit(range: .at(close), newText: "\n\(text)\n")
    }
    return TextEdit(range: .at(lineStart), newText: "\(indent)  \(reindented(text, from: from, to: indent + "  "))\n")
  }

  /// `text`'s lines after the first with the indentation `from` made `to`.
  private func reindented(_ text: String, from: String, to: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.enumerated().map { i, line in
      i > 0 && line.hasPrefix(from) ? to + line.dropFirst(from.count) : String(line)
    }.joined(separator: "\n")
  }

  /// The blanks before `offset` on its line, or "" when something else precedes it.
  private func indentation(at offset: Int) -> String {
    let start = lineStart(offset)
    let prefix = file.bytes[start..<offset]
    guard prefix.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return "" }
    return String(decoding: prefix, as: UTF8.self)
  }

  /// `range` grown to its whole lines when nothing but blanks shares them, so that
  /// removing it leaves no empty line.
  private func wholeLines(_ range: SourceRange) -> SourceRange {
    let bytes = file.bytes
    let start = lineStart(range.start)
    guard bytes[start..<range.start].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return range }
    var end = range.end
    while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
    guard end == bytes.count || bytes[end] == 0x0A else { return range }
    return SourceRange(start: start, end: min(end + 1, bytes.count))
  }

  /// The offset where the line holding `offset` starts.
  private func lineStart(_ offset: Int) -> Int {
    var start = min(max(offset, 0), file.bytes.count)
    while start > 0, file.bytes[start - 1] != 0x0A { start -= 1 }
    return start
  }
}
