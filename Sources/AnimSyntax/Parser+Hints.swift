import AnimSource

/// Fixes for the habits other languages teach: a unit written apart from its number
/// (`over 1 s`), a property set with `:` or `=` (`fill: #FF0000;`, `opacity = 0.5`).
extension Parser {
  /// Units are part of a number literal (§1): they bind only with no space between.
  static let unitWords: Set<String> = ["s", "ms", "deg", "rad", "turn"]

  /// `1 s` → `1s` when the current token is a unit word on the same line as the number
  /// just read; empty otherwise.
  func unitAfterSpaceFix() -> [Fix] {
    guard previousKind == .number, token.kind == .identifier, !token.newlineBefore,
      Self.unitWords.contains(lexer.symbols[token.symbol])
    else { return [] }
    let start = numberStart(endingAt: lastEnd)
    let number = String(decoding: lexer.bytes[start..<lastEnd], as: UTF8.self)
    let written = number + lexer.symbols[token.symbol]
    return [
      .replace(
        SourceRange(start: start, end: Int(token.end)), with: written,
        "write the unit right after the number: `\(written)`")
    ]
  }

  /// An E0204 where a bracket's list stopped; when what stopped it is a unit apart from
  /// its number (`rotate(45 deg)`), that is the message and the fix.
  mutating func expectedTokenError(_ message: String) {
    let unitFix = unitAfterSpaceFix()
    error(
      SyntaxCode.expectedToken, unitFix.isEmpty ? message : "a unit follows its number with no space between",
      fixes: unitFix)
  }

  /// Where the number literal ending at `end` starts: back over digits, `.` and an
  /// exponent's letters and sign. The lexer has read it as one number, so it stops at
  /// the separator before it.
  private func numberStart(endingAt end: Int) -> Int {
    var i = end
    let bytes = lexer.bytes
    while i > 0 {
      let b = bytes[i - 1]
      let digitOrLetter = (b >= 0x30 && b <= 0x39) || b == 0x2E || b == 0x65 || b == 0x45
      let exponentSign = (b == 0x2B || b == 0x2D) && i >= 2 && (bytes[i - 2] == 0x65 || bytes[i - 2] == 0x45)
      guard digitOrLetter || exponentSign else { break }
      i -= 1
    }
    return i
  }

  /// `fill: #FF0000` or `opacity = 0.5` in a block: one error at the `:` or `=` with the
  /// fix `fill #FF0000`, and the value read as if it were not there, so the rest of the
  /// statement reports nothing more. Call with the token at the `:` or `=`.
  mutating func parseSeparatedValue(head: SourceRange) {
    let punctuation = token
    let index = diagnostics.count
    error(
      SyntaxCode.expectedExpression,
      "a property's value follows its name after a space, not `\(punctuation.kind == .colon ? ":" : "=")`",
      at: punctuation.range)
    let reported = diagnostics.count > index
    advance()
    let valueStart = Int(token.start)
    // The value's own mistakes are independent of the separator: reported too.
    statementFailed = false
    repeat { parseExpression() } while accept(.comma)
    let valueFailed = statementFailed
    statementFailed = true
    guard reported, !valueFailed, valueStart < lastEnd else { return }
    let name = String(decoding: lexer.bytes[head.start..<head.end], as: UTF8.self)
    let value = String(decoding: lexer.bytes[valueStart..<lastEnd], as: UTF8.self)
    let written = name + " " + value
    diagnostics[index].fixes = [
      .replace(SourceRange(start: head.start, end: lastEnd), with: written, "write `\(written)`")
    ]
  }
}
