import AnimSource
import AnimSyntax

/// Where a file uses the layer tree (§14): a node declared inside a node, a spawn or a
/// replicator child, a group, `spawn … in NODE`, or `NODE.scenePosition`. The checker
/// accepts these; the simulator does not place children yet, so the commands that run a
/// scene refuse one that uses them rather than draw it wrongly.
package enum LayerTreeUse {
  /// The earliest use in the file, or nil when it uses none.
  package static func first(in tree: SyntaxTree) -> SourceRange? {
    var first: SourceRange? = nil
    func note(_ range: SourceRange) {
      if first.map({ range.start < $0.start }) ?? true { first = range }
    }
    // A stack, not recursion: expressions nest up to the parser's limit.
    var stack = [tree.root]
    while let id = stack.popLast() {
      switch tree.kind(id) {
      case .nodeDecl:
        // A group: its shape is `.absent`.
        if tree.childCount(id) > 1 && tree.optionalChild(id, 1) == nil { note(tree.range(id)) }
        noteChildNodes(tree.optionalChild(id, 2), in: tree, note)
      case .spawn:
        noteChildNodes(tree.optionalChild(id, 1), in: tree, note)
        if let parent = tree.optionalChild(id, 2) { note(tree.range(parent)) }
      case .member where tree.name(id) == "scenePosition":
        note(tree.range(id))
      default: break
      }
      stack.append(contentsOf: tree.children(id))
    }
    return first
  }

  private static func noteChildNodes(_ block: NodeID?, in tree: SyntaxTree, _ note: (SourceRange) -> Void) {
    guard let block else { return }
    for stmt in tree.children(block) where tree.kind(stmt) == .nodeDecl { note(tree.range(stmt)) }
  }

  /// The error that refuses to run a checked file that uses the layer tree, or nil.
  package static func refusal(in tree: SyntaxTree) -> Diagnostic? {
    guard let range = first(in: tree) else { return nil }
    return .error(
      SemanticCode.layerTreeNotSimulated, "the layer tree (§14) is checked but not simulated yet", at: range,
      notes: [
        "`animc check` accepts this scene; `run`, `dump` and `render` will draw it once the simulator places children"
      ])
  }
}
