import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import Testing

/// "Did you mean" for undefined names (`Checker.nearestName`): kept by spelling, locals
/// ahead of top-level names, and capped so that a file of thousands of undefined names
/// stays linear.
@Suite struct SuggestionTests {
  /// Each E0301's name and the replacement its fix offers ("" for none), in order.
  static func suggestions(_ source: String) -> [String] {
    analyze(SourceFile(name: "t.anim", text: source)).diagnostics
      .filter { $0.code == "E0301" }
      .map { $0.fixes.first?.edits.first?.newText ?? "" }
  }

  @Test func aRepeatedMistakeGetsTheSameFixEachTime() {
    let source = "let speed = 1\nlet a = sped\nlet b = sped + 1\nlet c = sped * 2\n"
    #expect(Self.suggestions(source) == ["speed", "speed", "speed"])
  }

  @Test func aLocalWinsATieWithATopLevelName() {
    // `rz` is one edit from both `rx` (local) and `ry` (top level).
    let source = """
      let ry = 2
      emitter e {
        every 1s
        spawn circle(1) {
          let rx = 1
          x rz
        }
      }
      let z = rz

      """
    // Inside the spawn the local is nearest; outside it, only the top-level name is seen.
    #expect(Self.suggestions(source) == ["rx", "ry"])
  }

  @Test func suggestionsStopOnceTheirShareIsSpent() {
    // 3,000 distinct undefined names against 3,000 declarations: 500,000 comparisons
    // allow about 160 of them a suggestion (the rest are still reported, without one).
    let source = (0..<3000).map { "let a\($0) = b\($0)\n" }.joined()
    let fixes = Self.suggestions(source)
    #expect(fixes.count == 3000)
    let suggested = fixes.filter { !$0.isEmpty }.count
    #expect(suggested > 100 && suggested < 400, "\(suggested)")
    // The first ones are offered their near miss: `b0` is one edit from `a0`.
    #expect(fixes.first == "a0")
  }
}
