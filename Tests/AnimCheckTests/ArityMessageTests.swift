import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import Testing

/// How a generic built-in's argument count is reported: the bound that was crossed.
@Suite struct ArityMessageTests {
  static func errors(_ source: String) -> [String] {
    analyze(SourceFile(name: "t.anim", text: source)).diagnostics.filter { $0.severity == .error }
      .map { "\($0.code) \($0.message)" }
  }

  @Test func exactCountsAndBoundsAreNamed() {
    #expect(Self.errors("let a = min(1)\n") == ["E0316 `min` takes 2 arguments, found 1"])
    #expect(Self.errors("let a = abs(1, 2)\n") == ["E0317 `abs` takes 1 argument, found 2"])
    #expect(Self.errors("let a = choose()\n") == ["E0316 `choose` takes at least 1 argument, found 0"])
    let many = "let a = choose(" + Array(repeating: "1", count: 10_001).joined(separator: ", ") + ")\n"
    #expect(Self.errors(many) == ["E0317 `choose` takes at most 10000 arguments, found 10001"])
  }
}
