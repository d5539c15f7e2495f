import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// Warnings: a pass of their own. Each rule reads what checking settled — the
/// declarations, a template's checked body, the scene's settings and input — and returns
/// the warnings it finds; none changes what checking decides or reports. The checker
/// asks at the points where each fact is settled, so warnings keep their place among the
/// other diagnostics. A class, made once per checker: a struct holding the tree and the
/// file was copied, field by field, at each rule's call through the checker.
final class WarningPass {
  let file: SourceFile
  let tree: SyntaxTree
  /// Values of constant times, for rules about when animations run.
  let folder: ConstantFolder
  /// To fold checked values and tell what a path is.
  let lowering: Lowering

  init(file: SourceFile, tree: SyntaxTree, folder: ConstantFolder, lowering: Lowering) {
    self.file = file
    self.tree = tree
    self.folder = folder
    self.lowering = lowering
  }

  /// A checked value's value now, when it is constant: never for one that draws at
  /// random, whose fold would be one draw of a stream the run does not use.
  func fold(_ value: CheckedExpr) -> Value? {
    // A literal number (most durations and delays) is its own value, as lowered: nothing
    // to lower or fold.
    if case .node(let id) = value, tree.kind(id) == .number { return .number(tree.numberLiteral(id).value) }
    if case .node(let id) = value, tree.firstPerRunCall(in: id) != nil { return nil }
    return folder.fold(lowering.lower(value))
  }
}

/// Warnings (§10): unused `let`s, instances that never leave, `max` that input will
/// overflow.
extension WarningPass {
  /// Top-level `let`s (in `order`) never used.
  func unusedLets(_ order: [Symbol], in declarations: DeclarationTable) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for symbol in order {
      guard let d = declarations[symbol], d.kind == .letValue, !declarations.isUsed(symbol), !d.type.isError,
        !d.name.hasPrefix("_")
      else {
        continue
      }
      found.append(
        .warning(
          SemanticCode.unusedLet, "`\(d.name)` is declared but never used", at: d.nameRange,
          fixes: [.replace(d.nameRange, with: "_" + d.name, "prefix it with `_` to keep it")]))
    }
    return found
  }

  /// A block's `let`s never used.
  func unusedLocals(_ locals: BlockLocals) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for (symbol, local) in locals where !locals.isUsed(symbol) && !tree.symbols[symbol].hasPrefix("_") {
      found.append(
        .warning(
          SemanticCode.unusedLet, "`\(tree.symbols[symbol])` is never used", at: local.range,
          fixes: [.replace(local.range, with: "_" + tree.symbols[symbol], "prefix it with `_` to keep it")]))
    }
    return found
  }

  /// A real-time spring with an `over` (the clause `over`) shorter than its settling
  /// time jumps at the end (§5).
  func unsettledSpring(_ over: NodeID?, _ timing: CheckedTiming) -> [Diagnostic] {
    // The curve first, as most are not springs; folded in place, as binding each optional
    // expression to a name first copied it.
    guard let over, case .timing(.spring(let spring))? = timing.timingFunction.flatMap(fold),
      spring.isRealTime, case .number(let duration)? = timing.duration.flatMap(fold)
    else { return [] }
    let settle = spring.settlingTime()
    guard settle > duration + 1e-9 else { return [] }
    return [
      .warning(
        SemanticCode.unsettledSpring,
        "this spring settles after \(JSONLimits.text((settle * 1000).rounded() / 1000))s, but the animation lasts \(JSONLimits.text(duration))s; it will jump to its end value",
        at: tree.range(over),
        fixes: [
          .replace(
            tree.range(tree.child(over, 0)), with: JSONLimits.text((settle * 100).rounded(.up) / 100) + "s",
            "lengthen it to the settling time")
        ])
    ]
  }

  /// A spawned instance with a `repeat forever` and no `remove after` lives until the run ends.
  func foreverWithoutRemove(_ t: CheckedTemplate) -> [Diagnostic] {
    let removes = t.body.contains { if case .removeAfter = $0 { return true } else { return false } }
    guard !removes else { return [] }
    for statement in t.body {
      guard case .timeline(let item) = statement, repeatsForever(item), case .animation(let a) = item else { continue }
      return [
        .warning(
          SemanticCode.foreverWithoutRemove, "spawned instances with a `repeat forever` animation are never removed",
          at: a.range, notes: ["each spawn stays until the run ends; add `remove after D` to the spawn block"])
      ]
    }
    return []
  }

  func repeatsForever(_ item: CheckedTimelineItem) -> Bool {
    switch item {
    case .animation(let a): if case .forever? = a.timing.repeatCount { return true } else { return false }
    case .group(let t, let children), .sequence(let t, let children):
      if case .forever? = t.repeatCount { return true }
      return children.contains(where: repeatsForever)
    }
  }

  /// Counts the spawns the input and the emitter's own triggers cause (every tap counted),
  /// times `burst`, against the longest an instance can live. `duration` and `input`
  /// are the scene's.
  func maxOverflow(_ e: CheckedEmitter, _ decl: NodeID, duration end: Double, input: [InputEvent]) -> [Diagnostic] {
    var times: [Double] = []
    func expand(_ period: Double, _ from: Double, _ until: Double?) {
      var t = from
      let stop = min(until ?? end, end)
      while t < stop && times.count < 1_000_000 {
        times.append(t)
        t += period
      }
    }
    let tapFires = e.triggers.contains { if case .tap = $0 { return true } else { return false } }
    if tapFires {
      for event in input {
        guard case .tap(_, let when) = event else { continue }
        switch when {
        case .at(let ts): times += ts.filter { $0 < end }
        case .every(let p, let f, let u): expand(p, f, u)
        }
      }
    }
    for trigger in e.triggers {
      switch trigger {
      case .at(let ts): times += ts.filter { $0 < end }
      case .every(let p, let f, let u): expand(p, f, u)
      case .tap, .birth, .death: break
      }
    }
    guard !times.isEmpty else { return [] }
    times.sort()
    let lifetime = longestLifetime(e.spawn) ?? .infinity
    guard lifetime > 0 else { return [] }  // removed at once: never live together
    var most = 0
    var lo = 0
    for hi in times.indices {
      while lo < hi && times[hi] - times[lo] >= lifetime { lo += 1 }
      most = max(most, hi - lo + 1)
    }
    let live = most * e.burst
    guard live > e.max else { return [] }
    let place = tree.children(tree.child(decl, 1)).first {
      tree.kind($0) == .command && tree.name(tree.child($0, 0)) == "max"
    }
    return [
      .warning(
        SemanticCode.maxOverflow,
        "the input can make \(live) instances of `\(e.name)` live at once, more than `max` \(e.max); the rest will be dropped",
        at: tree.range(place ?? tree.child(decl, 0)))
    ]
  }

  /// The latest end of an instance's animations, or its `remove after`, when constant.
  func longestLifetime(_ t: CheckedTemplate) -> Double? {
    var longest = 0.0
    for statement in t.body {
      switch statement {
      case .removeAfter(let e):
        guard let v = fold(e), case .number(let d) = v else { return nil }
        return d
      case .timeline(let item):
        guard let end = itemEnd(item) else { return nil }
        longest = max(longest, end)
      default: continue
      }
    }
    return longest == 0 ? nil : longest
  }

  /// delay + active duration of an item, when its clauses are constants.
  func itemEnd(_ item: CheckedTimelineItem) -> Double? {
    let timing: CheckedTiming
    var natural: Double? = nil
    switch item {
    case .animation(let a): timing = a.timing
    case .group(let t, let children):
      timing = t
      natural = children.compactMap(itemEnd).max() ?? 0
    case .sequence(let t, let children):
      timing = t
      natural = children.compactMap(itemEnd).reduce(0, +)
    }
    func number(_ e: CheckedExpr?) -> Double? {
      guard let e, let v = fold(e), case .number(let n) = v else { return nil }
      return n
    }
    let d = number(timing.duration) ?? natural
    guard let d else { return nil }
    let delay = number(timing.delay) ?? 0
    let k = timing.autoreverse ? 2.0 : 1.0
    switch timing.repeatCount {
    case .forever?: return nil
    case .count(let c)?: return number(c).map { delay + d * k * $0 }
    case .duration(let r)?: return number(r).map { delay + $0 }
    case nil: return delay + d * k
    }
  }
}
