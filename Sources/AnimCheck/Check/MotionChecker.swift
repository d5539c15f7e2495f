import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// `animate position with MOTION over D` (§15): position only, a physical time (no
/// `timing`, `repeat`, `autoreverse`, `cumulative`), coefficients 0 or at least 0.001,
/// and an `over` of at most 24 h.
extension Checker {
  func checkMotionValue(
    _ property: Property, _ with: NodeID, _ c: Clauses, _ stmt: NodeID, in scope: inout BlockScope
  ) -> CheckedAnimationValue? {
    var ok = true
    if property != .position {
      let name = tree.child(stmt, 0)
      error(
        SemanticCode.motionNotPosition, "`with` moves `position`; it cannot animate `\(property.rawValue)`",
        at: tree.range(with),
        fixes: tree.kind(name) == .name ? [.replace(tree.range(name), with: "position", "animate `position`")] : [])
      ok = false
    }
    for w in [Word.timing, .repeat, .autoreverse, .cumulative] {
      guard let clause = c[w] else { continue }
      error(
        SemanticCode.clauseWithMotion, "`\(w.spelling)` does not apply to a motion: its time is physical",
        at: tree.range(clause), notes: ["a motion runs in scene time from its begin to the end of `over`"],
        fixes: [.replace(tree.range(clause), with: "", "remove `\(w.spelling)`")])
      ok = false
    }
    if let over = c[.over], !checkMotionDuration(tree.child(over, 0), in: scope) { ok = false }
    let value = tree.child(with, 0)
    let t = check(value, expecting: .motion, in: &scope)
    guard !t.type.isError else { return nil }
    if tree.kind(value) == .call && tree.name(tree.child(value, 0)) == "motion" {
      for arg in arguments(value) where arg.label == "damping" || arg.label == "attraction" {
        if !checkMotionCoefficient(arg.value, arg.label ?? "", in: scope) { ok = false }
      }
    }
    guard ok else { return nil }
    var rotation = AlongRotation.none
    checkEnumClause(c[.rotate], .alongRotation) { rotation = $0 == "auto" ? .auto : .autoReverse }
    return .motion(.node(value), rotation)
  }

  /// The constant Number of `id` (its diagnostics are the main check's), or nil.
  private func quietConstant(_ id: NodeID, _ type: AnimType, in scope: BlockScope) -> Double? {
    var s = scope
    let before = diagnostics.count
    let t = check(id, expecting: type, in: &s)
    diagnostics.removeSubrange(before...)
    return constantNumber(t, at: id)
  }

  /// §15: k and s are each 0 or at least 0.001.
  private func checkMotionCoefficient(_ id: NodeID, _ label: String, in scope: BlockScope) -> Bool {
    guard let x = quietConstant(id, .number, in: scope) else { return true }
    guard x < 0 || (x > 0 && x < Motion.minimumCoefficient) else { return true }
    let replacement = x < 0 ? "0" : "0.001"
    error(
      SemanticCode.badMotionCoefficient, "a motion's `\(label):` is 0 or at least 0.001, found \(JSONLimits.text(x))",
      at: tree.range(id),
      notes: [x < 0 ? "a negative \(label) would make the motion grow without bound" : "use 0 for none"],
      fixes: [.replace(tree.range(id), with: replacement, "use \(replacement)")])
    return false
  }

  /// §15: a motion's `over` is at most 24 h.
  private func checkMotionDuration(_ id: NodeID, in scope: BlockScope) -> Bool {
    guard let d = quietConstant(id, .duration, in: scope), d > Motion.longestDuration else { return true }
    error(
      SemanticCode.motionTooLong, "a motion lasts at most 24 h (86400s), found \(JSONLimits.text(d))s",
      at: tree.range(id),
      fixes: [.replace(tree.range(id), with: "86400s", "use `86400s`")])
    return false
  }
}
