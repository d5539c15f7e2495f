import AnimJSON
import AnimSource

/// `textDocument/formatting` through the `DocumentFormatter` hook. The formatter returns
/// the whole canonical text; we send one edit covering only the lines that differ, so
/// the client's cursor and undo history survive untouched regions.
extension LanguageServer {
  func formatting(_ params: JSONValue) throws -> JSONValue {
    let s = try documents.snapshot(try params.documentURI())
    let options = params["options"]
    let formatOptions = FormattingOptions(
      tabSize: options?["tabSize"]?.intValue ?? 2, insertSpaces: options?["insertSpaces"]?.boolValue ?? true)
    guard let formatted = hooks.formatter.formattedText(of: s.file, options: formatOptions) else { return .array([]) }
    guard let (range, text) = Self.minimalEdit(from: s.file.bytes, to: Array(formatted.utf8)) else { return .array([]) }
    return .array([LSP.textEdit(range, text, in: s.file, encoding)])
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
