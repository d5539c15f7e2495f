import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import Testing

/// The "entirely hidden" warning (§10, W0302) against the rule applied pair by pair
/// here: an animation is hidden when a later, non-additive animation of the same
/// property that does not read the value below it (v0.3: an omitted `from` reads it) is
/// in effect over the whole interval in which it is.
@Suite struct HiddenAnimationTests {
  struct Spec {
    var property: String
    /// Whole seconds, so that the sums the rule makes are exact in floating point as
    /// well as here (0.1 s + 0.2 s is not 0.3 s).
    var delay: Int
    var duration: Int
    var fill: String  // "", "forwards", "backwards", "both", "removed"
    var additive: Bool
    /// Written with `to` alone, so that it starts from the value below.
    var readsBelow = false

    var line: String {
      let to = property == "opacity" ? "0.5" : "10"
      let value = readsBelow ? "to \(to)" : "from 0 to \(to)"
      var s = "    animate \(property) \(value) over \(duration)s delay \(delay)s"
      if !fill.isEmpty { s += " fill .\(fill)" }
      if additive { s += " additive" }
      return s
    }

    /// The interval in effect: fill backwards reaches back to the start of time,
    /// forwards (the default) on to its end.
    var effect: (start: Double, end: Double) {
      let backwards = fill == "backwards" || fill == "both"
      let forwards = fill == "" || fill == "forwards" || fill == "both"
      return (backwards ? -.infinity : Double(delay), forwards ? .infinity : Double(delay + duration))
    }
  }

  /// The animations' lines (1-based) that the rule says are hidden.
  static func expected(_ specs: [Spec], firstLine: Int) -> [Int] {
    specs.indices.filter { i in
      let e = specs[i].effect
      return specs[(i + 1)...].contains { later in
        later.property == specs[i].property && !later.additive && !later.readsBelow
          && later.effect.start <= e.start
          && later.effect.end >= e.end
      }
    }.map { $0 + firstLine }
  }

  static func source(_ specs: [Spec]) -> String {
    "node n = circle(5) {\n" + specs.map(\.line).joined(separator: "\n") + "\n}\n"
  }

  @Test func randomBlocksAgreeWithThePairwiseRule() {
    var seed: UInt64 = 0x5EED
    func next(_ n: Int) -> Int {
      // A fixed sequence (SplitMix64), so a failure reproduces.
      seed &+= 0x9E37_79B9_7F4A_7C15
      var z = seed
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(n))
    }
    var warned = 0
    for _ in 0..<200 {
      let specs = (0..<(2 + next(12))).map { _ in
        Spec(
          property: ["x", "y", "opacity"][next(3)], delay: next(5), duration: 1 + next(4),
          fill: ["", "forwards", "backwards", "both", "removed"][next(5)], additive: next(4) == 0,
          readsBelow: next(4) == 0)
      }
      let file = SourceFile(name: "t.anim", text: Self.source(specs))
      let found = analyze(file).diagnostics.filter { $0.code == "W0302" }.map { file.lineColumn($0.range.start).line }
      let want = Self.expected(specs, firstLine: 2)
      #expect(found == want, "\(Self.source(specs))")
      warned += want.count
    }
    // The blocks are varied enough to hide some animations and not others.
    #expect(warned > 50)
  }
}
