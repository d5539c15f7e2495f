import AnimSyntax

/// `animate`, `group` and `sequence` (§6). The form is kept: a one-line `animate` stays
/// on one line, a block-form one keeps one clause per line (with `from V to V` sharing a
/// line when the source had them together).
extension Printer {
  mutating func printAnimate(_ s: NodeID) {
    let kids = tree.children(s)
    take()  // animate
    out.space()
    take()  // the property
    let clauses = Array(kids.dropFirst())
    guard tree.flags(s) & 1 == 1 else {
      for clause in clauses {
        out.space()
        printClause(clause)
      }
      return
    }
    out.space()
    printBraced(
      s, items: clauses, separate: { p, i in !p.sharesLineWithFrom(clauses, i) },
      item: { p, clause, _ in p.printClause(clause) })
  }

  /// `to V` / `by V` right after `from V` on the same source line.
  func sharesLineWithFrom(_ clauses: [NodeID], _ i: Int) -> Bool {
    guard i > 0, tree.word(clauses[i - 1]) == .from, let w = tree.word(clauses[i]), w == .to || w == .by else {
      return false
    }
    return !hasNewline(from: tree.range(clauses[i - 1]).end, to: tree.range(clauses[i]).start)
  }

  /// `group|sequence CLAUSE* { … }`
  mutating func printGroup(_ s: NodeID) {
    let kids = tree.children(s)
    take()
    for clause in kids.dropLast() {
      out.space()
      printClause(clause)
    }
    out.space()
    if let block = kids.last { printBlock(block) }
  }

  /// One clause; see `SyntaxKind.clause` for its shapes.
  mutating func printClause(_ c: NodeID) {
    take()  // the clause word
    switch tree.word(c) {
    case .autoreverse, .additive, .cumulative:
      return
    case .repeat:
      out.space()
      switch tree.flags(c) {
      case 1: take()  // forever
      case 2:
        take()  // for
        out.space()
        printExpression(tree.child(c, 0))
      default: printExpression(tree.child(c, 0))
      }
    case .keyframes:
      out.space()
      printKeyframes(Array(tree.children(c)))
    default:
      out.space()
      printExpression(tree.child(c, 0))
    }
  }

  /// `k0: v0 [T0], k1: v1, …` on one line, or one keyframe per line (one level deeper)
  /// when the source spread them over lines; the first stays after `keyframes`, where a
  /// newline would end the statement.
  mutating func printKeyframes(_ frames: [NodeID]) {
    let spread = frames.dropFirst().contains { newlineBefore(tree.range($0).start) }
    if spread { out.level += 1 }
    for (i, frame) in frames.enumerated() {
      if i > 0 {
        take(.comma)
        if spread { out.newline(.never) } else { out.space() }
      }
      printExpression(tree.child(frame, 0))
      take(.colon)
      out.space()
      printExpression(tree.child(frame, 1))
      if let timing = tree.optionalChild(frame, 2) {
        out.space()
        printExpression(timing)
      }
    }
    if spread { out.level -= 1 }
  }
}
