import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import AnimSyntax
import Testing

/// Golden tests over `Corpus/*.anim`: each file is a realistic scene with exactly one
/// semantic mistake (or one warning), and its leading comment names the one diagnostic
/// `analyze` must give (code, line, column). Expectations follow the specification
/// (§1–§6, §10, §11), not the checker's output.
@Suite struct SemanticCorpusTests {
  /// The checker's corpus counts every diagnostic, warnings too.
  static let harness = CorpusHarness(fixesRemoveWarnings: true) { analyzeWithDeadline($0)?.diagnostics }

  @Test(
    "each corpus file gives exactly its expected diagnostic", arguments: CheckCorpusFile.names())
  func expectedDiagnostic(name: String) throws {
    let problems = Self.harness.expectedDiagnosticProblems(try CheckCorpusFile(name: name))
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test("every diagnostic range lies inside its file", arguments: CheckCorpusFile.names())
  func rangesInsideFile(name: String) throws {
    let problems = Self.harness.rangeProblems(try CheckCorpusFile(name: name))
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test(
    "the expected diagnostic carries its fix, and the fix repairs the file",
    arguments: CheckCorpusFile.namesWithFixes())
  func fixText(name: String) throws {
    let problems = Self.harness.fixProblems(try CheckCorpusFile(name: name))
    #expect(problems.isEmpty, "\(problems)")
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
