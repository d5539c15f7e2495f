import AnimSource
import Testing

/// Lines far longer than a screen, as generated files have: columns stay exact past the
/// line table's anchors (every 4,096 bytes of a long line), and a snippet shows a part of
/// the line around its range.
@Suite struct LongLineTests {
  /// A 40,000-byte line mixing 1-, 2-, 3- and 4-byte characters, so that anchors fall
  /// inside multi-byte characters' reach; then a short line.
  static let text: String = {
    var line = ""
    var i = 0
    while line.utf8.count < 40_000 {
      line += ["ab", "é", "好", "💖", "\t"][i % 5]
      i += 1
    }
    return "let x = 1\n" + line + "\nend\n"
  }()

  @Test func columnsPastAnchorsMatchAnIndependentCount() {
    let file = SourceFile(name: "t", text: Self.text)
    let bytes = Array(Self.text.utf8)
    let lineStart = 10
    // Every character start on the long line, checked against the String's own counts
    // of the prefix (an independent decoder; the text is well-formed UTF-8).
    var offset = lineStart
    var checked = 0
    while offset < bytes.count - 5 {
      let prefix = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
      if offset % 97 == 0 || checked < 50 {
        #expect(file.lineColumn(offset) == LineColumn(line: 2, column: 1 + prefix.unicodeScalars.count))
        #expect(file.lspPosition(offset) == LSPPosition(line: 1, character: prefix.utf16.count))
        checked += 1
      }
      offset += UTF8Scan.sequenceLength(bytes, at: offset)
    }
    #expect(checked > 200)
    // The line after the long one starts counting again.
    let end = bytes.count - 4
    #expect(file.lineColumn(end + 1) == LineColumn(line: 3, column: 2))
  }

  @Test func malformedBytesCountTheSameFromAnAnchor() {
    // 0xFF bytes every 1,000 bytes: each is a character of its own (`UTF8Scan`).
    var bytes = [UInt8](repeating: 0x61, count: 20_000)
    for i in stride(from: 500, to: bytes.count, by: 1000) { bytes[i] = 0xFF }
    let file = SourceFile(name: "t", bytes: bytes)
    for offset in [0, 4095, 4096, 4097, 8193, 12_345, 19_999] {
      #expect(file.lineColumn(offset).column == 1 + UTF8Scan.count(bytes, from: 0, to: offset).scalars)
      #expect(offset + 1 == file.lineColumn(offset).column)  // every byte one character
    }
  }

  @Test func aByteOrderMarkBeforeALongLineIsNotAColumn() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + [UInt8](repeating: 0x61, count: 10_000)
    let file = SourceFile(name: "t", bytes: bytes)
    #expect(file.lineColumn(9_003) == LineColumn(line: 1, column: 9_001))
    // LSP counts the mark as a character of line 0.
    #expect(file.lspPosition(9_003) == LSPPosition(line: 0, character: 9_001))
  }

  @Test func aSnippetOfALongLineShowsThePartAroundTheRange() {
    // 300 bytes: `a0 a1 … ` then the error at byte 200.
    let line = (0..<100).map { "a\($0 % 10)" }.joined(separator: " ")
    let file = SourceFile(name: "t", text: line + "\n")
    let d = Diagnostic.error("E0101", "bad", at: SourceRange(start: 201, end: 203))
    let lines = DiagnosticRenderer().render(d, in: file).split(separator: "\n").map(String.init)
    #expect(lines[0] == "t:1:202: error: bad [E0101]")
    // Shown: bytes 161..<281 (120 bytes from 40 before the start), cut on both sides.
    let bytes = Array(line.utf8)
    let shown = String(decoding: bytes[161..<281], as: UTF8.self)
    #expect(lines[1] == "…" + shown + "…")
    // The marker stands under bytes 201 and 202: one column for `…`, 40 for the bytes before.
    #expect(lines[2] == String(repeating: " ", count: 41) + "^~")
    #expect(shown.utf8.dropFirst(40).prefix(2).elementsEqual(bytes[201..<203]))
  }

  @Test func aShortLineIsShownWhole() {
    let file = SourceFile(name: "t", text: String(repeating: "x", count: 120) + "\n")
    let d = Diagnostic.error("E0101", "bad", at: SourceRange(start: 100, end: 101))
    let lines = DiagnosticRenderer().render(d, in: file).split(separator: "\n").map(String.init)
    #expect(lines[1] == String(repeating: "x", count: 120))
    #expect(lines[2] == String(repeating: " ", count: 100) + "^")
  }

  @Test func aCutNeverSplitsACharacter() {
    // 2-byte characters: a cut 40 bytes back from an odd offset would land mid-character.
    let file = SourceFile(name: "t", text: String(repeating: "é", count: 200) + "\n")
    let d = Diagnostic.error("E0101", "bad", at: SourceRange(start: 201, end: 203))
    let lines = DiagnosticRenderer().render(d, in: file).split(separator: "\n").map(String.init)
    #expect(!lines[1].contains("\u{FFFD}"))
    #expect(lines[1].hasPrefix("…é") && lines[1].hasSuffix("é…"))
  }
}
