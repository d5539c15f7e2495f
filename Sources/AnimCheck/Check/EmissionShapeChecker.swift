import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// `randomPoint(in: SHAPE)` and `randomPoint(on: SHAPE)` (§15). The label chooses the
/// form and must be written. `in:` takes only a region it can fill uniformly, written in
/// the call: `circle(r)`, `ellipse(w, h)` or `rect(w, h)` without a corner; any other
/// shape is an error whose fix is `on:`, which takes every Shape and Path.
extension Checker {
  func checkRandomPoint(_ args: [Argument], _ id: NodeID, in scope: inout BlockScope) -> Typed {
    guard args.count == 1, let label = args[0].label, label == "in" || label == "on" else {
      let fixes: [Fix] =
        args.count == 1 && args[0].label == nil
        ? [
          .replace(SourceRange.at(tree.range(args[0].value).start), with: "in: ", "draw inside the shape: `in:`"),
          .replace(SourceRange.at(tree.range(args[0].value).start), with: "on: ", "draw on its outline: `on:`"),
        ] : []
      error(
        SemanticCode.missingArgument, "`randomPoint` takes one shape, labelled `in:` or `on:`", at: tree.range(id),
        fixes: fixes)
      for a in args { _ = check(a.value, expecting: nil, in: &scope) }
      return .error
    }
    let sig = Signature.randomPoint(labels: [label])
    let t = checkSignature(sig, args, id, in: &scope)
    guard !t.type.isError else { return t }
    let result = Typed(type: .point, stage: max(t.stage, .perRun), usesScene: t.usesScene)
    guard label == "in" else { return result }
    switch fillableRegion(args[0].value) {
    case .ellipse:
      return result
    case .rect:
      let first = loweringFacts.startCall()
      loweringFacts.addArgument(args[0].value)
      loweringFacts.endCall(.randomPointInRect, from: first, at: id)
      return result
    case nil:
      error(
        SemanticCode.badArgumentValue,
        "`randomPoint(in:)` fills `circle(r)`, `ellipse(w, h)` or `rect(w, h)` without a corner, written in the call",
        at: tree.range(args[0].value),
        fixes: [.replace(args[0].labelRange, with: "on", "draw on the shape's outline: `randomPoint(on:)`")])
      return .error
    }
  }

  enum FillableRegion { case ellipse, rect }

  /// The region `in:` fills when `node` is a call of `circle`, `ellipse`, or `rect` whose
  /// corner is left out or known to be 0; nil for anything else.
  func fillableRegion(_ node: NodeID) -> FillableRegion? {
    guard tree.kind(node) == .call else { return nil }
    let callee = tree.child(node, 0)
    guard facts.callForm(tree.symbol(callee), tree.name(callee)) == .signature,
      let builtin = facts.signature(tree.symbol(callee), tree.name(callee))?.builtin
    else { return nil }
    switch builtin {
    case .circle, .ellipse: return .ellipse
    case .rect:
      let exprs = loweredArguments(node)
      guard exprs.count < 3 else {
        guard let v = fold(exprs[2]), case .number(let corner) = v, corner == 0 else { return nil }
        return .rect
      }
      return .rect
    default: return nil
    }
  }
}
