import AnimSource

/// §16's statements: `on drag { … }`, `on release [if COND] { … } [else { … }]`,
/// `live PROP EXPR`, `emit EMITTER`, and `input`'s `drag TARGET to Q over D at T [timing F]`.
extension Parser {
  /// `on drag { … }`, after `on`: the bindings while a press on the node lasts.
  mutating func parseOnDrag(from start: Int, mark m: Int) {
    advance()
    parseBlock(.drag)
    finish(.onDrag, from: start, mark: m)
    tree.features.insert(.interactions)
  }

  /// `on release [if COND] { … } [else { … }]`, after `on`.
  mutating func parseOnRelease(from start: Int, mark m: Int) {
    advance()
    if accept(.if) { parseExpression() } else { absent() }
    parseBlock(.release)
    if accept(.else) {
      parseBlock(.release)
    } else {
      absent()
    }
    finish(.onRelease, from: start, mark: m)
    tree.features.insert(.interactions)
  }

  /// `live PROP EXPR`
  mutating func parseLive() {
    let start = Int(token.start)
    let m = mark
    advance()
    if token.kind == .identifier && !atStatementEnd {
      leaf(.name, payload: token.symbol.id)
    } else {
      error(
        SyntaxCode.expectedName, "expected a property's name after `live`, found \(tokenDescription)",
        notes: ["`live PROP EXPR` binds a property for the instance's whole life (§16)"])
      absent()
    }
    parseExpression()
    finish(.live, from: start, mark: m)
    tree.features.insert(.interactions)
  }

  /// `emit EMITTER`
  mutating func parseEmit() {
    let start = Int(token.start)
    let m = mark
    advance()
    if token.kind == .identifier && !token.isClauseWord && !atStatementEnd {
      leaf(.name, payload: token.symbol.id)
    } else {
      error(SyntaxCode.expectedName, "expected an emitter's name after `emit`, found \(tokenDescription)")
      absent()
    }
    finish(.emit, from: start, mark: m)
  }

  /// `drag TARGET to Q over D at T [timing F]`
  mutating func parseDragInput() {
    let start = Int(token.start)
    let m = mark
    advance()
    parseExpression()
    for word in [Word.to, .over, .at] {
      if accept(word) {
        parseExpression()
      } else {
        error(
          SyntaxCode.expectedToken, "expected `\(word.spelling)` in the drag, found \(tokenDescription)",
          notes: ["a scripted drag is `drag TARGET to Q over D at T [timing F]` (§16)"])
        errorExpression()
      }
    }
    if accept(.timing) { parseExpression() } else { absent() }
    finish(.dragInput, from: start, mark: m)
  }
}
