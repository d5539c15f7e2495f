import AnimSyntax

/// The file and its declarations (§3).
extension Printer {
  /// Declarations one after another. A blank line always separates two declarations when
  /// either takes more than one line; between two one-line declarations (a run of `let`s)
  /// the source's choice, at most one blank line, is kept.
  mutating func printFile(_ file: NodeID) {
    out.newline(.preserve)
    var previousWasMultiLine = false
    for (i, decl) in tree.children(file).enumerated() {
      if i > 0 {
        let multi = previousWasMultiLine || spansLines(decl)
        out.newline(multi ? .force : .preserve)
      }
      out.firstTokenLine = nil
      printDeclaration(decl)
      skipSemicolons()
      previousWasMultiLine = out.lineIndex > (out.firstTokenLine ?? out.lineIndex)
    }
  }

  /// Whether `decl` will take more than one line: printed on a scratch copy.
  func spansLines(_ decl: NodeID) -> Bool {
    var trial = self
    trial.out.discardLines()
    trial.out.firstTokenLine = nil
    trial.printDeclaration(decl)
    return trial.out.lineIndex > (trial.out.firstTokenLine ?? trial.out.lineIndex)
  }

  mutating func printDeclaration(_ d: NodeID) {
    switch tree.kind(d) {
    case .sceneDecl:
      take()
      if let title = tree.optionalChild(d, 0) {
        out.space()
        printExpression(title)
      }
      out.space()
      printBlock(tree.child(d, 1))
    case .letDecl, .timingDecl, .pathDecl:
      printBinding(d)
    case .shapeDecl, .nodeDecl:
      if tree.kind(tree.child(d, 1)) == .absent {
        // A group (§14): `node NAME { … }`, no `= SHAPE`.
        take()
        out.space()
        take()
      } else {
        printBinding(d)
      }
      if let block = tree.optionalChild(d, 2) {
        out.space()
        printBlock(block)
      }
    case .emitterDecl:
      take()
      out.space()
      take()
      out.space()
      printBlock(tree.child(d, 1))
    case .replicateDecl:
      take()
      out.space()
      take()
      out.space()
      take()  // count
      out.space()
      printExpression(tree.child(d, 1))
      out.space()
      printBlock(tree.child(d, 2))
    case .inputDecl:
      take()
      out.space()
      printBlock(tree.child(d, 0))
    default:
      printStatement(d)
    }
  }

  /// `KEYWORD NAME = EXPR`
  mutating func printBinding(_ d: NodeID) {
    take()
    out.space()
    take()
    out.space()
    take(.equals)
    out.space()
    printExpression(tree.child(d, 1))
  }

  // MARK: Blocks

  /// `{ … }`: one statement per line, one level deeper. A block written on one line
  /// with a single statement and no comments stays on one line (`goods { position p }`).
  mutating func printBlock(_ block: NodeID) {
    printBraced(block, items: Array(tree.children(block))) { p, item, _ in p.printStatement(item) }
  }

  /// Shared by statement blocks and block-form `animate`: `separate(i)` tells whether
  /// item i starts its own line (true for every statement; false for a `to` sharing
  /// the line of its `from`).
  mutating func printBraced(
    _ block: NodeID, items: [NodeID], separate: (Printer, Int) -> Bool = { _, _ in true },
    item printItem: (inout Printer, NodeID, Int) -> Void
  ) {
    let r = tree.range(block)
    let closeStart = r.end - 1
    take(.leftBrace)
    let oneLine =
      !hasComment(before: closeStart) && !hasNewline(from: r.start, to: r.end)
      && (1..<2).contains(items.indices.filter { separate(self, $0) }.count)
    if items.isEmpty && !hasComment(before: closeStart) {
      take(.rightBrace)
      return
    }
    if oneLine {
      for (i, item) in items.enumerated() {
        out.space()
        printItem(&self, item, i)
        skipSemicolons()
      }
      out.space()
      take(.rightBrace)
      return
    }
    out.level += 1
    for (i, item) in items.enumerated() {
      if i == 0 {
        out.newline(.never)
      } else if separate(self, i) {
        out.newline(.preserve)
      } else {
        out.space()
      }
      printItem(&self, item, i)
      skipSemicolons()
    }
    out.newline(.never)
    flushComments(before: closeStart)
    out.level -= 1
    take(.rightBrace)
  }
}
