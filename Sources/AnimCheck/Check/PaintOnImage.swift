import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

/// `fill`, `stroke` and `lineWidth` on a node whose shape is an `image(…)` (§12.3): an
/// image draws its pixels, so these settings change nothing. Warned at each statement
/// that sets or animates one in the node's or spawn's own block (groups and sequences
/// included), with the fix that removes the statement.
extension WarningPass {
  func paintOnImage(shape: NodeID, block: NodeID?, in declarations: DeclarationTable) -> [Diagnostic] {
    guard let block, isImage(shape, depth: 0, declarations) else { return [] }
    var found: [Diagnostic] = []
    paintStatements(in: block, into: &found)
    return found
  }

  private func paintStatements(in block: NodeID, into found: inout [Diagnostic]) {
    for stmt in tree.children(block) {
      switch tree.kind(stmt) {
      case .command, .animate:
        let head = tree.child(stmt, 0)
        guard tree.kind(head) == .name else { continue }
        let name = tree.name(head)
        guard ["fill", "stroke", "lineWidth"].contains(name) else { continue }
        let range = tree.range(stmt)
        found.append(
          .warning(
            SemanticCode.paintOnImage,
            "`\(name)` does not apply to an image; use `opacity` or a replicator tint",
            at: range,
            notes: ["an image draws its own pixels: `fill`, `stroke` and `lineWidth` change nothing (§12.3)"],
            fixes: [.replace(removal(of: range), with: "", "remove the `\(name)`")]))
      case .group, .sequence:
        paintStatements(in: tree.child(stmt, tree.childCount(stmt) - 1), into: &found)
      default: continue
      }
    }
  }

  /// A statement's range widened over the blanks before it on its line and a `;` right
  /// after it, so that removing it leaves the block as tidy as before.
  private func removal(of range: SourceRange) -> SourceRange {
    let bytes = file.bytes
    var start = range.start
    while start > 0 && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
    var end = range.end
    if end < bytes.count && bytes[end] == UInt8(ascii: ";") { end += 1 }
    return SourceRange(start: start, end: end)
  }

  /// Whether a shape expression is an `image(…)`, directly or through shape declarations.
  private func isImage(_ id: NodeID, depth: Int, _ declarations: DeclarationTable) -> Bool {
    switch tree.kind(id) {
    case .paren: return isImage(tree.child(id, 0), depth: depth, declarations)
    case .call: return tree.name(tree.child(id, 0)) == "image"
    case .name:
      guard depth < 8, let s = tree.symbol(id), declarations.kind(s) == .shape, let d = declarations[s] else {
        return false
      }
      return isImage(tree.child(d.syntax, 1), depth: depth + 1, declarations)
    default: return false
    }
  }
}
