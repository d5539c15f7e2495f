import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// §10: an animation is entirely hidden when a later, non-additive animation of the same
/// property that does not read the value below it is in effect (active or filling) over
/// the whole interval in which the earlier one is. Only animations whose timing is
/// constant can be judged.
extension WarningPass {
  /// When an animation is in effect, relative to its instance's creation.
  struct Effect {
    var start: Double
    var end: Double
  }

  func hiddenAnimations(in body: [CheckedStatement]) -> [Diagnostic] {
    // Most blocks animate each property at most once, and then nothing can be hidden:
    // find that out without copying the animations.
    var seen: UInt32 = 0
    var repeated = false
    for statement in body {
      guard let property = statement.animatedProperty else { continue }
      let bit = UInt32(1) << UInt32(Property.all.firstIndex(of: property) ?? 0)
      if seen & bit != 0 {
        repeated = true
        break
      }
      seen |= bit
    }
    guard repeated else { return [] }
    let animations: [CheckedAnimation] = body.compactMap {
      if case .timeline(.animation(let a)) = $0 { return a }
      return nil
    }
    var byProperty: [Property: [Int]] = [:]
    for (i, a) in animations.enumerated() { byProperty[a.property, default: []].append(i) }
    var hidden: [Int] = []
    for indices in byProperty.values where indices.count > 1 {
      hidden += hiddenAnimations(indices.map { animations[$0] }).map { indices[$0] }
    }
    return hidden.sorted().map { i in
      .warning(
        SemanticCode.hiddenAnimation,
        "this animation of `\(animations[i].property.rawValue)` is entirely hidden by a later one",
        at: animations[i].range,
        notes: [
          "a later animation replaces the value below it for as long as it is in effect; make one `additive`, or give them separate times"
        ])
    }
  }

  /// Which of `animations` (one property's, in source order) a later non-additive one
  /// covers: one whose effect starts no later and ends no earlier. Taken from the last
  /// back, with the latest end among the later ones' starts up to each start kept in a
  /// tree (`LatestEnds`): comparing every pair took time in the square of their number.
  func hiddenAnimations(_ animations: [CheckedAnimation]) -> [Int] {
    // Folding the timing is the costly part: each effect once. NaN cannot be judged.
    let effects = animations.map { a in effect(a).flatMap { $0.start.isNaN || $0.end.isNaN ? nil : $0 } }
    let starts = Array(Set(effects.compactMap { $0?.start })).sorted()
    var later = LatestEnds(count: starts.count)
    var hidden: [Int] = []
    for i in animations.indices.reversed() {
      guard let e = effects[i] else { continue }
      // The rank of the last start at or before e.start: e's own start is among them.
      let rank = starts.partitionPoint { $0 > e.start } - 1
      if later.latestEnd(throughRank: rank) >= e.end { hidden.append(i) }
      if !animations[i].additive && !readsValueBelow(animations[i]) { later.insert(end: e.end, atRank: rank) }
    }
    return hidden
  }

  func effect(_ a: CheckedAnimation) -> Effect? {
    guard let end = itemEnd(.animation(a)) else {
      // Repeats forever: active from its begin to the end of time.
      guard case .forever? = a.timing.repeatCount else { return nil }
      let delay = a.timing.delay.flatMap(fold).map(\.number) ?? 0
      let backwards = a.timing.fill == .backwards || a.timing.fill == .both
      return Effect(start: backwards ? -.infinity : delay, end: .infinity)
    }
    let delay = a.timing.delay.flatMap(fold).map(\.number) ?? 0
    let backwards = a.timing.fill == .backwards || a.timing.fill == .both
    let forwards = a.timing.fill == .forwards || a.timing.fill == .both
    return Effect(start: backwards ? -.infinity : delay, end: forwards ? .infinity : end)
  }
}

extension Property {
  /// Every property once, for a bit per property (`allCases` makes a new array each time).
  static let all = Property.allCases
}

extension IRForm.BlockStatement {
  /// The property of a top-level `animate` statement (nil for anything else).
  var animatedProperty: Property? {
    guard case .timeline(let item) = self, case .animation(let a) = item else { return nil }
    return a.property
  }
}

/// The latest end among the effects inserted so far whose start's rank is at most r: a
/// Fenwick tree over the ranks of the starts, keeping maxima.
struct LatestEnds {
  private var tree: [Double]

  init(count: Int) { tree = [Double](repeating: -.infinity, count: count + 1) }

  mutating func insert(end: Double, atRank rank: Int) {
    var i = rank + 1
    while i < tree.count {
      tree[i] = max(tree[i], end)
      i += i & -i
    }
  }

  func latestEnd(throughRank rank: Int) -> Double {
    var i = rank + 1
    var latest = -Double.infinity
    while i > 0 {
      latest = max(latest, tree[i])
      i -= i & -i
    }
    return latest
  }
}

extension Array where Element == Double {
  /// The first index whose element satisfies `belongs`, for a sorted array where those
  /// that do all come after those that do not.
  fileprivate func partitionPoint(_ belongs: (Double) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if belongs(self[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}

extension Builtin {
  /// The built-ins that make a path.
  static let paths: Set<Builtin> = Set(Builtin.allCases.filter { $0.spec.kind == .path })
}

extension WarningPass {
  /// Whether the animation starts from the value below it, so that the one below still
  /// shows through it (§10 v0.3): an omitted `from` (with `to`, or `by` alone) and a path
  /// whose `from:` was omitted read it; an explicit `from`, keyframes and a path with its
  /// own start do not. A path held in a block's `let` cannot be told apart here, and is
  /// taken to read it, so that no warning is given wrongly.
  func readsValueBelow(_ a: CheckedAnimation) -> Bool {
    switch a.value {
    case .basic(let from, _, _): return from == nil
    case .keyframes: return false
    // p₀ is the value below at the motion's begin (§15).
    case .motion: return true
    case .along(let path, _, _):
      switch lowering.lower(path) {
      case .call(let builtin, let args, _) where Builtin.paths.contains(builtin):
        if case .instanceStart? = args.first { return true }
        return false
      case .pathLiteral, .global, .constant: return false
      default: return true
      }
    }
  }
}
