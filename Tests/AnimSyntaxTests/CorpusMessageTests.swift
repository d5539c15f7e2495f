import AnimSource
import AnimSyntax
import Testing

/// The messages a syntax corpus file names (`message "…"` after its expectation) are
/// the diagnostics' messages, word for word.
@Suite struct SyntaxCorpusMessageTests {
  @Test("the expected message is the diagnostic's", arguments: CorpusFile.namesWithMessages(in: CorpusFile.directory))
  func message(name: String) throws {
    let corpus = try CorpusFile(name: name)
    #expect(corpus.messageMismatches(among: Parser.parse(corpus.source).diagnostics) == [])
  }

  @Test func theCorpusNamesMessages() {
    #expect(CorpusFile.namesWithMessages(in: CorpusFile.directory).count >= 4)
  }
}
