import AnimSource
import AnimSyntax
import Testing

/// Golden tests over `Corpus/*.anim`: each file is a realistic scene with exactly one
/// mistake, and its first comment names the one diagnostic the parser must give (code,
/// line, column). Expectations follow the specification (§1, §3–§6, §10), not the
/// parser's output.
@Suite struct MalformedCorpusTests {
  @Test("each corpus file gives exactly its expected error", arguments: CorpusFile.names())
  func expectedDiagnostic(name: String) throws {
    let corpus = try CorpusFile(name: name)
    let expected = corpus.expectations.map(\.diagnostic)
    try #require(expected.count == 1, "a corpus file holds exactly one mistake and one `expect:`")
    let file = corpus.source
    guard let result = parsed(file) else { return }
    let errors = result.diagnostics.filter { $0.severity == .error }
    let actual = errors.map { $0.expected(in: file) }
    #expect(
      errors.count == 1,
      "expected one error, got \(errors.count): \(describe(errors, in: file))")
    #expect(
      Set(actual) == Set(expected),
      "expected \(expected.sorted()), got \(describe(errors, in: file))")
  }

  @Test("every diagnostic range lies inside its file", arguments: CorpusFile.names())
  func rangesInsideFile(name: String) throws {
    let corpus = try CorpusFile(name: name)
    guard let result = parsed(corpus.source) else { return }
    for diagnostic in result.diagnostics {
      let outside = diagnostic.rangesOutside(fileSize: corpus.bytes.count)
      #expect(outside.isEmpty, "\(diagnostic.code) has ranges \(outside) outside 0...\(corpus.bytes.count)")
    }
  }

  @Test(
    "the expected diagnostic carries its fix, and the fix repairs the file",
    arguments: CorpusFile.namesWithFixes())
  func fixText(name: String) throws {
    let corpus = try CorpusFile(name: name)
    let file = corpus.source
    guard let result = parsed(file) else { return }
    let (expectation, _, fix) = try #require(
      corpus.expectedFix(among: result.diagnostics),
      "no diagnostic \(corpus.expectations.map(\.diagnostic)) with fix \(corpus.expectations.compactMap(\.fixText)) among \(describe(result.diagnostics, in: file))"
    )
    guard !expectation.fixIsPartial else { return }
    let repaired = SourceFile(name: name, bytes: applying(fix.edits, to: corpus.bytes))
    guard let after = parsed(repaired) else { return }
    let errors = after.diagnostics.filter { $0.severity == .error }
    let repairedText = repaired.text(SourceRange(start: 0, end: repaired.bytes.count))
    #expect(errors.isEmpty, "after the fix: \(describe(errors, in: repaired))\n\(repairedText)")
  }

  @Test("the corpus covers every lexical error, non-ASCII columns, a BOM and CRLF")
  func corpusShape() throws {
    let names = CorpusFile.names()
    #expect(names.count >= 45, "only \(names.count) corpus files in \(CorpusFile.directory.path)")
    let files = try names.map { try CorpusFile(name: $0) }
    let codes = Set(files.flatMap { $0.expectations.map(\.diagnostic.code) })
    let lexerCodes = [
      SyntaxCode.invalidCharacter, SyntaxCode.unterminatedString, SyntaxCode.invalidEscape,
      SyntaxCode.unterminatedComment, SyntaxCode.invalidColor, SyntaxCode.unknownUnit,
      SyntaxCode.malformedNumber, SyntaxCode.swiftRange,
    ]
    for code in lexerCodes { #expect(codes.contains(code), "no corpus file expects \(code)") }
    let nonASCII = files.filter { file in
      guard let d = file.expectations.first?.diagnostic else { return false }
      let line = file.source.lineText(d.line - 1)
      return line.unicodeScalars.prefix(d.column - 1).contains { !$0.isASCII || $0 == "\t" }
    }
    #expect(nonASCII.count >= 5, "non-ASCII or tabs before the error: \(nonASCII.map(\.name))")
    #expect(files.contains { $0.source.bomLength == 3 }, "no file with a byte-order mark")
    #expect(files.contains { $0.bytes.contains(0x0D) }, "no file with CRLF line endings")
  }

  /// The parse of `file`, or nil after recording an issue when the parser does not finish.
  private func parsed(_ file: SourceFile, sourceLocation: SourceLocation = #_sourceLocation)
    -> ParseResult?
  {
    guard let result = parseWithDeadline(file) else {
      Issue.record(
        "the parser did not finish on \(file.name) (it loops)", sourceLocation: sourceLocation)
      return nil
    }
    return result
  }

  private func describe(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
    diagnostics.map { "\($0.expected(in: file)) \($0.message)" }.joined(separator: "; ")
  }
}
