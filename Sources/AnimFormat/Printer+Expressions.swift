import AnimSyntax

/// Expressions (§2): one space around binary operators, none inside brackets, `, `
/// between elements, `label: value` in calls; `..` is written tight (`0..10`) unless an
/// end is itself an operation (`a + 1 .. b`). Argument lists, points and lists written
/// over several lines in the source get one element per line.
extension Printer {
  mutating func printExpression(_ e: NodeID) {
    switch tree.kind(e) {
    case .number, .string, .color, .bool, .name, .selfExpr, .triggerExpr, .sceneExpr, .dragExpr, .forever:
      take()
    case .enumCase:
      take(.dot)
      take()
    case .member:
      printExpression(tree.child(e, 0))
      take(.dot)
      take()
    case .call:
      let kids = tree.children(e)
      take()  // the callee
      printDelimited(e, elements: Array(kids.dropFirst()), closer: .rightParen)
    case .argument:
      if tree.symbol(e) != nil {
        take()
        take(.colon)
        out.space()
      }
      printExpression(tree.child(e, 0))
    case .paren:
      take(.leftParen)
      printExpression(tree.child(e, 0))
      take(.rightParen)
    case .point:
      printDelimited(e, elements: Array(tree.children(e)), closer: .rightParen)
    case .list:
      printDelimited(e, elements: Array(tree.children(e)), closer: .rightBracket)
    case .negate:
      take(.minus)
      // `- -a`, not `--a`, which reads as a decrement.
      if tree.kind(tree.child(e, 0)) == .negate { out.space() }
      printExpression(tree.child(e, 0))
    case .binary:
      printExpression(tree.child(e, 0))
      out.space()
      take()
      out.space()
      printExpression(tree.child(e, 1))
    case .range:
      let lower = tree.child(e, 0)
      let upper = tree.child(e, 1)
      let spaced = isOperation(lower) || isOperation(upper) || startsWithDot(upper)
      printExpression(lower)
      if spaced { out.space() }
      take(.dotDot)
      if spaced { out.space() }
      printExpression(upper)
    case .shapeLiteral:
      take()  // shape
      if let width = tree.optionalChild(e, 0) {
        take(.leftParen)
        printExpression(width)
        take(.comma)
        out.space()
        if let height = tree.optionalChild(e, 1) { printExpression(height) }
        take(.rightParen)
      }
      out.space()
      printBlock(tree.child(e, 2))
    case .pathLiteral:
      take()  // path
      out.space()
      printBlock(tree.child(e, 0))
    default:
      failed = true
    }
  }

  func isOperation(_ e: NodeID) -> Bool { tree.kind(e) == .binary || tree.kind(e) == .range }

  /// `.5` or `.up` after `..` would read as `...`.
  func startsWithDot(_ e: NodeID) -> Bool {
    let start = tree.range(e).start
    return start < bytes.count && bytes[start] == UInt8(ascii: ".")
  }

  /// `(a, b)` or `[a, b]` from the opener on; a trailing comma is dropped. When the
  /// source broke the list over lines, every element gets its own line one level deeper
  /// and the closer its own line.
  mutating func printDelimited(_ e: NodeID, elements: [NodeID], closer: TokenKind) {
    let closeStart = tree.range(e).end - 1
    let multiLine =
      !elements.isEmpty
      && (elements.contains { newlineBefore(tree.range($0).start) } || newlineAfterLast(elements, closeStart))
    take()  // the opener
    if multiLine { out.level += 1 }
    for (i, element) in elements.enumerated() {
      if i > 0 { take(.comma) }
      if multiLine { out.newline(.never) } else if i > 0 { out.space() }
      printExpression(element)
    }
    if peekKind == .comma { skip() }
    if multiLine {
      out.newline(.never)
      flushComments(before: closeStart)
      out.level -= 1
    }
    take(closer)
  }

  /// A break between the last element and the closer, also one before a dropped trailing
  /// comma: once the comma is gone it is a break before the closer, so the list must
  /// count as broken on both passes.
  func newlineAfterLast(_ elements: [NodeID], _ closeStart: Int) -> Bool {
    guard let last = elements.last else { return false }
    return hasNewline(from: tree.range(last).end, to: closeStart)
  }
}
