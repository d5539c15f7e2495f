import AnimJSON
import AnimSource
import AnimSyntax

/// `textDocument/formatting` through the `DocumentFormatter` hook. The formatter returns
/// the whole canonical text; we send one edit covering only the lines that differ, so
/// the client's cursor and undo history survive untouched regions.
extension LanguageServer {
  func formatting(_ params: JSONValue) throws -> JSONValue {
    let s = try documents.snapshot(try params.documentURI())
    let options = params["options"]
    let formatOptions = FormattingOptions(
      tabSize: options?["tabSize"]?.intValue ?? 2, insertSpaces: options?["insertSpaces"]?.boolValue ?? true)
    guard let formatted = hooks.formatter.formattedText(of: s.file, options: formatOptions) else {
      if hooks.formats, let reason = Self.unformattableReason(s) {
        // Editors show nothing for an empty edit list, and most show an error response
        // only in a log; a message is what the user sees.
        notify(
          "window/showMessage",
          .object([("type", LSP.int(MessageType.warning)), ("message", .string(reason))]))
      }
      return .array([])
    }
    guard let (range, text) = Self.minimalEdit(from: s.file.bytes, to: Array(formatted.utf8)) else { return .array([]) }
    return .array([LSP.textEdit(range, text, in: s.file, encoding)])
  }

  /// Why a document cannot be formatted, naming its first syntax error, or nil when it
  /// parses (then the formatter found nothing to change). Formatting needs a syntax tree
  /// without errors, as `animc fmt` does; semantic errors do not stop it.
  static func unformattableReason(_ s: Snapshot) -> String? {
    // A document without errors has no syntax errors; one with errors is parsed again
    // to tell the parser's from the checker's.
    guard s.analysis.hasErrors,
      let first = Parser.parse(s.file).diagnostics.filter({ $0.severity == .error }).min(by: {
        $0.range.start < $1.range.start
      })
    else { return nil }
    let at = s.file.lineColumn(s.file.clamp(first.range).start)
    let name = s.file.name.split(separator: "/").last.map(String.init) ?? s.file.name
    return "Cannot format \(name): syntax error at \(at.line):\(at.column): \(first.message) [\(first.code)]. "
      + "Fix it and format again."
  }

  /// The smallest replacement that turns `old` into `new`, widened to whole lines (an
  /// edit that starts mid-character or mid-line would confuse UTF-16 clients); nil when
  /// they are equal.
  static func minimalEdit(from old: [UInt8], to new: [UInt8]) -> (SourceRange, String)? {
    guard old != new else { return nil }
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    while prefix > 0, old[prefix - 1] != 0x0A { prefix -= 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    // Keep the suffix starting at a line start in both texts.
    while suffix > 0, old.count - suffix > prefix, old[old.count - suffix - 1] != 0x0A { suffix -= 1 }
    let range = SourceRange(start: prefix, end: old.count - suffix)
    let text = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
    return (range, text)
  }
}
