import AnimMath
import AnimSyntax

/// §10: an animation is entirely hidden when a later, non-additive animation of the same
/// property is in effect (active or filling) over the whole interval in which the
/// earlier one is. Only animations whose timing is constant can be judged.
extension Checker {
  /// When an animation is in effect, relative to its instance's creation.
  struct Effect {
    var start: Double
    var end: Double
  }

  func warnHiddenAnimations(_ body: [BlockStatement]) {
    // Most blocks animate each property at most once, and then nothing can be hidden:
    // find that out without copying the animations.
    var seen: UInt32 = 0
    var repeated = false
    for statement in body {
      guard let property = statement.animatedProperty else { continue }
      let bit = UInt32(1) << UInt32(BlockStatement.properties.firstIndex(of: property) ?? 0)
      if seen & bit != 0 {
        repeated = true
        break
      }
      seen |= bit
    }
    guard repeated else { return }
    let animations: [Animation] = body.compactMap {
      if case .timeline(.animation(let a)) = $0 { return a }
      return nil
    }
    // Each animation's effect at most once, and only for animations that share a property
    // with a later one: folding the timing is the costly part, and most blocks animate
    // each property once.
    var effects = [Effect??](repeating: nil, count: animations.count)
    func effectOf(_ i: Int) -> Effect? {
      if let known = effects[i] { return known }
      let e = effect(animations[i])
      effects[i] = .some(e)
      return e
    }
    for (i, earlier) in animations.enumerated() {
      var e: Effect? = nil
      for j in (i + 1)..<animations.count where animations[j].property == earlier.property && !animations[j].additive {
        if e == nil {
          guard let first = effectOf(i) else { break }
          e = first
        }
        guard let e, let l = effectOf(j), l.start <= e.start, l.end >= e.end else { continue }
        warning(
          SemanticCode.hiddenAnimation,
          "this animation of `\(earlier.property.rawValue)` is entirely hidden by a later one",
          at: earlier.range,
          notes: [
            "a later animation replaces the value below it for as long as it is in effect; make one `additive`, or give them separate times"
          ])
        break
      }
    }
  }

  func effect(_ a: Animation) -> Effect? {
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

extension BlockStatement {
  /// Every property once, for a bit per property (`allCases` makes a new array each time).
  static let properties = Property.allCases

  /// The property of a top-level `animate` statement (nil for anything else).
  var animatedProperty: Property? {
    guard case .timeline(let item) = self, case .animation(let a) = item else { return nil }
    return a.property
  }
}
