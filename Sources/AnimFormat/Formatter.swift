import AnimSource
import AnimSyntax

/// The outcome of formatting one file.
package struct FormatResult: Sendable {
  /// The file in the canonical layout; nil when the file has syntax errors (such a file
  /// is never formatted) or the formatter could not confirm its own output.
  package let formatted: String?
  /// Why `formatted` is nil: the file's syntax diagnostics, or one `E0801`.
  package let diagnostics: [Diagnostic]
  /// Whether `formatted` differs from the file's bytes.
  package let changed: Bool
}

/// Stable codes of the formatter's own diagnostics.
package enum FormatCode {
  /// The formatted text did not parse back to the same tree and comments; the file is
  /// left as it was. Always a formatter bug.
  package static let unverifiedOutput = "E0801"
}

/// `animc fmt`'s library: the canonical layout of `.anim` source (see `Printer`).
package enum Formatter {
  package static func format(_ file: SourceFile) -> FormatResult {
    let parsed = Parser.parse(file, collectComments: true)
    if parsed.diagnostics.contains(where: { $0.severity == .error }) {
      return FormatResult(formatted: nil, diagnostics: parsed.diagnostics, changed: false)
    }
    var printer = Printer(file: file, tree: parsed.tree)
    let printed = printer.print()
    guard let text = printed, sameMeaning(parsed, file: file, text) else {
      let d = Diagnostic.error(
        FormatCode.unverifiedOutput,
        "internal formatter error: the output would not match the input; file left unchanged",
        at: SourceRange(start: 0, end: 0), notes: ["please report this file"])
      return FormatResult(formatted: nil, diagnostics: [d], changed: false)
    }
    return FormatResult(formatted: text, diagnostics: [], changed: Array(text.utf8) != file.bytes)
  }

  /// The output parses without errors to the same tree, with the same comments.
  static func sameMeaning(_ before: ParseResult, file: SourceFile, _ text: String) -> Bool {
    let output = SourceFile(name: file.name, text: text)
    let after = Parser.parse(output, collectComments: true)
    guard !after.diagnostics.contains(where: { $0.severity == .error }) else { return false }
    guard after.tree.sexpr() == before.tree.sexpr() else { return false }
    func words(_ s: String) -> [Substring] { s.split(whereSeparator: \.isWhitespace) }
    let a = before.comments.map { words(file.text($0)) }
    let b = after.comments.map { words(output.text($0)) }
    return a == b
  }
}
