import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// The unit algebra of §2: `Q ± Q → Q`, `Q * Number`, `Q / Number`, `Q / Q → Number`.
extension Checker {
  func checkBinary(_ id: NodeID, in scope: inout BlockScope) -> Typed {
    let op = tree.binaryOperator(id)
    let lhsNode = tree.child(id, 0)
    let rhsNode = tree.child(id, 1)
    let a = check(lhsNode, expecting: nil, in: &scope)
    let b = check(rhsNode, expecting: nil, in: &scope)
    if a.type.isError || b.type.isError { return .error }
    guard let result = resultType(op, a.type, b.type) else {
      reportOperands(op, a.type, b.type, lhsNode, rhsNode, at: tree.range(id))
      return .error
    }
    return Typed(type: result, stage: max(a.stage, b.stage), usesScene: a.usesScene || b.usesScene)
  }

  func resultType(_ op: BinaryOperator, _ a: AnimType, _ b: AnimType) -> AnimType? {
    switch op {
    case .add, .subtract:
      return a == b && (a == .number || a.isQuantity) ? a : nil
    case .multiply:
      if a == .number && b == .number { return .number }
      if a.isQuantity && b == .number { return a }
      if a == .number && b.isQuantity { return b }
      return nil
    case .divide:
      if a == .number && b == .number { return .number }
      if a.isQuantity && b == .number { return a }
      if a == b && (a == .duration || a == .angle) { return .number }
      return nil
    case .less, .lessEqual, .greater, .greaterEqual:
      // §16: two Numbers, Durations or Angles.
      return a == b && (a == .number || a == .duration || a == .angle) ? .bool : nil
    }
  }

  /// Names both types, and offers a unit when a bare literal meets a quantity.
  func reportOperands(
    _ op: BinaryOperator, _ a: AnimType, _ b: AnimType, _ lhs: NodeID, _ rhs: NodeID, at range: SourceRange
  ) {
    let verb: String
    switch op {
    case .add: verb = "add \(a) and \(b)"
    case .subtract: verb = "subtract \(b) from \(a)"
    case .multiply: verb = "multiply \(a) by \(b)"
    case .divide: verb = "divide \(a) by \(b)"
    case .less, .lessEqual, .greater, .greaterEqual: verb = "compare \(a) with \(b) by `\(op.spelling)`"
    }
    var fixes: [Fix] = []
    if op == .add || op == .subtract {
      if a == .number && b.isQuantity { fixes = unitFix(for: lhs, found: a, expected: b) }
      if b == .number && a.isQuantity { fixes = unitFix(for: rhs, found: b, expected: a) }
    }
    var notes: [String] = []
    if op == .multiply && a == b && a.isQuantity {
      notes.append("\(a.withArticle) can be multiplied only by a Number")
    }
    error(SemanticCode.badOperands, "cannot \(verb)", at: range, notes: notes, fixes: fixes)
  }
}
