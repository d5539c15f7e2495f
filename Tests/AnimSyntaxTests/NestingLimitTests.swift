import AnimSource
import AnimTestSupport
import Testing

@testable import AnimSyntax

/// Input nested past `Parser.deepestNesting` (1,000 levels) is one error, E0214, at the
/// first token too deep, and the rest of the file is still read.
@Suite struct NestingLimitTests {
  /// Parsed on a deep stack: a debug build's frames at 1,000 levels overflow a test thread.
  func parse(_ text: String) -> ParseResult {
    onDeepStack { Parser.parse(SourceFile(name: "t", text: text), collectComments: false, parallel: false) }
  }

  /// The E0214 diagnostics' columns on line 1 (every one must be on line 1).
  func tooDeepColumns(_ text: String) -> [Int] {
    let file = SourceFile(name: "t", text: text)
    let result = parse(text)
    return result.diagnostics.filter { $0.code == "E0214" }.map { file.lineColumn($0.range.start).column }
  }

  @Test func parenthesesNestUpToTheLimit() {
    // `let a = ` is 8 characters; the expression is level 1 and each `(` one more.
    let ok = "let a = " + String(repeating: "(", count: 999) + "1" + String(repeating: ")", count: 999)
    #expect(parse(ok).diagnostics.isEmpty)
    let deep = "let a = " + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
    // Level 1,001 is the expression inside the 1,000th `(`: the 1,001st `(`, column 9 + 1,000.
    #expect(tooDeepColumns(deep) == [1009])
    #expect(parse(deep).diagnostics.count == 1)
  }

  @Test func anOperatorChainCountsItsLinks() {
    let ok = "let a = " + Array(repeating: "1", count: 1000).joined(separator: "+")
    #expect(parse(ok).diagnostics.isEmpty)
    let long = "let a = " + Array(repeating: "1", count: 1001).joined(separator: " * ")
    // The 1,000th operator: after 1,000 ones and 999 ` * `, column 9 + 1000 + 999·3 + 1.
    #expect(tooDeepColumns(long) == [9 + 1000 + 999 * 3 + 1])
  }

  @Test func membersAndNegationsCountToo() {
    let members = "let a = b" + String(repeating: ".x", count: 1000)
    #expect(tooDeepColumns(members).count == 1)
    let negations = "let a = " + String(repeating: "-", count: 1000) + "1"
    #expect(tooDeepColumns(negations).count == 1)
    let fewer = "let a = " + String(repeating: "-", count: 998) + "1"
    #expect(parse(fewer).diagnostics.isEmpty)
  }

  @Test func blocksNestUpToTheLimitAndTheFileGoesOn() {
    let groups = { (n: Int) in
      "node b = circle(1) {\n" + String(repeating: "group {\n", count: n) + "x 1\n"
        + String(repeating: "}\n", count: n) + "}\nnode c = circle(2)\n"
    }
    #expect(parse(groups(997)).diagnostics.isEmpty)
    let deep = parse(groups(3000))
    #expect(deep.diagnostics.map(\.code) == ["E0214"])
    // Both declarations are still read: the deep part is skipped with its brackets.
    #expect(deep.declarationHeads.count == 2)
  }
}
