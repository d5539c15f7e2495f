import AnimSource

/// What a token is. Words (reserved, clause and contextual) are `.identifier` or
/// `.keyword` tokens whose symbol tells which.
package enum TokenKind: UInt8, Sendable {
  case endOfFile
  /// A lexical error, already reported; the parser skips it without another message.
  case error
  case identifier
  /// A reserved word (§1).
  case keyword
  case number
  case string
  case color
  case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
  case comma, colon, semicolon, equals, plus, minus, star, slash, dot
  /// `..`; the lexer also turns Swift's `...` and `..<` into this after reporting them.
  case dotDot
  /// `<`, `<=`, `>`, `>=` (§16).
  case less, lessEqual, greater, greaterEqual

  package var spelling: String {
    switch self {
    case .endOfFile: return "end of file"
    case .error: return "invalid token"
    case .identifier: return "name"
    case .keyword: return "keyword"
    case .number: return "number"
    case .string: return "string"
    case .color: return "colour"
    case .leftParen: return "`(`"
    case .rightParen: return "`)`"
    case .leftBracket: return "`[`"
    case .rightBracket: return "`]`"
    case .leftBrace: return "`{`"
    case .rightBrace: return "`}`"
    case .comma: return "`,`"
    case .colon: return "`:`"
    case .semicolon: return "`;`"
    case .equals: return "`=`"
    case .plus: return "`+`"
    case .minus: return "`-`"
    case .star: return "`*`"
    case .slash: return "`/`"
    case .dot: return "`.`"
    case .dotDot: return "`..`"
    case .less: return "`<`"
    case .lessEqual: return "`<=`"
    case .greater: return "`>`"
    case .greaterEqual: return "`>=`"
    }
  }

  /// Binary operators and `,` let a statement continue on the next line (§1).
  package var continuesLine: Bool {
    switch self {
    case .comma, .plus, .minus, .star, .slash, .dotDot, .equals, .colon, .dot, .less, .lessEqual, .greater,
      .greaterEqual:
      return true
    default: return false
    }
  }
}

/// The unit written after a number literal (§1).
@usableFromInline package enum NumberUnit: UInt8, Sendable {
  case none, seconds, milliseconds, degrees, radians, turns, percent

  package var spelling: String {
    switch self {
    case .none: return ""
    case .seconds: return "s"
    case .milliseconds: return "ms"
    case .degrees: return "deg"
    case .radians: return "rad"
    case .turns: return "turn"
    case .percent: return "%"
    }
  }
}

/// One token. `value` carries a number's value (before its unit is applied) or a
/// colour's `0xRRGGBBAA`; `symbol` an identifier's or keyword's interned name.
package struct Token: Sendable {
  package var kind: TokenKind
  package var unit: NumberUnit = .none
  /// A newline (or a comment holding one) came between this token and the previous.
  package var newlineBefore = false
  package var symbol = Symbol(-1)
  package var start: Int32
  package var end: Int32
  package var value: Double = 0

  package init(kind: TokenKind, start: Int, end: Int) {
    self.kind = kind
    self.start = Int32(truncatingIfNeeded: start)
    self.end = Int32(truncatingIfNeeded: end)
  }

  package var range: SourceRange { SourceRange(start: Int(start), end: Int(end)) }
  @inline(__always) package var word: Word? { kind == .identifier || kind == .keyword ? symbol.word : nil }
  package func `is`(_ w: Word) -> Bool { (kind == .identifier || kind == .keyword) && symbol.id == w.rawValue }
  /// `word?.isClauseWord == true` without making the `Word`: the parser asks it of most
  /// names, and the word, made by a call, cost more than the two compares.
  @inline(__always) var isClauseWord: Bool {
    (kind == .identifier || kind == .keyword) && symbol.id >= Word.from.rawValue && symbol.id <= Word.instance.rawValue
  }
}
