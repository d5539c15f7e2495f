import AnimSource
import AnimSyntax
@_exported import AnimTestSupport
import Foundation

extension CorpusFile {
  /// This target's corpus: one syntax mistake per file.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

  static func names() -> [String] { names(in: directory) }
  static func namesWithFixes() -> [String] { namesWithFixes(in: directory) }
  init(name: String) throws { try self.init(name: name, in: Self.directory) }
}

/// `Parser.parse` with a deadline (see `withDeadline`).
func parseWithDeadline(_ file: SourceFile, seconds: Double = 5) -> ParseResult? {
  withDeadline(seconds: seconds) { Parser.parse(file) }
}
