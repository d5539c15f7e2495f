import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import AnimSyntax
import Testing

/// The messages a semantic corpus file names (`message "…"` after its expectation) are
/// the diagnostics' messages, word for word.
@Suite struct CheckCorpusMessageTests {
  @Test("the expected message is the diagnostic's", arguments: CorpusFile.namesWithMessages(in: CorpusFile.directory))
  func message(name: String) throws {
    let corpus = try CorpusFile(name: name)
    #expect(corpus.messageMismatches(among: analyze(corpus.source).diagnostics) == [])
  }

  @Test func theCorpusNamesMessages() {
    #expect(CorpusFile.namesWithMessages(in: CorpusFile.directory).count >= 10)
  }
}
