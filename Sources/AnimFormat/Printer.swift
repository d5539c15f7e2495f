import AnimSource
import AnimSyntax

/// Walks the syntax tree and writes every source token again, in order, with canonical
/// spacing and line breaks. Tokens are consumed from a fresh lexing of the file and
/// written with their source text, so numbers, strings, colours and names come out
/// exactly as written; the only tokens dropped are `;` and trailing commas. Comments
/// sit between tokens and are written in the gap they came from.
struct Printer {
  let bytes: [UInt8]
  let tree: SyntaxTree
  let tokens: [Token]
  let comments: [SourceRange]
  var nextToken = 0
  var nextComment = 0
  /// The end of the last token or comment consumed.
  var previousEnd: Int
  var consumedAny = false
  var out = LineWriter()
  /// Set when the tree and the tokens disagree; the result is then not used.
  var failed = false

  init(file: SourceFile, tree: SyntaxTree) {
    var lexer = Lexer(bytes: file.bytes)
    lexer.collectComments = true
    tokens = lexer.tokenize()
    comments = lexer.comments
    bytes = file.bytes
    self.tree = tree
    previousEnd = file.bomLength
  }

  /// The formatted file, or nil when the printer lost its place.
  mutating func print() -> String? {
    printFile(tree.root)
    out.newline(.preserve)
    flushComments(before: Int.max)
    if nextToken != tokens.count - 1 { failed = true }
    return failed ? nil : out.finish()
  }

  // MARK: Tokens

  var peek: Token { tokens[min(nextToken, tokens.count - 1)] }
  var peekKind: TokenKind { peek.kind }

  /// Writes the next source token (which should be of kind `expected`).
  mutating func take(_ expected: TokenKind? = nil) {
    let t = peek
    guard t.kind != .endOfFile else {
      failed = true
      return
    }
    if let expected, expected != t.kind { failed = true }
    flushComments(before: Int(t.start))
    out.token(text(t.range), blankInSource: hasBlankLine(from: previousEnd, to: Int(t.start)))
    consume(t)
  }

  /// Consumes the next token without writing it (`;`, a trailing `,`). A dropped token
  /// leaves no trace in the layout: the comments around it stay pending, and are placed
  /// relative to the written tokens, as they will be when the output is formatted again.
  /// (Flushing them here, before the next line break was requested, made an own-line
  /// comment a continuation line.)
  mutating func skip() {
    guard peekKind != .endOfFile else { return }
    nextToken += 1
  }

  /// Skips any `;` after a statement.
  mutating func skipSemicolons() {
    while peekKind == .semicolon { skip() }
  }

  private mutating func consume(_ t: Token) {
    previousEnd = Int(t.end)
    consumedAny = true
    nextToken += 1
  }

  /// The index of the token that starts at `offset`.
  func tokenIndex(startingAt offset: Int) -> Int? {
    var lo = 0
    var hi = tokens.count - 1
    while lo <= hi {
      let mid = (lo + hi) / 2
      let s = Int(tokens[mid].start)
      if s == offset { return mid }
      if s < offset { lo = mid + 1 } else { hi = mid - 1 }
    }
    return nil
  }

  /// Whether a newline (or a comment holding one) came right before the token at `offset`.
  func newlineBefore(_ offset: Int) -> Bool {
    tokenIndex(startingAt: offset).map { tokens[$0].newlineBefore } ?? false
  }

  // MARK: Source text

  func text(_ r: SourceRange) -> String {
    String(decoding: bytes[max(0, r.start)..<min(bytes.count, r.end)], as: UTF8.self)
  }

  func newlineCount(from a: Int, to b: Int) -> Int {
    guard a < b else { return 0 }
    var n = 0
    var i = max(0, a)
    let end = min(b, bytes.count)
    while i < end {
      if bytes[i] == 0x0A {
        n += 1
      } else if bytes[i] == 0x0D {
        n += 1
        if i + 1 < end, bytes[i + 1] == 0x0A { i += 1 }
      }
      i += 1
    }
    return n
  }

  func hasNewline(from a: Int, to b: Int) -> Bool { newlineCount(from: a, to: b) > 0 }
  func hasBlankLine(from a: Int, to b: Int) -> Bool { newlineCount(from: a, to: b) >= 2 }

  /// The 1-based column of `offset`, counting Unicode scalars (§1).
  func column(of offset: Int) -> Int {
    var i = offset
    while i > 0, bytes[i - 1] != 0x0A, bytes[i - 1] != 0x0D { i -= 1 }
    if i == 0 && offset >= 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    var col = 1
    while i < offset {
      if bytes[i] & 0xC0 != 0x80 { col += 1 }
      i += 1
    }
    return col
  }
}
