import AnimSource

/// expression := range [(`<`|`<=`|`>`|`>=`) range] (§16: no chains);  range := sum [`..` sum];  sum := product {(`+`|`-`) product};
/// product := unary {(`*`|`/`) unary};  unary := `-` unary | postfix;
/// postfix := primary {`.` NAME}   (§2: call and member bind tightest, then unary `-`)
///
/// Most expressions are one name or number, which went down the six levels of calls
/// below to reach it: `parseSum` through `parsePostfix` are inlined into their callers,
/// so an expression costs two calls (`parseExpression`, `parsePrimary`) rather than six;
/// a negation is the one call that recurses.
extension Parser {
  /// A binary operator continues the expression unless a newline ends the statement first.
  @inline(__always) var operatorContinues: Bool { !(token.newlineBefore && newlineEnds) }

  mutating func parseExpression() {
    // A value must start on the line of what it follows, unless that was `,` or an
    // operator (§1): `over` at the end of a line does not take the next line's words.
    if token.newlineBefore && newlineEnds && !previousKind.continuesLine {
      error(SyntaxCode.expectedExpression, "expected an expression before the end of the line", at: .at(lastEnd))
      finish(.errorExpression, from: lastEnd, mark: mark, end: lastEnd)
      return
    }
    guard deepen() else { return errorExpression() }
    defer { nesting -= 1 }
    let start = Int(token.start)
    let m = mark
    parseRange()
    guard let op = comparison, operatorContinues else { return }
    advance()
    parseRange()
    finish(.binary, from: start, mark: m, flags: op.rawValue)
    if let again = comparison, operatorContinues {
      error(
        SyntaxCode.chainedComparison, "comparisons do not chain: `\(again.spelling)` cannot follow another comparison",
        notes: ["compare two values at a time (§16)"])
      advance()
      parseRange()
    }
  }

  /// range := sum [`..` sum]
  @inline(__always) mutating func parseRange() {
    let start = Int(token.start)
    let m = mark
    parseSum()
    if at(.dotDot) && operatorContinues {
      advance()
      parseSum()
      finish(.range, from: start, mark: m)
    }
  }

  /// The comparison operator at the current token, if any (§16).
  var comparison: BinaryOperator? {
    switch token.kind {
    case .less: return .less
    case .lessEqual: return .lessEqual
    case .greater: return .greater
    case .greaterEqual: return .greaterEqual
    default: return nil
    }
  }

  @inline(__always) mutating func parseSum() { parseBinaryLevel(.sum) }

  @inline(__always) mutating func parseProduct() { parseBinaryLevel(.product) }

  /// The two levels of arithmetic, loosest first.
  enum BinaryLevel {
    case sum, product
  }

  /// One left-associative level, `sum` or `product`: `operand {operator operand}`, each
  /// operator making a `.binary` node of all before it. The tree a chain builds is as
  /// deep as the chain is long, so each operator is one level of `nesting`; the level
  /// gives them all back when it ends. The level is a value rather than a closure, so
  /// each operand is a direct call on the expression parser's hottest path.
  mutating func parseBinaryLevel(_ level: BinaryLevel) {
    let start = Int(token.start)
    let m = mark
    let outer = nesting
    defer { nesting = outer }
    parseOperand(of: level)
    while let op = binaryOperator(at: level), operatorContinues {
      guard deepen() else { return }
      advance()
      parseOperand(of: level)
      finish(.binary, from: start, mark: m, flags: op.rawValue)
    }
  }

  /// The operator of `level` at the current token, if any.
  @inline(__always) func binaryOperator(at level: BinaryLevel) -> BinaryOperator? {
    switch (level, token.kind) {
    case (.sum, .plus): return .add
    case (.sum, .minus): return .subtract
    case (.product, .star): return .multiply
    case (.product, .slash): return .divide
    default: return nil
    }
  }

  /// A sum's operands are products; a product's are unary expressions.
  @inline(__always) mutating func parseOperand(of level: BinaryLevel) {
    if level == .sum { parseBinaryLevel(.product) } else { parseUnary() }
  }

  @inline(__always) mutating func parseUnary() {
    if at(.minus) { parseNegation() } else { parsePostfix() }
  }

  mutating func parseNegation() {
    guard deepen() else { return errorExpression() }
    defer { nesting -= 1 }
    let start = Int(token.start)
    let m = mark
    advance()
    parseUnary()
    finish(.negate, from: start, mark: m)
  }

  @inline(__always) mutating func parsePostfix() {
    let start = Int(token.start)
    let m = mark
    let outer = nesting
    defer { nesting = outer }
    parsePrimary()
    while at(.dot) && operatorContinues {
      guard deepen() else { return }
      advance()
      guard token.kind == .identifier || token.kind == .keyword else {
        error(SyntaxCode.expectedName, "expected a member name after `.`, found \(tokenDescription)")
        return
      }
      let member = token.symbol.id
      advance()
      finish(.member, from: start, mark: m, payload: member)
    }
  }

  mutating func parsePrimary() {
    switch token.kind {
    case .number:
      leaf(.number, payload: tree.numberPayload(token.value), flags: token.unit.rawValue)
    case .string:
      tree.back.strings.append(decodeStringLiteral(lexer.bytes[Int(token.start)..<Int(token.end)]))
      leaf(.string, payload: Int32(tree.back.strings.count - 1))
    case .color:
      tree.back.numbers.append(token.value)
      leaf(.color, payload: Int32(tree.back.numbers.count - 1))
    case .keyword: parseKeywordPrimary()
    case .identifier: parseNameOrCall()
    case .dot where lookahead.kind == .identifier || lookahead.kind == .keyword:
      let start = Int(token.start)
      advance()
      let m = mark
      let symbol = token.symbol.id
      advance()
      finish(.enumCase, from: start, mark: m, payload: symbol)
    case .leftParen: parseParenOrPoint()
    case .leftBracket: parseList()
    case .error:
      statementFailed = true
      leaf(.errorExpression)
    default: expectedExpression()
    }
  }

  /// The most levels a node may lie below its declaration (`nesting`). The stages after
  /// the parser recurse on the tree, so an input nested without end would otherwise end
  /// them with a stack overflow; a thousand levels is far past anything written by hand.
  package static let deepestNesting = 1_000

  /// One level deeper (a nested expression or block, or one more link of an operator or
  /// member chain), or false, with the error reported, when it would be too deep. The
  /// caller undoes it when it leaves the level.
  @inline(__always) mutating func deepen() -> Bool {
    guard nesting < Self.deepestNesting else {
      reportNestedTooDeeply()
      return false
    }
    nesting += 1
    return true
  }

  /// Reports nesting past `deepestNesting` (once per statement) and skips the deeper part
  /// whole, brackets balanced, so the levels above it still find their closers.
  mutating func reportNestedTooDeeply() {
    error(
      SyntaxCode.nestedTooDeeply, "this is nested more than \(Self.deepestNesting) levels deep",
      notes: ["give a part of it a name with `let`, or split the chain"])
    statementFailed = true
    if at(.leftParen) || at(.leftBracket) || at(.leftBrace) { skipBalanced() } else if !at(.endOfFile) { advance() }
  }

  mutating func expectedExpression() {
    var fixes: [Fix] = []
    if at(.dot) { fixes.append(.replace(token.range, with: "", "enum cases are written `.name`")) }
    error(SyntaxCode.expectedExpression, "expected an expression, found \(tokenDescription)", fixes: fixes)
    errorExpression()
  }

  mutating func parseKeywordPrimary() {
    switch token.word {
    case .true: leaf(.bool, flags: 1)
    case .false: leaf(.bool, flags: 0)
    case .self: leaf(.selfExpr)
    case .trigger: leaf(.triggerExpr)
    case .scene: leaf(.sceneExpr)
    case .drag: leaf(.dragExpr)
    case .shape: parseShapeLiteral()
    case .path:
      let start = Int(token.start)
      let m = mark
      advance()
      parseBlock(.pathCommands)
      finish(.pathLiteral, from: start, mark: m)
    default: expectedExpression()
    }
  }

  /// A name, or a call when `(` follows; a clause word is a name only when called
  /// (`max(a, b)`, `rotate(30deg)`), and otherwise ends the expression.
  mutating func parseNameOrCall() {
    let calls = lookahead.kind == .leftParen && !(lookahead.newlineBefore && newlineEnds)
    if token.isClauseWord && !calls {
      expectedExpression()
      return
    }
    let start = Int(token.start)
    let m = mark
    leaf(.name, payload: token.symbol.id)
    if calls {
      parseArguments()
      finish(.call, from: start, mark: m)
    }
  }

  /// `(` [argument {`,` argument}] `)` where argument := [NAME `:`] expression.
  mutating func parseArguments() { parseSeparatedItems(.arguments) }

  /// `argument := [NAME `:`] expression`.
  mutating func parseArgument() {
    let start = Int(token.start)
    let m = mark
    var label: Int32 = -1
    if (token.kind == .identifier || token.kind == .keyword) && lookahead.kind == .colon {
      label = token.symbol.id
      advance()
      advance()
    }
    parseExpression()
    finish(.argument, from: start, mark: m, payload: label)
  }

  /// The two bracketed, comma-separated lists: a call's arguments and a list literal.
  enum SeparatedList {
    case arguments, list

    var closer: TokenKind { self == .arguments ? .rightParen : .rightBracket }
    var spelling: String { self == .arguments ? "`)`" : "`]`" }
    var name: String { self == .arguments ? "the argument list" : "the list" }
  }

  /// The opener (the current token), then items separated by `,` up to the closer
  /// (consumed), with newlines inside not ending the statement. A bracket that meets
  /// `stopsBracket` was never closed, reported at its opener; anything else between items
  /// is reported and skipped to the closer (`skipToCloser`).
  mutating func parseSeparatedItems(_ kind: SeparatedList) {
    let closer = kind.closer
    let opener = token
    advance()
    inParens.append(true)
    defer { inParens.removeLast() }
    while !accept(closer) {
      if stopsBracket() {
        reportUnclosed(opener, closer: kind.spelling)
        return
      }
      if kind == .arguments { parseArgument() } else { parseExpression() }
      if !accept(.comma) && !at(closer) {
        if stopsBracket() { continue }
        expectedTokenError("expected `,` or \(kind.spelling) in \(kind.name), found \(tokenDescription)")
        skipToCloser(closer)
        return
      }
    }
  }

  /// Inside `(`/`[`: the end of file, a `}` or `{`, or a declaration keyword starting a
  /// line means the bracket was never closed.
  @inline(__always) func stopsBracket() -> Bool {
    at(.endOfFile) || at(.rightBrace) || at(.leftBrace) || atDeclarationStart
  }

  /// After an error inside brackets: skip to the closer (consumed). A different closer
  /// is left for the bracket it belongs to.
  mutating func skipToCloser(_ closer: TokenKind) {
    while !at(closer) && !stopsBracket() && !at(.rightParen) && !at(.rightBracket) {
      if at(.leftParen) || at(.leftBracket) { skipBalanced() } else { advance() }
    }
    _ = accept(closer)
  }

  /// `(e)` or the point `(x, y)`.
  mutating func parseParenOrPoint() {
    let opener = token
    let start = Int(token.start)
    let m = mark
    advance()
    inParens.append(true)
    defer { inParens.removeLast() }
    if at(.rightParen) {
      error(
        SyntaxCode.expectedExpression, "expected an expression or a point `(x, y)` inside `()`",
        at: SourceRange(start: start, end: Int(token.end)))
      advance()
      finish(.errorExpression, from: start, mark: m)
      return
    }
    parseExpression()
    var kind = SyntaxKind.paren
    if accept(.comma) {
      parseExpression()
      kind = .point
      if at(.comma) {
        let third = token.range
        skipToCloser(.rightParen)
        reportThirdCoordinate(at: third, in: SourceRange(start: start, end: lastEnd))
        finish(.errorExpression, from: start, mark: m)
        return
      }
    }
    if !accept(.rightParen) {
      if stopsBracket() {
        reportUnclosed(opener, closer: "`)`")
      } else {
        expectedTokenError("expected `)`, found \(tokenDescription)")
        skipToCloser(.rightParen)
      }
    }
    finish(kind, from: start, mark: m)
  }

  /// `[a, b, …]`
  mutating func parseList() {
    let start = Int(token.start)
    let m = mark
    parseSeparatedItems(.list)
    finish(.list, from: start, mark: m)
  }

  /// `shape { … }` or `shape(w, h) { … }`
  mutating func parseShapeLiteral() {
    let start = Int(token.start)
    let m = mark
    advance()
    if at(.leftParen) {
      let opener = token
      advance()
      inParens.append(true)
      parseExpression()
      if expect(.comma, "between the shape's width and height") { parseExpression() } else { errorExpression() }
      if !accept(.rightParen) {
        if stopsBracket() { reportUnclosed(opener, closer: "`)`") } else { _ = expect(.rightParen, "after the size") }
      }
      inParens.removeLast()
    } else {
      absent()
      absent()
    }
    parseBlock(.pathCommands)
    finish(.shapeLiteral, from: start, mark: m)
  }
}

extension Parser {
  /// `(0, 0, 0.5, 1)`: more than a point's two coordinates. A list of numbers is written
  /// in brackets, so the fix turns the parentheses into brackets; after `contentsRect`,
  /// which takes a list of four numbers, the message says so.
  mutating func reportThirdCoordinate(at third: SourceRange, in whole: SourceRange) {
    let closed = whole.end > whole.start && lexer.bytes[whole.end - 1] == UInt8(ascii: ")")
    let text = String(decoding: lexer.bytes[whole.start..<whole.end], as: UTF8.self)
    let list = closed ? "[" + text.dropFirst().dropLast() + "]" : ""
    let fixes: [Fix] = closed ? [.replace(whole, with: list, "write a list: `\(list)`")] : []
    if let head = commandHead, String(decoding: lexer.bytes[head.start..<head.end], as: UTF8.self) == "contentsRect" {
      error(
        SyntaxCode.expectedToken, "`contentsRect` takes a list of four numbers, `[x, y, w, h]`, not a point",
        at: whole, fixes: fixes)
    } else {
      error(
        SyntaxCode.expectedToken, "a point has two coordinates, `(x, y)`; found a third",
        at: third, notes: ["a list of numbers is written in brackets, `[a, b, c]`"], fixes: fixes)
    }
  }
}
