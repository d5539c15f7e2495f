import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// `input { tap …; pause at T; resume at T; speed S at T }` (§3, §8): constant times.
extension Checker {
  func checkInput() {
    let blocks = tree.children(tree.root).filter { tree.kind($0) == .inputDecl }
    for extra in blocks.dropFirst() {
      error(
        SemanticCode.duplicateBlock, "a file has at most one `input` block", at: tree.range(extra),
        labels: [Label(tree.range(blocks[0]), "the first one")])
    }
    guard let input = blocks.first, let block = tree.optionalChild(input, 0) else { return }
    var drags: [(drag: ScriptedDrag, range: SourceRange)] = []
    defer { reportOverlaps(drags) }
    for stmt in tree.children(block) {
      if tree.kind(stmt) == .dragInput {
        if let drag = checkDrag(stmt) {
          drags.append((drag, tree.range(stmt)))
          scene.input.append(.drag(drag))
        }
        continue
      }
      guard tree.kind(stmt) == .inputEvent else {
        if !tree.kind(stmt).isError {
          error(
            SemanticCode.misplacedStatement,
            "the `input` block holds `tap`, `drag`, `pause`, `resume` and `speed` events",
            at: tree.range(stmt))
        }
        continue
      }
      if let event = checkInputEvent(stmt) { scene.input.append(event) }
    }
  }

  func checkInputEvent(_ stmt: NodeID) -> InputEvent? {
    let head = tree.name(stmt)
    let whenNode = tree.child(stmt, 1)
    let when: InputEvent.When
    switch tree.kind(whenNode) {
    case .at: when = .at(constantTimes(whenNode))
    case .every:
      guard let e = checkEvery(whenNode) else { return nil }
      when = .every(period: e.period, from: e.from, until: e.until)
    default: return nil
    }
    let subject = tree.optionalChild(stmt, 0)
    switch head {
    case "tap":
      var target = InputEvent.Target.none
      if let subject {
        if tree.kind(subject) == .name {
          guard let i = singleNodeIndex(subject, use: "`tap \(tree.name(subject))` in `input`") else { return nil }
          target = .node(i)
        } else {
          guard let p = constantValue(subject, .point, what: "a tap point", scope: .constant) else { return nil }
          target = .point(p.point)
        }
      }
      return .tap(target, when)
    case "pause", "resume", "speed":
      guard case .at(let times) = when, times.count == 1 else {
        error(SemanticCode.misplacedStatement, "`\(head)` happens once: `\(head) at T`", at: tree.range(stmt))
        return nil
      }
      if head == "speed" {
        guard let subject, let s = constantValue(subject, .number, what: "the speed", scope: .constant) else {
          error(SemanticCode.missingArgument, "`speed` needs a factor: `speed 2 at 1s`", at: tree.range(stmt))
          return nil
        }
        // Scene time must not race ahead of run time: with `every` ≥ 1 ms, this bounds
        // the events between two frames. Negative speeds would act as 0 (§8's clock never
        // runs backwards), so they are refused rather than silently paused.
        guard s.number >= 0 && s.number <= 1000 else {
          error(
            SemanticCode.outOfLimits, "`speed` must lie in 0…1000, found \(JSONLimits.text(s.number))",
            at: tree.range(subject))
          return nil
        }
        return .speed(s.number, at: times[0])
      }
      if let subject {
        error(SemanticCode.extraArgument, "`\(head)` takes only a time", at: tree.range(subject))
        return nil
      }
      return head == "pause" ? .pause(at: times[0]) : .resume(at: times[0])
    default: return nil
    }
  }

  /// `drag TARGET to Q over D at T [timing F]` (§16): constant values.
  func checkDrag(_ stmt: NodeID) -> ScriptedDrag? {
    let subject = tree.child(stmt, 0)
    let from: InputEvent.Target
    if tree.kind(subject) == .name {
      guard let i = singleNodeIndex(subject, use: "`drag \(tree.name(subject))` in `input`") else { return nil }
      from = .node(i)
    } else {
      guard let p = constantValue(subject, .point, what: "the drag's start", scope: .constant) else { return nil }
      from = .point(p.point)
    }
    guard let to = constantValue(tree.child(stmt, 1), .point, what: "the drag's end", scope: .constant),
      let over = constantValue(tree.child(stmt, 2), .duration, what: "the drag's duration", scope: .constant),
      let at = constantValue(tree.child(stmt, 3), .duration, what: "the drag's time", scope: .constant)
    else { return nil }
    var timing = TimingFunction.linear
    if let f = tree.optionalChild(stmt, 4) {
      guard case .timing(let t)? = constantValue(f, .timing, what: "the drag's timing", scope: .constant) else {
        return nil
      }
      timing = t
    }
    guard over.number >= 0, at.number >= 0 else {
      error(SemanticCode.negativeDuration, "a drag's `over` and `at` must be ≥ 0", at: tree.range(stmt))
      return nil
    }
    return ScriptedDrag(from: from, to: to.point, duration: over.number, at: at.number, timing: timing)
  }

  /// Scripted drags may not overlap (§16), and there are at most 10,000.
  func reportOverlaps(_ drags: [(drag: ScriptedDrag, range: SourceRange)]) {
    if drags.count > 10_000 {
      error(
        SemanticCode.outOfLimits, "a scene has at most 10,000 scripted drags, found \(drags.count)",
        at: drags[10_000].range)
    }
    let sorted = drags.sorted { $0.drag.at < $1.drag.at }
    for (a, b) in zip(sorted, sorted.dropFirst()) where b.drag.at < a.drag.at + a.drag.duration {
      error(
        SemanticCode.overlappingDrags, "this drag begins before the one before it ends", at: b.range,
        labels: [Label(a.range, "ends at \(JSONLimits.text(a.drag.at + a.drag.duration))s")],
        notes: ["one finger drags at a time: start it at or after the release"])
    }
  }
}
