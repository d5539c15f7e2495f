import AnimMath
import AnimSyntax

/// Warnings (§10): unused `let`s, instances that never leave, `max` that input will
/// overflow.
extension Checker {
  func warnUnusedLets() {
    for symbol in order {
      guard let d = declarations[symbol], d.kind == .letValue, !declarations.isUsed(symbol), !d.type.isError,
        !d.name.hasPrefix("_")
      else {
        continue
      }
      warning(
        SemanticCode.unusedLet, "`\(d.name)` is declared but never used", at: d.nameRange,
        fixes: [.replace(d.nameRange, with: "_" + d.name, "prefix it with `_` to keep it")])
    }
  }

  /// A spawned instance with a `repeat forever` and no `remove after` lives until the run ends.
  func warnForeverWithoutRemove(_ t: NodeTemplate) {
    let removes = t.body.contains { if case .removeAfter = $0 { return true } else { return false } }
    guard !removes else { return }
    for statement in t.body {
      guard case .timeline(let item) = statement, repeatsForever(item), case .animation(let a) = item else { continue }
      warning(
        SemanticCode.foreverWithoutRemove, "spawned instances with a `repeat forever` animation are never removed",
        at: a.range, notes: ["each spawn stays until the run ends; add `remove after D` to the spawn block"])
      return
    }
  }

  func repeatsForever(_ item: TimelineItem) -> Bool {
    switch item {
    case .animation(let a): if case .forever? = a.timing.repeatCount { return true } else { return false }
    case .group(let t, let children), .sequence(let t, let children):
      if case .forever? = t.repeatCount { return true }
      return children.contains(where: repeatsForever)
    }
  }

  /// Counts the spawns the input and the emitter's own triggers cause (every tap counted),
  /// times `burst`, against the longest an instance can live.
  func warnMaxOverflow(_ e: EmitterTemplate, _ decl: NodeID) {
    let end = ir.settings.duration
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
      for event in ir.input {
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
      case .tap: break
      }
    }
    guard !times.isEmpty else { return }
    times.sort()
    let lifetime = longestLifetime(e.spawn) ?? .infinity
    guard lifetime > 0 else { return }  // removed at once: never live together
    var most = 0
    var lo = 0
    for hi in times.indices {
      while lo < hi && times[hi] - times[lo] >= lifetime { lo += 1 }
      most = max(most, hi - lo + 1)
    }
    let live = most * e.burst
    guard live > e.max else { return }
    let place = tree.children(tree.child(decl, 1)).first {
      tree.kind($0) == .command && tree.name(tree.child($0, 0)) == "max"
    }
    warning(
      SemanticCode.maxOverflow,
      "the input can make \(live) instances of `\(e.name)` live at once, more than `max` \(e.max); the rest will be dropped",
      at: tree.range(place ?? tree.child(decl, 0)))
  }

  /// The latest end of an instance's animations, or its `remove after`, when constant.
  func longestLifetime(_ t: NodeTemplate) -> Double? {
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
  func itemEnd(_ item: TimelineItem) -> Double? {
    let timing: Timing
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
    func number(_ e: Expr?) -> Double? {
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
