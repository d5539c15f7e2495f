import AnimJSON

/// The one place diagnostics become text: the human form of spec §10 and LSP JSON.
package struct DiagnosticRenderer: Sendable {
  package var useColor: Bool

  package init(useColor: Bool = false) { self.useColor = useColor }

  // MARK: Human form

  /// `FILE:LINE:COL: error: MESSAGE [CODE]`, the source line, a `^~~~` marker under the
  /// whole range (to the end of its first line), labels, notes and `help:` lines.
  package func render(_ d: Diagnostic, in file: SourceFile) -> String {
    let range = file.clamp(d.range)
    let pos = file.lineColumn(range.start)
    var out = bold("\(file.name):\(pos.line):\(pos.column): ")
    out += paint(d.severity.word + ":", d.severity == .error ? "31" : "35")
    out += bold(" \(d.message) [\(d.code)]") + "\n"
    out += snippet(range, in: file, markerColor: d.severity == .error ? "31" : "35")
    for label in d.labels {
      let r = file.clamp(label.range)
      let p = file.lineColumn(r.start)
      out += bold("\(file.name):\(p.line):\(p.column): ") + paint("note:", "36") + " \(label.message)\n"
      out += snippet(r, in: file, markerColor: "36")
    }
    for note in d.notes { out += paint("note:", "36") + " \(note)\n" }
    for fix in d.fixes { out += paint("help:", "32") + " \(fix.message)\n" }
    return out
  }

  package func render(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
    diagnostics.map { render($0, in: file) }.joined()
  }

  private func snippet(_ range: SourceRange, in file: SourceFile, markerColor: String) -> String {
    let lineRange = file.lines.lineRange(file.lines.lineIndex(range.start), in: file.bytes)
    let start = max(range.start, lineRange.start)
    let end = min(max(range.end, start), lineRange.end)
    let shown = Self.shownPart(of: lineRange, around: start, in: file.bytes)
    let cutBefore = shown.start > lineRange.start
    let cutAfter = shown.end < lineRange.end
    let line = String(decoding: file.bytes[shown.start..<shown.end], as: UTF8.self).replacingControlCharacters()
    // Keep tabs in the padding so the marker lines up however the terminal sets tab stops.
    var pad = cutBefore ? " " : ""
    var i = shown.start
    while i < start {
      pad += file.bytes[i] == 0x09 ? "\t" : " "
      i += UTF8Scan.sequenceLength(file.bytes, at: i)
    }
    let width = UTF8Scan.count(file.bytes, from: start, to: min(end, shown.end)).scalars
    let marker = "^" + String(repeating: "~", count: max(0, width - 1))
    let text = (cutBefore ? "…" : "") + line + (cutAfter ? "…" : "")
    return text + "\n" + pad + paint(marker, markerColor) + "\n"
  }

  /// A line longer than this many bytes is shown in part.
  static let shownBytes = 120
  /// How many bytes before the range's start the part shown begins.
  static let bytesBefore = 40

  /// The bytes of `line` a snippet shows: all of them, or for a long line (a generated
  /// file's, say) `shownBytes` from `bytesBefore` before `start`, cut between characters.
  /// Showing whole lines, a file of one long line and thousands of errors printed the
  /// line once per error.
  static func shownPart(of line: SourceRange, around start: Int, in bytes: [UInt8]) -> SourceRange {
    guard line.end - line.start > shownBytes else { return line }
    var from = max(line.start, start - bytesBefore)
    while from < start && bytes[from] & 0xC0 == 0x80 { from += 1 }
    var to = min(line.end, from + shownBytes)
    while to < line.end && bytes[to] & 0xC0 == 0x80 { to += 1 }
    return SourceRange(start: from, end: max(to, start))
  }

  private func paint(_ s: String, _ code: String) -> String {
    useColor ? "\u{1B}[1;\(code)m\(s)\u{1B}[0m" : s
  }

  private func bold(_ s: String) -> String { useColor ? "\u{1B}[1m\(s)\u{1B}[0m" : s }

  // MARK: LSP JSON

  /// An LSP `Diagnostic` object (0-based positions). `data.fixes` lists the edits of every
  /// fix as `{range, newText}`; `data.titles` their sentences, for code-action titles.
  package static func lspDiagnostic(
    _ d: Diagnostic, in file: SourceFile, uri: String, encoding: PositionEncoding = .utf16,
    extraData: [(String, JSONValue)] = []
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("range", lspRange(d.range, in: file, encoding: encoding)),
      ("severity", .number(Double(d.severity.rawValue))),
      ("code", .string(d.code)),
      ("source", .string("animc")),
      ("message", .string(d.message)),
    ]
    if !d.labels.isEmpty {
      members.append(
        (
          "relatedInformation",
          .array(
            d.labels.map { label in
              .object([
                (
                  "location",
                  .object([("uri", .string(uri)), ("range", lspRange(label.range, in: file, encoding: encoding))])
                ),
                ("message", .string(label.message)),
              ])
            })
        ))
    }
    let edits = d.fixes.flatMap { fix in
      fix.edits.map { edit in
        JSONValue.object([
          ("range", lspRange(edit.range, in: file, encoding: encoding)), ("newText", .string(edit.newText)),
        ])
      }
    }
    let titles = d.fixes.filter { !$0.edits.isEmpty }.map { JSONValue.string($0.message) }
    var data: [(String, JSONValue)] = extraData
    data.append(("fixes", .array(edits)))
    if !titles.isEmpty { data.append(("titles", .array(titles))) }
    if !d.notes.isEmpty { data.append(("notes", .array(d.notes.map { .string($0) }))) }
    members.append(("data", .object(data)))
    return .object(members)
  }

  package static func lspRange(_ range: SourceRange, in file: SourceFile, encoding: PositionEncoding) -> JSONValue {
    let r = file.clamp(range)
    return .object([
      ("start", lspPosition(file.lspPosition(r.start, encoding: encoding))),
      ("end", lspPosition(file.lspPosition(r.end, encoding: encoding))),
    ])
  }

  package static func lspPosition(_ p: LSPPosition) -> JSONValue {
    .object([("line", .number(Double(p.line))), ("character", .number(Double(p.character)))])
  }
}

extension String {
  /// Control characters other than tab would move the terminal's cursor; show them as U+FFFD.
  func replacingControlCharacters() -> String {
    String(
      String.UnicodeScalarView(
        unicodeScalars.map { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F ? "\u{FFFD}" : $0 }))
  }
}
