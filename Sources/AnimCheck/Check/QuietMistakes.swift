import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

/// Warnings for scenes that check cleanly but do not draw what was meant (§3.1, §1):
/// colour channels written as percentages or fractions, and an outline with absolute
/// points drawn centred on the origin.
extension WarningPass {
  /// `rgb(100%, 0, 0)` is `rgb(1, 0, 0)`, almost black: channels are 0…255 (§1). Warned
  /// at a channel written with `%`, with the fix in 0…255; or at the call when every
  /// channel is a constant in 0…1 and one is a fraction (`rgb(1, 0.5, 0)`).
  func colorChannels(_ args: [Checker.Argument]) -> [Diagnostic] {
    let channels = args.prefix(3).filter { $0.label == nil || ["r", "g", "b"].contains($0.label ?? "") }
    for arg in channels where tree.kind(arg.value) == .number && tree.unit(arg.value) == .percent {
      let range = tree.range(arg.value)
      let percent = tree.number(arg.value)
      let scaled = JSONLimits.text((percent * 255 / 100).rounded())
      return [
        .warning(
          SemanticCode.colorChannelScale,
          "`rgb` channels run from 0 to 255, so `\(file.text(range))` is \(JSONLimits.text(percent / 100)) of 255",
          at: range, fixes: [.replace(range, with: scaled, "write it in 0…255: `\(scaled)`")])
      ]
    }
    guard channels.count == 3 else { return [] }
    var values: [Double] = []
    for arg in channels {
      guard tree.kind(arg.value) == .number, tree.unit(arg.value) == .none else { return [] }
      values.append(tree.number(arg.value))
    }
    guard values.allSatisfy({ $0 >= 0 && $0 <= 1 }), values.contains(where: { $0 > 0 && $0 < 1 }) else { return [] }
    let first = tree.range(channels[0].value)
    let last = tree.range(channels[2].value)
    let edits = zip(channels, values).map { arg, v in
      TextEdit(range: tree.range(arg.value), newText: JSONLimits.text((v * 255).rounded()))
    }
    return [
      .warning(
        SemanticCode.colorChannelScale, "`rgb` channels run from 0 to 255; these look like fractions of 1",
        at: SourceRange(start: first.start, end: last.end),
        fixes: [Fix("scale them to 0…255", edits: edits)])
    ]
  }

  /// A node (§3.1) whose outline has absolute points — `shape { }`, `polygon`, a Path —
  /// and that sets neither `position` nor `anchor` is drawn with its box centred on
  /// (0, 0): warned, with the fix `anchor (0, 0)`. Spawns sit at their trigger.
  func outlineAtOrigin(_ decl: NodeID, in declarations: DeclarationTable) -> [Diagnostic] {
    let shape = tree.child(decl, 1)
    guard hasAbsoluteOutline(shape, depth: 0, declarations) else { return [] }
    let block = tree.optionalChild(decl, 2)
    if let block, placesNode(block) { return [] }
    if let d = shapeDeclaration(shape, declarations), let defaults = tree.optionalChild(d.syntax, 2),
      placesNode(defaults)
    {
      return []
    }
    return [
      .warning(
        SemanticCode.outlineAtOrigin,
        "this outline is drawn with its box centred on (0, 0): the node sets neither `position` nor `anchor`",
        at: tree.range(shape),
        notes: ["`shape { }`, `polygon` and paths keep their points; `anchor (0, 0)` draws them where the points are"],
        fixes: [.replace(.at(anchorInsertion(decl, block)), with: anchorText(decl, block), "add `anchor (0, 0)`")])
    ]
  }

  /// Where the fix's `anchor (0, 0)` goes: just inside the block's `{`, or after the
  /// declaration when it has no block.
  private func anchorInsertion(_ decl: NodeID, _ block: NodeID?) -> Int {
    guard let block else { return tree.range(decl).end }
    return tree.range(block).start + 1
  }

  /// The fix's text: a line of its own in a block written over several lines, a
  /// statement before the others in a one-line block, a new block otherwise.
  private func anchorText(_ decl: NodeID, _ block: NodeID?) -> String {
    guard let block else { return " { anchor (0, 0) }" }
    let open = tree.range(block).start
    let first = tree.children(block).first.map { tree.range($0).start }
    let bytes = file.bytes
    if let first, !bytes[open..<first].contains(0x0A) { return " anchor (0, 0);" }
    if first == nil && !bytes[open..<tree.range(block).end].contains(0x0A) { return " anchor (0, 0)" }
    var lineStart = tree.range(decl).start
    while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
    let indent = String(decoding: bytes[lineStart...].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
    return "\n" + indent + "  anchor (0, 0)"
  }

  /// Whether a shape expression's outline keeps absolute points: `shape { }`, `polygon`,
  /// a path, or a shape or path declared so.
  private func hasAbsoluteOutline(_ id: NodeID, depth: Int, _ declarations: DeclarationTable) -> Bool {
    switch tree.kind(id) {
    case .shapeLiteral, .pathLiteral: return true
    case .paren: return hasAbsoluteOutline(tree.child(id, 0), depth: depth, declarations)
    case .call:
      let name = tree.name(tree.child(id, 0))
      return ["polygon", "line", "quad", "cubic", "arc", "polyline", "parabola"].contains(name)
    case .name:
      guard depth < 8, let d = shapeDeclaration(id, declarations) ?? pathDeclaration(id, declarations) else {
        return false
      }
      return d.kind == .path || hasAbsoluteOutline(tree.child(d.syntax, 1), depth: depth + 1, declarations)
    default: return false
    }
  }

  private func shapeDeclaration(_ id: NodeID, _ declarations: DeclarationTable) -> Declaration? {
    guard tree.kind(id) == .name, let s = tree.symbol(id), declarations.kind(s) == .shape else { return nil }
    return declarations[s]
  }

  private func pathDeclaration(_ id: NodeID, _ declarations: DeclarationTable) -> Declaration? {
    guard tree.kind(id) == .name, let s = tree.symbol(id), declarations.kind(s) == .path else { return nil }
    return declarations[s]
  }

  /// Whether a block sets or animates `position` (or `x`, `y`), or sets `anchor`.
  private func placesNode(_ block: NodeID) -> Bool {
    let placing: Set<String> = ["position", "x", "y", "anchor"]
    for stmt in tree.children(block) {
      switch tree.kind(stmt) {
      case .command, .animate:
        let head = tree.child(stmt, 0)
        if tree.kind(head) == .name && placing.contains(tree.name(head)) { return true }
      case .group, .sequence:
        if placesNode(tree.child(stmt, tree.childCount(stmt) - 1)) { return true }
      default: continue
      }
    }
    return false
  }
}
