import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// `keyframes k0: v0 [T0], …` (§6.5): constant key times, 0 first, 1 last, strictly
/// increasing; values of the property's type; segment timings.
extension Checker {
  func checkKeyframes(_ clause: NodeID, _ type: AnimType, _ c: Clauses, in scope: inout BlockScope)
    -> CheckedAnimationValue?
  {
    let list = tree.children(clause)
    var frames: [CheckedKeyframe] = []
    frames.reserveCapacity(list.count)  // one allocation, not one per doubling
    var ok = true
    var previous: (key: Double, node: NodeID)? = nil
    for (i, kf) in list.enumerated() where tree.kind(kf) == .keyframe {
      let keyNode = tree.child(kf, 0)
      var keyScope = BlockScope(.constant)
      let kt = check(keyNode, expecting: .number, in: &keyScope)
      let vt = check(tree.child(kf, 1), expecting: type, in: &scope)
      var timing: CheckedExpr? = nil
      if let tnode = tree.optionalChild(kf, 2) {
        let tt = check(tnode, expecting: .timing, in: &scope)
        if tt.type.isError { ok = false }
        timing = .node(tnode)
      }
      guard !kt.type.isError, !vt.type.isError else {
        ok = false
        continue
      }
      guard let key = constantNumber(kt, at: keyNode) else {
        error(SemanticCode.notConstant, "a key time must be a constant number in 0…1", at: tree.range(keyNode))
        ok = false
        continue
      }
      let range = tree.range(keyNode)
      if i == 0 && key != 0 {
        error(
          SemanticCode.badKeyTimes, "the first key time must be 0, found \(JSONLimits.text(key))", at: range,
          fixes: [.replace(range, with: "0", "start at 0")])
        ok = false
      } else if i == list.count - 1 && key != 1 {
        error(
          SemanticCode.badKeyTimes, "the last key time must be 1, found \(JSONLimits.text(key))", at: range,
          fixes: [.replace(range, with: "1", "end at 1")])
        ok = false
      } else if key < 0 || key > 1 {
        error(SemanticCode.badKeyTimes, "key times lie in 0…1 (or 0%…100%), found \(JSONLimits.text(key))", at: range)
        ok = false
        continue  // an out-of-range key is no reference for the next one
      } else if let previous, key <= previous.key {
        error(
          SemanticCode.badKeyTimes,
          "key times must increase: \(JSONLimits.text(key)) comes after \(JSONLimits.text(previous.key))",
          at: range, labels: [Label(tree.range(previous.node), "the previous key time")])
        ok = false
      }
      previous = (key, keyNode)
      frames.append(CheckedKeyframe(key: key, value: .node(tree.child(kf, 1)), timing: timing))
    }
    if ok && frames.count < 2 {
      error(
        SemanticCode.badKeyTimes, "keyframes need at least two values, at key times 0 and 1", at: tree.range(clause))
      ok = false
    }
    var interpolation = KeyframeInterpolation.linear
    checkEnumClause(c[.interpolate], .interpolation) { name in
      switch name {
      case "discrete": interpolation = .discrete
      case "paced": interpolation = .paced
      case "cubic": interpolation = .cubic
      case "spline": interpolation = .spline
      default: interpolation = .linear
      }
    }
    return ok ? .keyframes(frames, interpolation) : nil
  }
}
