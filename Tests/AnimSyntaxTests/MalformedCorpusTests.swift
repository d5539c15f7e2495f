import AnimSource
import AnimSyntax
import Testing

/// Golden tests over `Corpus/*.anim`: each file is a realistic scene with exactly one
/// mistake, and its first comment names the one diagnostic the parser must give (code,
/// line, column). Expectations follow the specification (§1, §3–§6, §10), not the
/// parser's output.
@Suite struct MalformedCorpusTests {
  /// The parser's corpus counts errors only.
  static let harness = CorpusHarness(
    counting: { $0.severity == .error }, diagnose: { parseWithDeadline($0)?.diagnostics })

  @Test("each corpus file gives exactly its expected error", arguments: CorpusFile.names())
  func expectedDiagnostic(name: String) throws {
    let problems = Self.harness.expectedDiagnosticProblems(try CorpusFile(name: name))
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test("every diagnostic range lies inside its file", arguments: CorpusFile.names())
  func rangesInsideFile(name: String) throws {
    let problems = Self.harness.rangeProblems(try CorpusFile(name: name))
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test(
    "the expected diagnostic carries its fix, and the fix repairs the file",
    arguments: CorpusFile.namesWithFixes())
  func fixText(name: String) throws {
    let problems = Self.harness.fixProblems(try CorpusFile(name: name))
    #expect(problems.isEmpty, "\(problems)")
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
}
