import AnimSource
import AnimSyntax

/// Where a request points: the byte offset, the word around it, and the text of its line
/// before it. Hover and completion read the source text as well as the tree, because a
/// half-typed line often parses into nothing useful.
struct Cursor {
  let offset: Int
  /// The identifier the cursor is in or just after (may be empty).
  let word: String
  let wordRange: SourceRange
  /// The line's text from its start to the start of `word`.
  let linePrefix: String

  init(_ file: SourceFile, offset: Int) {
    let bytes = file.bytes
    self.offset = offset
    var start = offset
    while start > 0, Cursor.isIdentifierByte(bytes[start - 1]) { start -= 1 }
    var end = offset
    while end < bytes.count, Cursor.isIdentifierByte(bytes[end]) { end += 1 }
    wordRange = SourceRange(start: start, end: end)
    word = String(decoding: bytes[start..<end], as: UTF8.self)
    let line = file.lines.lineIndex(offset)
    let lineStart = file.lines.lineRange(line, in: bytes).start
    linePrefix = String(decoding: bytes[min(lineStart, start)..<start], as: UTF8.self)
  }

  static func isIdentifierByte(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
  }

  /// The part of the word before the cursor (what the user has typed so far).
  func typedPrefix(in file: SourceFile) -> String {
    let r = SourceRange(start: wordRange.start, end: offset)
    return file.text(r)
  }

  /// True when the cursor sits in a `//` comment or a string on its line: words there
  /// are prose, not code. (Block comments are rare enough in the middle of a line.)
  var inCommentOrString: Bool {
    var inString = false
    var previous: Character = " "
    var escaped = false
    for c in linePrefix {
      if inString {
        if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
      } else if c == "\"" {
        inString = true
      } else if c == "/" && previous == "/" {
        return true
      }
      previous = c
    }
    return inString
  }

  /// The words of the line before the cursor's word, ignoring punctuation: the context
  /// for completion (`animate opacity from 0 to` → [animate, opacity, from, 0, to]).
  var wordsBefore: [String] { Cursor.words(Substring(linePrefix)) }

  static func words(_ text: Substring) -> [String] {
    text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == ":") }).map(
      String.init)
  }

  /// The character just before the word, skipping nothing (a `.` for enum cases and members).
  var characterBeforeWord: Character? { linePrefix.last }
}

extension Snapshot {
  /// The byte offset of an LSP position in this document.
  func offset(_ position: LSPPosition, _ encoding: PositionEncoding) -> Int {
    file.offset(of: position, encoding: encoding)
  }

  func cursor(_ position: LSPPosition, _ encoding: PositionEncoding) -> Cursor {
    Cursor(file, offset: offset(position, encoding))
  }

  /// The `.name` node exactly covering the cursor's word, if the tree has one.
  func nameNode(at cursor: Cursor) -> NodeID? {
    guard !cursor.word.isEmpty else { return nil }
    let id = tree.node(at: cursor.offset)
    guard tree.kind(id) == .name, tree.range(id) == cursor.wordRange else { return nil }
    return id
  }
}
