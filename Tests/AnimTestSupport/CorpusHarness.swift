import AnimSource

/// The checks every corpus suite makes of its files, the same for the parser's corpus and
/// the checker's: a suite says only how its stage diagnoses a file and which of the
/// diagnostics its expectations count. Each check returns its problems as failure text,
/// empty when the file passes, so a suite states each check in one `#expect`.
public struct CorpusHarness: Sendable {
  /// The stage's diagnostics for a file, nil when it did not finish (a loop).
  package let diagnose: @Sendable (SourceFile) -> [Diagnostic]?
  /// Which diagnostics the one expectation accounts for (the parser's corpus: errors only).
  public let counts: @Sendable (Diagnostic) -> Bool
  /// Whether a warning's fix must also make the warning go away.
  public let fixesRemoveWarnings: Bool

  package init(
    counting counts: @escaping @Sendable (Diagnostic) -> Bool = { _ in true }, fixesRemoveWarnings: Bool = false,
    diagnose: @escaping @Sendable (SourceFile) -> [Diagnostic]?
  ) {
    self.diagnose = diagnose
    self.counts = counts
    self.fixesRemoveWarnings = fixesRemoveWarnings
  }

  /// The file holds exactly one expectation, and the stage gives exactly that diagnostic,
  /// with a severity that agrees with its code (`W…` warnings, `E…` errors).
  public func expectedDiagnosticProblems(_ corpus: CorpusFile) -> [String] {
    let expected = corpus.expectations.map(\.diagnostic)
    guard expected.count == 1 else { return ["a corpus file holds exactly one mistake and one `expect:`"] }
    let file = corpus.source
    guard let all = diagnose(file) else { return ["\(file.name) did not finish (the stage loops)"] }
    let counted = all.filter(counts)
    var problems: [String] = []
    if counted.map({ $0.expected(in: file) }) != expected {
      problems.append("expected \(expected), got \(counted.count): \(Self.describe(counted, in: file))")
    }
    for d in counted where (d.severity == .warning) != d.code.hasPrefix("W") {
      problems.append("\(d.code) has severity \(d.severity.word)")
    }
    return problems
  }

  /// Every range a diagnostic names (primary, labels, fix edits) lies inside the file.
  public func rangeProblems(_ corpus: CorpusFile) -> [String] {
    guard let all = diagnose(corpus.source) else { return ["\(corpus.name) did not finish (the stage loops)"] }
    return all.compactMap { d in
      let outside = d.rangesOutside(fileSize: corpus.bytes.count)
      return outside.isEmpty ? nil : "\(d.code) has ranges \(outside) outside 0...\(corpus.bytes.count)"
    }
  }

  /// The expected diagnostic carries the expected fix, and applying it leaves no error
  /// (unless the expectation says `partial`) and, for a warning when asked, no such warning.
  public func fixProblems(_ corpus: CorpusFile) -> [String] {
    let file = corpus.source
    guard let all = diagnose(file) else { return ["\(file.name) did not finish (the stage loops)"] }
    guard let (expectation, _, fix) = corpus.expectedFix(among: all) else {
      let wanted = corpus.expectations.map(\.diagnostic)
      let fixes = corpus.expectations.compactMap(\.fixText)
      return ["no diagnostic \(wanted) with fix \(fixes) among \(Self.describe(all, in: file))"]
    }
    guard !expectation.fixIsPartial else { return [] }
    let repaired = SourceFile(name: file.name, bytes: applying(fix.edits, to: corpus.bytes))
    guard let after = diagnose(repaired) else { return ["the repaired \(file.name) did not finish"] }
    let text = repaired.text(SourceRange(start: 0, end: repaired.bytes.count))
    var problems: [String] = []
    let errors = after.filter { $0.severity == .error }
    if !errors.isEmpty { problems.append("after the fix: \(Self.describe(errors, in: repaired))\n\(text)") }
    if fixesRemoveWarnings && expectation.diagnostic.isWarning {
      let same = after.filter { $0.code == expectation.diagnostic.code }
      if !same.isEmpty { problems.append("the warning remains after the fix: \(Self.describe(same, in: repaired))") }
    }
    return problems
  }

  /// Diagnostics as `CODE LINE:COL message`, for failure text.
  package static func describe(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
    diagnostics.map { "\($0.expected(in: file)) \($0.message)" }.joined(separator: "; ")
  }
}
