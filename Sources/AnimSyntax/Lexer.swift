import AnimSource

/// Turns source bytes into tokens on demand (§1). Lexical mistakes become `.error`
/// tokens plus a diagnostic, and lexing goes on after them.
package struct Lexer {
  let bytes: [UInt8]
  var index: Int
  package internal(set) var symbols: SymbolTable
  package internal(set) var diagnostics: [Diagnostic] = []
  /// When set, the ranges of all comments, in order (for the formatter and editors).
  package var collectComments = false
  package internal(set) var comments: [SourceRange] = []

  package init(bytes: [UInt8], symbols: SymbolTable = SymbolTable()) {
    self.bytes = bytes
    self.symbols = symbols
    let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    self.index = hasBOM ? 3 : 0
  }

  /// The next token; `.endOfFile` forever at the end.
  ///
  /// One call per token, with skipping trivia, dispatching on the first byte and reading
  /// a word inlined into it: as three calls, each would save and restore registers for
  /// a token of a few bytes.
  @inline(never) package mutating func next() -> Token {
    let newline = skipTrivia()
    var token = scanToken()
    token.newlineBefore = newline
    return token
  }

  /// All tokens up to and including the end of file (for tests and tools).
  package mutating func tokenize() -> [Token] {
    var tokens: [Token] = []
    while true {
      let t = next()
      tokens.append(t)
      if t.kind == .endOfFile { return tokens }
    }
  }

  func peekByte(_ offset: Int = 0) -> UInt8 {
    let i = index + offset
    return i < bytes.count ? bytes[i] : 0
  }

  mutating func report(
    _ code: String, _ message: String, _ start: Int, _ end: Int, fixes: [Fix] = [], notes: [String] = []
  ) {
    diagnostics.append(
      .error(code, message, at: SourceRange(start: start, end: end), notes: notes, fixes: fixes))
  }

  /// Skips spaces, newlines and comments; tells whether a newline was among them.
  @inline(__always) mutating func skipTrivia() -> Bool {
    var newline = false
    while true {
      let (end, sawNewline) = Self.skipSpaces(bytes, from: index)
      index = end
      newline = newline || sawNewline
      guard index < bytes.count, bytes[index] == UInt8(ascii: "/") else { return newline }
      let start = index
      switch peekByte(1) {
      case UInt8(ascii: "/"):
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
      case UInt8(ascii: "*"):
        if skipBlockComment() { newline = true }
      default: return newline
      }
      if collectComments { comments.append(SourceRange(start: start, end: index)) }
    }
  }

  /// Where the run of spaces and line breaks from `start` ends, and whether it held a
  /// line break. Every token is preceded by one (a third of a file is indentation), so
  /// it is its own loop over the raw bytes, with nothing else to keep track of.
  static func skipSpaces(_ bytes: [UInt8], from start: Int) -> (Int, Bool) {
    var i = start
    var newline = false
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x20 || b == 0x09 || b == 0x0C {
        i += 1
      } else if b == 0x0A || b == 0x0D {
        newline = true
        i += 1
      } else {
        break
      }
    }
    return (i, newline)
  }

  /// Skips a nested `/* … */`; tells whether it held a newline.
  mutating func skipBlockComment() -> Bool {
    let start = index
    var depth = 0
    var newline = false
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "/"), peekByte(1) == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if b == UInt8(ascii: "*"), peekByte(1) == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return newline }
      } else {
        if b == 0x0A || b == 0x0D { newline = true }
        index += 1
      }
    }
    report(
      SyntaxCode.unterminatedComment, "unterminated block comment", start, start + 2,
      fixes: [Fix.replace(.at(bytes.count), with: " */", "close the comment with `*/`")],
      notes: ["block comments nest: every `/*` needs its own `*/`"])
    return newline
  }

  @inline(__always) mutating func scanToken() -> Token {
    let start = index
    guard index < bytes.count else { return Token(kind: .endOfFile, start: start, end: start) }
    let b = bytes[index]
    switch b {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
      return scanWord()
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return scanNumber()
    case UInt8(ascii: ".") where isDigit(peekByte(1)):
      return scanNumber()
    case UInt8(ascii: "\""):
      return scanString()
    case UInt8(ascii: "#"):
      return scanColor()
    case UInt8(ascii: "."):
      return scanDots()
    case UInt8(ascii: "<"), UInt8(ascii: ">"):
      return scanComparison()
    default:
      if let kind = Self.punctuation(b) {
        index += 1
        return Token(kind: kind, start: start, end: index)
      }
      return scanInvalid()
    }
  }

  /// Inlined into `scanToken`: a call per `(`, `,` or `)` cost more than the switch.
  @inline(__always) static func punctuation(_ b: UInt8) -> TokenKind? {
    switch b {
    case UInt8(ascii: "("): return .leftParen
    case UInt8(ascii: ")"): return .rightParen
    case UInt8(ascii: "["): return .leftBracket
    case UInt8(ascii: "]"): return .rightBracket
    case UInt8(ascii: "{"): return .leftBrace
    case UInt8(ascii: "}"): return .rightBrace
    case UInt8(ascii: ","): return .comma
    case UInt8(ascii: ":"): return .colon
    case UInt8(ascii: ";"): return .semicolon
    case UInt8(ascii: "="): return .equals
    case UInt8(ascii: "+"): return .plus
    case UInt8(ascii: "-"): return .minus
    case UInt8(ascii: "*"): return .star
    case UInt8(ascii: "/"): return .slash
    default: return nil
    }
  }

  @inline(__always) mutating func scanWord() -> Token {
    let start = index
    // One pass over the raw bytes finds the word's end and interns it.
    index = WordBytes.wordEnd(bytes, from: start)
    let symbol = symbols.intern(bytes, from: start, to: index)
    // Reserved words are the first symbols of every table (see `Word`): one compare.
    let reserved = symbol.id >= 0 && symbol.id <= Word.lastReserved.rawValue
    var token = Token(kind: reserved ? .keyword : .identifier, start: start, end: index)
    token.symbol = symbol
    return token
  }

  /// `<`, `<=`, `>`, `>=` (§16).
  mutating func scanComparison() -> Token {
    let start = index
    let less = bytes[index] == UInt8(ascii: "<")
    index += 1
    let orEqual = peekByte() == UInt8(ascii: "=")
    if orEqual { index += 1 }
    let kind: TokenKind = less ? (orEqual ? .lessEqual : .less) : (orEqual ? .greaterEqual : .greater)
    return Token(kind: kind, start: start, end: index)
  }

  /// `.`, `..`, and Swift's `...` / `..<`, reported with the fix `..` (§1).
  mutating func scanDots() -> Token {
    let start = index
    guard peekByte(1) == UInt8(ascii: ".") else {
      index += 1
      return Token(kind: .dot, start: start, end: index)
    }
    index += 2
    if peekByte() == UInt8(ascii: ".") || peekByte() == UInt8(ascii: "<") {
      index += 1
      let written = String(decoding: bytes[start..<index], as: UTF8.self)
      report(
        SyntaxCode.swiftRange, "`\(written)` is Swift's range syntax; `.anim` writes ranges with `..`", start, index,
        fixes: [Fix.replace(SourceRange(start: start, end: index), with: "..", "use `..`")])
    }
    return Token(kind: .dotDot, start: start, end: index)
  }

  /// A run of bytes that start no token: one error for the whole run.
  mutating func scanInvalid() -> Token {
    let start = index
    var scalarCount = 0
    repeat {
      index += utf8Length(at: index)
      scalarCount += 1
    } while index < bytes.count && !startsToken(bytes[index])
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    var fixes: [Fix] = []
    if text == "\u{201C}", let close = smartQuoteClose(from: index) {
      // A whole “string”: one error, one fix for both quotes, one token.
      index = close + 3
      report(
        SyntaxCode.invalidCharacter, "curly quotes do not delimit strings", start, start + 3,
        fixes: [
          Fix(
            "use straight quotes `\"`",
            edits: [
              TextEdit(range: SourceRange(start: start, end: start + 3), newText: "\""),
              TextEdit(range: SourceRange(start: close, end: close + 3), newText: "\""),
            ])
        ])
      return Token(kind: .error, start: start, end: index)
    }
    if text == "\u{201C}" || text == "\u{201D}" {
      fixes.append(.replace(SourceRange(start: start, end: index), with: "\"", "use a straight quote `\"`"))
    } else if text == "\u{2212}" {
      fixes.append(.replace(SourceRange(start: start, end: index), with: "-", "use the ASCII minus `-`"))
    }
    let what = scalarCount == 1 ? "character" : "characters"
    let shown = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{FFFD}" } ? " `\(text)`" : ""
    report(SyntaxCode.invalidCharacter, "invalid \(what)\(shown) in source", start, index, fixes: fixes)
    return Token(kind: .error, start: start, end: index)
  }

  func utf8Length(at i: Int) -> Int { UTF8Scan.sequenceLength(bytes, at: i) }

  /// The offset of a closing `”` later on the same line.
  func smartQuoteClose(from i: Int) -> Int? {
    var j = i
    while j + 2 < bytes.count, bytes[j] != 0x0A, bytes[j] != 0x0D {
      if bytes[j] == 0xE2, bytes[j + 1] == 0x80, bytes[j + 2] == 0x9D { return j }
      j += 1
    }
    return nil
  }

  func startsToken(_ b: UInt8) -> Bool {
    isWordByte(b) || b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: "\"")
      || b == UInt8(ascii: "#") || b == UInt8(ascii: ".") || Self.punctuation(b) != nil
  }
}

@inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
@inline(__always) func hexValue(_ b: UInt8) -> UInt32? {
  switch b {
  case 0x30...0x39: return UInt32(b - 0x30)
  case 0x41...0x46: return UInt32(b - 0x41 + 10)
  case 0x61...0x66: return UInt32(b - 0x61 + 10)
  default: return nil
  }
}
