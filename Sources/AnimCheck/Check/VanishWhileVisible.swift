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
/// animation takes the instance out of sight (`opacity` or a scale to 0).
extension WarningPass {
  func vanishWhileVisible(_ t: CheckedTemplate, emitter decl: NodeID, spawnBlock: NodeID?, duration: Double)
    -> [Diagnostic]
  {
    // The last animation to end, by its index in the body: an animation is a large value,
    // and this runs for every spawn of every file checked.
    var last: (end: Double, index: Int)? = nil
    for index in t.body.indices {
      switch t.body[index] {
      case .removeAfter: return []
      case .timeline(let item):
        // Groups and sequences have their own timing, not judged here.
        guard case .animation = item, let end = itemEnd(item) else { return [] }
        if last == nil || end >= last!.end { last = (end, index) }
      default: continue
      }
    }
    guard let (end, index) = last, end > 0, end < duration, case .timeline(.animation(let a)) = t.body[index],
      case .basic(_, let to, let by) = a.value, to != nil || by != nil
    else { return [] }
    for statement in t.body {
      if case .timeline(.animation(let other)) = statement, hidesInstance(other) { return [] }
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
          "the last is this `animate \(a.property.rawValue)` at \(file.lineColumn(a.range.start).line):\(file.lineColumn(a.range.start).column)",
        ],
        fixes: fixes)
    ]
  }

  /// An animation that ends with the instance out of sight: opacity or a scale to 0.
  private func hidesInstance(_ a: CheckedAnimation) -> Bool {
    guard a.property == .opacity || a.property == .scale || a.property == .scaleX || a.property == .scaleY,
      case .basic(_, let to?, _) = a.value,
      let v = fold(to), case .number(let n) = v
    else { return false }
    return a.property == .opacity ? n <= 0 : n == 0
  }
}
