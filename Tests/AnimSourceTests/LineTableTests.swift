import AnimSource
import Testing

/// Byte offsets ↔ 1-based line:column (Unicode scalars, §1) ↔ LSP positions.
@Suite struct LineTableTests {
  @Test func linesEndAtLFCRLFAndLoneCR() {
    // "a\nb\r\nc\rd": lines start at bytes 0, 2, 5, 7.
    let file = SourceFile(name: "t", text: "a\nb\r\nc\rd")
    #expect(file.lines.starts == [0, 2, 5, 7])
    #expect(file.lineColumn(5) == LineColumn(line: 3, column: 1))
    #expect(file.lineColumn(7) == LineColumn(line: 4, column: 1))
    #expect(file.lineText(1) == "b")
  }

  @Test func columnsCountScalarsNotBytes() {
    // "é" is 2 bytes, "好" 3, "💖" 4; each is one column. "x" follows at byte 9.
    let file = SourceFile(name: "t", text: "é好💖x")
    #expect(file.lineColumn(9) == LineColumn(line: 1, column: 4))
    // UTF-16: é 1, 好 1, 💖 2 (a surrogate pair) → x at character 4.
    #expect(file.lspPosition(9) == LSPPosition(line: 0, character: 4))
    // UTF-8 positions count bytes.
    #expect(file.lspPosition(9, encoding: .utf8) == LSPPosition(line: 0, character: 9))
  }

  @Test func theByteOrderMarkIsNotAColumn() {
    let file = SourceFile(name: "t", bytes: [0xEF, 0xBB, 0xBF] + Array("ab".utf8))
    #expect(file.bomLength == 3)
    #expect(file.lineColumn(4) == LineColumn(line: 1, column: 2))
  }

  @Test func eachMalformedByteIsOneColumn() {
    // 0xFF and a lone continuation byte 0xB0 are one character each, as the lexer sees them.
    let file = SourceFile(name: "t", bytes: [0x61, 0xFF, 0xB0, 0x62])
    #expect(file.lineColumn(3) == LineColumn(line: 1, column: 4))
  }

  @Test func lspPositionsRoundTrip() {
    // `let a = "` is bytes 0–8, 💖 9–12, `"` 13, newline 14; line 2 is bytes 15–17, newline 18.
    let file = SourceFile(name: "t", text: "let a = \"💖\"\n  x\n")
    for offset in [0, 4, 9, 13, 14, 15, 17, 18] {
      let p = file.lspPosition(offset)
      #expect(file.offset(of: p) == offset, "offset \(offset) → \(p)")
    }
    // Past the end of a line clamps to its end; past the last line, to the file's end.
    #expect(file.offset(of: LSPPosition(line: 1, character: 99)) == 18)
    #expect(file.offset(of: LSPPosition(line: 9, character: 0)) == file.bytes.count)
  }

  @Test func outOfRangeOffsetsClampInsteadOfTrapping() {
    let file = SourceFile(name: "t", text: "ab")
    #expect(file.lineColumn(-5) == LineColumn(line: 1, column: 1))
    #expect(file.lineColumn(99) == LineColumn(line: 1, column: 3))
    #expect(file.clamp(SourceRange(start: 5, end: 9)) == SourceRange(start: 2, end: 2))
  }
}
