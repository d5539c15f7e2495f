import AnimSource
import AnimSyntax

/// Where a file uses the layer tree (§14): a node declared inside a node, a spawn or a
/// replicator child, a group, `spawn … in NODE`, or `NODE.scenePosition`. The checker
/// accepts these; the simulator runs them all but `scenePosition` read before the run
/// starts, which the commands that run a scene refuse (`unsimulated`) rather than draw
/// it wrongly.
package enum LayerTreeUse {
  /// The earliest use in the file, or nil when it uses none.
  package static func first(in tree: SyntaxTree) -> SourceRange? { earliest(in: tree, unsimulatedOnly: false) }

  /// The earliest use the simulator does not run yet: `NODE.scenePosition` read at the
  /// start of a run (in a node's block or a top-level `let`), before anything is drawn.
  package static func unsimulated(in tree: SyntaxTree) -> SourceRange? { earliest(in: tree, unsimulatedOnly: true) }

  private static func earliest(in tree: SyntaxTree, unsimulatedOnly: Bool) -> SourceRange? {
    var first: SourceRange? = nil
    func note(_ range: SourceRange) {
      if first.map({ range.start < $0.start }) ?? true { first = range }
    }
    // A stack, not recursion: expressions nest up to the parser's limit. `timed`: inside
    // a §16 binding or `on release`, where `scenePosition` is the drawn one, or an
    // emitter, whose `origin` and spawn block read it at each trigger.
    var stack = [(tree.root, false)]
    while let (id, timed) = stack.popLast() {
      var innerTimed = timed
      switch tree.kind(id) {
      case .live, .onDrag, .onRelease, .emitterDecl:
        innerTimed = true
      case .nodeDecl:
        // A group: its shape is `.absent`.
        let isGroup = tree.childCount(id) > 1 && tree.optionalChild(id, 1) == nil
        if isGroup && !unsimulatedOnly { note(tree.range(id)) }
        if !unsimulatedOnly { noteChildNodes(tree.optionalChild(id, 2), in: tree, note) }
      case .spawn:
        if !unsimulatedOnly {
          noteChildNodes(tree.optionalChild(id, 1), in: tree, note)
          if let parent = tree.optionalChild(id, 2) { note(tree.range(parent)) }
        }
      case .member where tree.name(id) == "scenePosition" && !timed:
        note(tree.range(id))
      default: break
      }
      stack.append(contentsOf: tree.children(id).map { ($0, innerTimed) })
    }
    return first
  }

  private static func noteChildNodes(_ block: NodeID?, in tree: SyntaxTree, _ note: (SourceRange) -> Void) {
    guard let block else { return }
    for stmt in tree.children(block) where tree.kind(stmt) == .nodeDecl { note(tree.range(stmt)) }
  }

  /// The error that refuses to run a checked file that uses the layer tree, or nil.
  package static func refusal(in tree: SyntaxTree) -> Diagnostic? {
    guard let range = unsimulated(in: tree) else { return nil }
    return .error(
      SemanticCode.layerTreeNotSimulated, "the layer tree (§14) is checked but not simulated yet", at: range,
      notes: [
        "`animc check` accepts this scene; `run`, `dump` and `render` will draw it once the simulator places nodes before the run starts: read `scenePosition` in an emitter or a §16 block"
      ])
  }
}
