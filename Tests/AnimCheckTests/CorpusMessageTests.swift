import AnimCheck
import AnimSource
import AnimSyntax
import Testing

/// The messages a semantic corpus file names (`message "…"` after its expectation) are
/// the diagnostics' messages, word for word.
@Suite struct CheckCorpusMessageTests {
  static func namesWithMessages() -> [String] {
    CorpusFile.names().filter { name in
      (try? CorpusFile(name: name))?.expectations.contains { $0.message != nil } ?? false
    }
  }

  @Test("the expected message is the diagnostic's", arguments: namesWithMessages())
  func message(name: String) throws {
    let corpus = try CorpusFile(name: name)
    let file = corpus.source
    let diagnostics = analyze(file).diagnostics
    for expectation in corpus.expectations {
      guard let message = expectation.message else { continue }
      let d = try #require(diagnostics.first { $0.expected(in: file) == expectation.diagnostic })
      #expect(d.message == message)
    }
  }

  @Test func theCorpusNamesMessages() {
    #expect(Self.namesWithMessages().count >= 10)
  }
}
