import AnimSyntax

/// Statements inside blocks (§3–§4, §8): one per line, words separated by one space,
/// arguments by `, `.
extension Printer {
  mutating func printStatement(_ s: NodeID) {
    switch tree.kind(s) {
    case .letDecl, .nodeDecl, .shapeDecl, .timingDecl, .pathDecl:
      printDeclaration(s)
    case .command:
      printCommand(s)
    case .animate:
      printAnimate(s)
    case .group, .sequence:
      printGroup(s)
    case .spawn:
      take()
      out.space()
      printExpression(tree.child(s, 0))
      // `in NODE` comes before the block, though the parent is the spawn's last child.
      if let parent = tree.optionalChild(s, 2) {
        out.space()
        take()  // in
        out.space()
        printExpression(parent)
      }
      if let block = tree.optionalChild(s, 1) {
        out.space()
        printBlock(block)
      }
    case .onTap:
      take()  // on
      out.space()
      take()  // tap, or birth/death
      if tree.flags(s) != OnTrigger.tap.rawValue {
        out.space()
        take()  // of
      }
      if let target = tree.optionalChild(s, 0) {
        out.space()
        printExpression(target)
      }
    case .every:
      printEvery(s)
    case .at:
      printAt(s)
    case .removeAfter:
      take()
      out.space()
      take()
      out.space()
      printExpression(tree.child(s, 0))
    case .instance:
      printInstance(s)
    case .onDrag, .onRelease, .live, .emit, .dragInput:
      printDragStatement(s)
    case .inputEvent:
      take()
      if let target = tree.optionalChild(s, 0) {
        out.space()
        printExpression(target)
      }
      out.space()
      printStatement(tree.child(s, 1))
    default:
      failed = true
    }
  }

  /// `WORD arg, arg [ccw]`
  mutating func printCommand(_ s: NodeID) {
    let kids = tree.children(s)
    take()
    for (i, arg) in kids.dropFirst().enumerated() {
      if i > 0 { take(.comma) }
      out.space()
      printExpression(arg)
    }
    if tree.flags(s) & 1 == 1 {
      out.space()
      take()
    }
  }

  /// `every P [from F] [until U]`
  mutating func printEvery(_ s: NodeID) {
    take()
    out.space()
    printExpression(tree.child(s, 0))
    for i in 1...2 {
      guard let part = tree.optionalChild(s, i) else { continue }
      out.space()
      take()
      out.space()
      printExpression(part)
    }
  }

  /// `at t₁, t₂, …`
  mutating func printAt(_ s: NodeID) {
    take()
    for (i, time) in tree.children(s).enumerated() {
      if i > 0 { take(.comma) }
      out.space()
      printExpression(time)
    }
  }

  /// `instance transform f₁ f₂ …` | `delay D` | `color C` | `offset CHANNEL Δ`
  mutating func printInstance(_ s: NodeID) {
    take()
    out.space()
    take()
    for part in tree.children(s) {
      out.space()
      printExpression(part)
    }
  }
}
