import AnimCheck
import AnimSyntax
import Testing

/// Golden tests over `Corpus/*.anim`: each file is a realistic scene with exactly one
/// semantic mistake (or one warning), and its leading comment names the one diagnostic
/// `analyze` must give (code, line, column). Expectations follow the specification
/// (§1–§6, §10, §11), not the checker's output.
@Suite struct SemanticCorpusTests {
  @Test(
    "each corpus file gives exactly its expected diagnostic", arguments: CheckCorpusFile.names())
  func expectedDiagnostic(name: String) throws {
    let corpus = try CheckCorpusFile(name: name)
    let expected = corpus.expectations.map(\.diagnostic)
    try #require(expected.count == 1, "a corpus file holds exactly one mistake and one `expect:`")
    let file = corpus.source
    guard let analysis = analyzed(file) else { return }
    let actual = analysis.diagnostics.map { $0.expected(in: file) }
    #expect(
      analysis.diagnostics.count == 1,
      "expected one diagnostic, got \(analysis.diagnostics.count): \(describe(analysis.diagnostics, in: file))"
    )
    #expect(
      actual.sorted() == expected.sorted(),
      "expected \(expected.sorted()), got \(describe(analysis.diagnostics, in: file))")
    for diagnostic in analysis.diagnostics {
      #expect(
        (diagnostic.severity == .warning) == diagnostic.code.hasPrefix("W"),
        "\(diagnostic.code) has severity \(diagnostic.severity.word)")
    }
  }

  @Test("every diagnostic range lies inside its file", arguments: CheckCorpusFile.names())
  func rangesInsideFile(name: String) throws {
    let corpus = try CheckCorpusFile(name: name)
    guard let analysis = analyzed(corpus.source) else { return }
    for diagnostic in analysis.diagnostics {
      let outside = diagnostic.rangesOutside(fileSize: corpus.bytes.count)
      #expect(outside.isEmpty, "\(diagnostic.code) has ranges \(outside) outside 0...\(corpus.bytes.count)")
    }
  }

  @Test(
    "the expected diagnostic carries its fix, and the fix repairs the file",
    arguments: CheckCorpusFile.namesWithFixes())
  func fixText(name: String) throws {
    let corpus = try CheckCorpusFile(name: name)
    let file = corpus.source
    guard let analysis = analyzed(file) else { return }
    let (expectation, _, fix) = try #require(
      corpus.expectedFix(among: analysis.diagnostics),
      "no diagnostic \(corpus.expectations.map(\.diagnostic)) with fix \(corpus.expectations.compactMap(\.fixText)) among \(describe(analysis.diagnostics, in: file))"
    )
    let repaired = SourceFile(name: name, bytes: applying(fix.edits, to: corpus.bytes))
    guard let after = analyzed(repaired) else { return }
    let errors = after.diagnostics.filter { $0.severity == .error }
    let repairedText = repaired.text(SourceRange(start: 0, end: repaired.bytes.count))
    #expect(errors.isEmpty, "after the fix: \(describe(errors, in: repaired))\n\(repairedText)")
    if expectation.diagnostic.isWarning {
      let same = after.diagnostics.filter { $0.code == expectation.diagnostic.code }
      #expect(same.isEmpty, "the warning remains after the fix: \(describe(same, in: repaired))")
    }
  }

  @Test("a `let` cycle is reported once, naming every member")
  func cycleNamesEveryMember() throws {
    let corpus = try CheckCorpusFile(name: "let_cycle.anim")
    let analysis = try #require(analyzed(corpus.source))
    let cycles = analysis.diagnostics.filter { $0.code == SemanticCode.letCycle }
    try #require(cycles.count == 1, "\(describe(analysis.diagnostics, in: corpus.source))")
    for name in ["flight", "arcHeight", "lift"] {
      #expect(cycles[0].message.contains("`\(name)`"), "\(name) missing from: \(cycles[0].message)")
    }
  }

  @Test("the corpus covers every semantic code, warnings, and non-ASCII columns")
  func corpusShape() throws {
    let names = CheckCorpusFile.names()
    let files = try names.map { try CheckCorpusFile(name: $0) }
    let expected = files.compactMap { $0.expectations.first?.diagnostic }
    let errors = expected.filter { !$0.isWarning }
    let warnings = expected.filter(\.isWarning)
    #expect(
      errors.count >= 55, "only \(errors.count) error files in \(CheckCorpusFile.directory.path)")
    #expect(warnings.count >= 10, "only \(warnings.count) warning files")
    let codes = Set(expected.map(\.code))
    let all = [
      SemanticCode.undefinedName, SemanticCode.duplicateName, SemanticCode.letCycle,
      SemanticCode.reservedName,
      SemanticCode.shadowsTopLevel, SemanticCode.typeMismatch, SemanticCode.badOperands,
      SemanticCode.unknownMember, SemanticCode.notAValue, SemanticCode.unknownFunction,
      SemanticCode.unknownLabel,
      SemanticCode.missingArgument, SemanticCode.extraArgument, SemanticCode.duplicateArgument,
      SemanticCode.unknownEnumCase, SemanticCode.notConstant, SemanticCode.misplacedSelfOrTrigger,
      SemanticCode.sceneCycle, SemanticCode.unknownProperty, SemanticCode.duplicateClause,
      SemanticCode.conflictingValues, SemanticCode.alongNotPosition, SemanticCode.clauseNeedsAlong,
      SemanticCode.interpolateNeedsKeyframes, SemanticCode.missingDuration,
      SemanticCode.missingValue,
      SemanticCode.badKeyTimes, SemanticCode.bezierOutOfRange, SemanticCode.negativeDuration,
      SemanticCode.badRepeatCount, SemanticCode.outOfLimits, SemanticCode.spawnCount,
      SemanticCode.badTapTarget,
      SemanticCode.bounceOutOfRange, SemanticCode.misplacedStatement,
      SemanticCode.afterInfiniteChild,
      SemanticCode.duplicateBlock, SemanticCode.notFinite, SemanticCode.badArgumentValue,
      SemanticCode.unusedLet, SemanticCode.hiddenAnimation, SemanticCode.unsettledSpring,
      SemanticCode.foreverWithoutRemove, SemanticCode.zeroDuration, SemanticCode.maxOverflow,
      SemanticCode.maxAboveLimit,
    ]
    for code in all { #expect(codes.contains(code), "no corpus file expects \(code)") }
    let nonASCII = files.filter { file in
      guard let d = file.expectations.first?.diagnostic else { return false }
      let line = file.source.lineText(d.line - 1)
      return line.unicodeScalars.prefix(d.column - 1).contains { !$0.isASCII }
    }
    #expect(nonASCII.count >= 3, "non-ASCII before the mistake: \(nonASCII.map(\.name))")
  }

  @Test(
    "every example analyzes without errors or warnings", arguments: CheckCorpusFile.exampleNames())
  func exampleIsClean(name: String) throws {
    let example = try CheckCorpusFile(name: name, in: CheckCorpusFile.examplesDirectory)
    let file = example.source
    let analysis = try #require(analyzed(file))
    #expect(analysis.diagnostics.isEmpty, "\(describe(analysis.diagnostics, in: file))")
    #expect(analysis.ir != nil)
  }

  @Test("the examples folder is found")
  func examplesExist() {
    #expect(
      CheckCorpusFile.exampleNames().count >= 7,
      "examples in \(CheckCorpusFile.examplesDirectory.path)")
  }

  /// The analysis of `file`, or nil after recording an issue when it does not finish.
  private func analyzed(_ file: SourceFile, sourceLocation: SourceLocation = #_sourceLocation)
    -> Analysis?
  {
    guard let result = analyzeWithDeadline(file) else {
      Issue.record(
        "analyze did not finish on \(file.name) (it loops)", sourceLocation: sourceLocation)
      return nil
    }
    return result
  }
}
