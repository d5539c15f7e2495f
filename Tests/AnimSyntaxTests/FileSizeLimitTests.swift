import AnimSource
import Testing

@testable import AnimSyntax

/// A file too large for 32-bit offsets is one error, not a trap (`Parser.largestFile`,
/// exercised with a small limit: the real one is 2 GiB).
@Suite struct FileSizeLimitTests {
  let source = "node a = circle(5)\n"

  @Test func aFileOverTheLimitIsOneErrorAtTheStart() {
    let file = SourceFile(name: "big.anim", bytes: Array(source.utf8))
    let result = Parser.parse(file, collectComments: false, parallel: false, largest: source.utf8.count - 1)
    #expect(result.diagnostics.map(\.code) == ["E0109"])
    #expect(result.diagnostics.first?.range == SourceRange.at(0))
    #expect(result.diagnostics.first?.message == "the file is 19 bytes, more than the 18 animc reads")
    #expect(result.declarationHeads.isEmpty)
  }

  @Test func aFileAtTheLimitIsParsed() {
    let file = SourceFile(name: "big.anim", bytes: Array(source.utf8))
    let result = Parser.parse(file, collectComments: false, parallel: false, largest: source.utf8.count)
    #expect(result.diagnostics.isEmpty)
    #expect(result.declarationHeads.count == 1)
  }

  @Test func theLimitIsTheLargest32BitOffset() {
    #expect(Parser.largestFile == 2_147_483_647)
  }
}
