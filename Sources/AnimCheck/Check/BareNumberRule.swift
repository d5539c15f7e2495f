import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

/// `animate rotationY from 0 to 180`: the values of one animation written without the
/// unit their property needs (§2). One error names them all, with one fix that adds the
/// unit to each, in place of an error (and a run) per value.
extension Checker {
  /// True after reporting, when two or more of `values` are bare number literals where
  /// `type` wants an Angle or a Duration. `values` is listed only for those two types
  /// (an `animate` of any other property builds no list).
  func reportBareNumbers(_ values: @autoclosure () -> [NodeID], expecting type: AnimType) -> Bool {
    let unit: String
    switch type {
    case .angle: unit = "deg"
    case .duration: unit = "s"
    default: return false
    }
    let bare = values().compactMap { v -> NodeID? in
      let literal = tree.kind(v) == .negate ? tree.child(v, 0) : v
      return tree.kind(literal) == .number && tree.unit(literal) == .none ? literal : nil
    }
    guard bare.count >= 2 else { return false }
    let written = bare.map { "`\(text($0))`" }.joined(separator: " and ")
    let fixed = bare.map { "`\(text($0))\(unit)`" }.joined(separator: " and ")
    error(
      SemanticCode.typeMismatch, "expected \(type.withArticle) for each value, found numbers: \(written)",
      at: tree.range(bare[0]),
      labels: bare.dropFirst().map { Label(tree.range($0), "also a number") },
      fixes: [
        Fix(
          "add a unit: \(fixed)",
          edits: bare.map { TextEdit(range: .at(tree.range($0).end), newText: unit) })
      ])
    return true
  }
}
