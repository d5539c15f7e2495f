import AnimSyntax

/// §16's statements: `on drag { … }`, `on release [if C] { … } [else { … }]`,
/// `live PROP EXPR`, `emit E`, and `drag T to Q over D at T [timing F]`.
extension Printer {
  mutating func printDragStatement(_ s: NodeID) {
    switch tree.kind(s) {
    case .onDrag:
      take()  // on
      out.space()
      take()  // drag
      out.space()
      printBlock(tree.child(s, 0))
    case .onRelease:
      take()  // on
      out.space()
      take()  // release
      if let condition = tree.optionalChild(s, 0) {
        out.space()
        take()  // if
        out.space()
        printExpression(condition)
      }
      out.space()
      printBlock(tree.child(s, 1))
      if let otherwise = tree.optionalChild(s, 2) {
        out.space()
        take()  // else
        out.space()
        printBlock(otherwise)
      }
    case .live:
      take()  // live
      for k in 0..<2 {
        out.space()
        printExpression(tree.child(s, k))
      }
    case .emit:
      take()
      out.space()
      printExpression(tree.child(s, 0))
    case .dragInput:
      take()  // drag
      out.space()
      printExpression(tree.child(s, 0))
      for k in 1..<4 {
        out.space()
        take()  // to, over, at
        out.space()
        printExpression(tree.child(s, k))
      }
      if let timing = tree.optionalChild(s, 4) {
        out.space()
        take()  // timing
        out.space()
        printExpression(timing)
      }
    default:
      failed = true
    }
  }
}
