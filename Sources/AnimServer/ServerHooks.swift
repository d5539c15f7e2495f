import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

/// Formatting options an LSP client sends with `textDocument/formatting`.
package struct FormattingOptions: Sendable {
  package var tabSize: Int
  package var insertSpaces: Bool
  package init(tabSize: Int = 2, insertSpaces: Bool = true) {
    self.tabSize = tabSize
    self.insertSpaces = insertSpaces
  }
}

/// The formatter behind `textDocument/formatting`. The server stays independent of
/// `AnimFormat`'s API: whoever wires it in adapts it to this one method.
package protocol DocumentFormatter: Sendable {
  /// The file's canonical text, or nil when it cannot be formatted (syntax errors) or
  /// is already canonical. The server turns the difference into one minimal edit.
  func formattedText(of file: SourceFile, options: FormattingOptions) -> String?
}

/// The default: formats nothing, so the request answers with no edits.
package struct NoFormatter: DocumentFormatter {
  package init() {}
  package func formattedText(of file: SourceFile, options: FormattingOptions) -> String? { nil }
}

/// Extension points for parts written elsewhere, so they plug in without touching the
/// server's files.
package struct ServerHooks: Sendable {
  /// `textDocument/formatting`. The capability is advertised only when `formats` is set.
  package var formatter: any DocumentFormatter
  package var formats: Bool

  /// The type of an expression for hover (e.g. `Shape`, `Duration`), given the analysis
  /// and the expression's node: for a declaration, its value (`circle(40)`); for a name
  /// in an expression, that name. Return nil when unknown; hover then omits the type.
  package var typeOf: @Sendable (Analysis, NodeID) -> String?

  package init(
    formatter: (any DocumentFormatter)? = nil,
    typeOf: @escaping @Sendable (Analysis, NodeID) -> String? = { _, _ in nil }
  ) {
    self.formatter = formatter ?? NoFormatter()
    self.formats = formatter != nil
    self.typeOf = typeOf
  }
}
