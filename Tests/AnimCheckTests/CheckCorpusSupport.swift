import AnimCheck
import AnimIR
import AnimModel
import AnimSource
@_exported import AnimTestSupport
import Foundation

/// The semantic corpus: realistic scenes with exactly one semantic mistake (or one
/// warning) each, expectations written as in the syntax corpus (`CorpusFile`).
typealias CheckCorpusFile = CorpusFile

extension CorpusFile {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

  /// The repository's `examples/` folder.
  static let examplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

  static func names() -> [String] { names(in: directory) }
  static func namesWithFixes() -> [String] { namesWithFixes(in: directory) }
  static func exampleNames() -> [String] { names(in: examplesDirectory) }
  init(name: String) throws { try self.init(name: name, in: Self.directory) }
}

/// `analyze` with a deadline (see `withDeadline`).
func analyzeWithDeadline(_ file: SourceFile, seconds: Double = 10) -> Analysis? {
  withDeadline(seconds: seconds) { analyze(file) }
}

/// Diagnostics as `CODE LINE:COL message`, for failure messages.
func describe(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
  CorpusHarness.describe(diagnostics, in: file)
}
