import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// A spawned heart that pops (`animate scale to 1.2 over 0.3s`) vanishes as soon as that
/// animation ends (§6.4: a spawn without `remove after` lives until its last finite
/// animation ends), although it is still visible then. Warned at the emitter, naming the
/// rule, with the fix `remove after` the scene's duration (kept until the run ends):
/// when no `remove after` is written, the last animation to end is a `to`/`by`, and no
/// animation takes the instance out of sight (`opacity` or a scale to 0). The last
/// animation may be a child's: the instance lives until its whole subtree's last ends.
extension WarningPass {
  func vanishWhileVisible(_ t: CheckedTemplate, emitter decl: NodeID, spawnBlock: NodeID?, duration: Double)
    -> [Diagnostic]
  {
    if t.body.contains(where: { if case .removeAfter = $0 { true } else { false } }) { return [] }
    // A spawn lives until the last finite animation of its whole subtree ends (§14).
    guard case .animation(let end, let item) = lastAnimation(in: t, after: 0), end > 0, end < duration,
      let last = target(of: item), last.to != nil || last.by != nil
    else { return [] }
    for statement in t.body {
      if case .timeline(let other) = statement, hidesInstance(other) { return [] }
    }
    let name = tree.name(tree.child(decl, 0))
    let keep = "remove after \(JSONLimits.text(duration))s"
    var fixes: [Fix] = []
    if let block = spawnBlock {
      let close = tree.range(block).end - 1
      fixes = [.replace(.at(close), with: "  \(keep)\n  ", "keep each instance until the run ends: `\(keep)`")]
    }
    return [
      .warning(
        SemanticCode.vanishWhileVisible,
        "`\(name)`'s instances vanish at \(JSONLimits.text(end))s, when their last animation ends, while still visible",
        at: tree.range(tree.child(decl, 0)),
        notes: [
          "a spawn without `remove after` is removed when its last finite animation ends (§6.4)",
          "the last is this `animate \(last.property.rawValue)` at \(file.lineColumn(last.start).line):\(file.lineColumn(last.start).column)",
        ],
        fixes: fixes)
    ]
  }

  /// What ends last in a subtree: nothing, an animation and its end, or something that
  /// is not judged here (a group or sequence has its own timing; an `at` that is not
  /// constant).
  ///
  /// The animation is held as its timeline item, an `.animation`: copying an item
  /// retains its box, while binding the animation out of it copies every field (about
  /// 500 instructions, per animation of every spawn).
  private enum LastEnd {
    case nothing
    case animation(end: Double, CheckedTimelineItem)
    case unjudged
  }

  /// The last animation to end in `t`'s subtree, `offset` seconds after the spawn (each
  /// child appears its `at` after its parent, §14).
  private func lastAnimation(in t: CheckedTemplate, after offset: Double) -> LastEnd {
    var last = LastEnd.nothing
    func later(_ end: Double, than current: LastEnd) -> Bool {
      if case .animation(let e, _) = current { return end >= e }
      return true
    }
    for statement in t.body {
      guard case .timeline(let item) = statement else { continue }
      guard case .animation = item, let end = itemEnd(item).map({ offset + $0 }) else { return .unjudged }
      if later(end, than: last) { last = .animation(end: end, item) }
    }
    for child in t.children {
      var appears = offset
      for case .appearAt(let at) in child.body {
        guard case .number(let seconds)? = fold(at) else { return .unjudged }
        appears = offset + seconds
      }
      switch lastAnimation(in: child, after: appears) {
      case .nothing: continue
      case .unjudged: return .unjudged
      case .animation(let end, let a): if later(end, than: last) { last = .animation(end: end, a) }
      }
    }
    return last
  }

  /// An animation that ends with the instance out of sight: opacity or a scale to 0.
  private func hidesInstance(_ item: CheckedTimelineItem) -> Bool {
    guard let a = target(of: item),
      a.property == .opacity || a.property == .scale || a.property == .scaleX || a.property == .scaleY,
      let to = a.to, let v = fold(to), case .number(let n) = v
    else { return false }
    return a.property == .opacity ? n <= 0 : n == 0
  }

  /// A `from`/`to`/`by` animation's property, `to`, `by` and where it starts, read in
  /// place: the few fields this warning needs, not a copy of the whole animation.
  private func target(of item: CheckedTimelineItem)
    -> (property: Property, to: CheckedExpr?, by: CheckedExpr?, start: Int)?
  {
    guard case .animation(let a) = item, case .basic(_, let to, let by) = a.value else { return nil }
    return (a.property, to, by, a.range.start)
  }
}
