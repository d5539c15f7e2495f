import AnimSource
import AnimSyntax
import Testing

/// §1: a clause on the line after a one-line `animate` is one E0207 with the fix "join
/// the lines or use the block form", whatever the clause — `timing` included, though it
/// also starts a declaration — and nothing follows from it.
@Suite struct ClauseOnNextLineTests {
  /// Every clause and value word of §6's grammar, each with a value it may take.
  static let clauses = [
    "from 0", "to 1", "by 0.5", "over 2s", "delay 1s", "timing easeIn", "timing pop", "timing spring(damping: 0.5)",
    "repeat 2", "repeat forever", "repeat for 4s", "autoreverse", "fill .both", "additive", "cumulative",
    "interpolate .cubic", "pacing .linear", "rotate .auto", "keyframes 0: 0, 1: 1", "along flight",
  ]

  static func scene(_ clause: String) -> String {
    """
    timing pop = spring(damping: 0.6, velocity: 0.8)
    node dot = circle(8) {
      animate opacity to 0.5 over 1s
        \(clause)
      fill #FF2D55
    }
    node other = circle(4) { position (10, 10) }
    """
  }

  @Test("a clause on the next line is one E0207 and nothing more", arguments: clauses)
  func oneError(clause: String) throws {
    let file = SourceFile(name: "next-line.anim", bytes: Array(Self.scene(clause).utf8))
    let result = Parser.parse(file)
    let found = result.diagnostics.map { "\($0.expected(in: file)) \($0.message)" }
    try #require(result.diagnostics.count == 1, "\(found)")
    let d = result.diagnostics[0]
    #expect(d.expected(in: file) == ExpectedDiagnostic(code: "E0207", line: 4, column: 5))
    let word = String(clause.prefix { $0 != " " })
    #expect(d.message == "`\(word)` on a new line does not continue the one-line `animate` above it")
    #expect(d.fixes.first?.message == "join the lines or use the block form `animate PROP { … }`")
    // Joining the lines repairs the file.
    let fix = try #require(d.fixes.first)
    #expect(fix.edits.map(\.newText) == [" "])
    let joined = SourceFile(name: "joined.anim", bytes: applying(fix.edits, to: file.bytes))
    #expect(Parser.parse(joined).diagnostics.isEmpty)
  }

  @Test func aTimingDeclarationStillClosesTheBlock() {
    // `timing NAME = …` on the next line is a declaration: the block above was never
    // closed (§1's recovery), not a stray clause.
    let text = """
      node dot = circle(8) {
        animate opacity to 0.5 over 1s
      timing pop = spring(damping: 0.6)
      """
    let file = SourceFile(name: "unclosed.anim", bytes: Array(text.utf8))
    let codes = Parser.parse(file).diagnostics.map(\.code)
    #expect(codes == [SyntaxCode.unclosedDelimiter])
  }
}
