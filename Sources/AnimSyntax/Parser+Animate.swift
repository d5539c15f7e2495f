/// animate := `animate` PROP (clause* | `{` clause-per-line `}`)   (§6)
extension Parser {
  mutating func parseAnimate() {
    let start = Int(token.start)
    let m = mark
    advance()
    if token.kind == .identifier && !(token.word?.isAnimationClause ?? false) {
      leaf(.name, payload: token.symbol.id)
    } else {
      error(
        SyntaxCode.expectedName, "expected the property to animate, found \(tokenDescription)",
        // Not a list of the properties: those are the vocabulary's (AnimCheck), which the
        // checker lists when a name is not one of them.
        notes: ["`animate` takes the name of an animatable property, such as `opacity` or `position` (§6.1)"])
      synchronize()
      finish(.animate, from: start, mark: m)
      return
    }
    if at(.leftBrace) {
      parseClauseBlock()
      finish(.animate, from: start, mark: m, flags: 1)
      return
    }
    parseClauses()
    finish(.animate, from: start, mark: m)
  }

  /// Clauses on one line, until the statement (or a group's `{`) ends.
  mutating func parseClauses() {
    while !atStatementEnd && !at(.leftBrace) && !statementFailed {
      guard token.isClauseWord || token.is(.timing) || token.is(.with) else {
        let unitFix = unitAfterSpaceFix()
        error(
          SyntaxCode.expectedToken,
          unitFix.isEmpty
            ? "expected a clause, found \(tokenDescription)" : "a unit follows its number with no space between",
          notes: unitFix.isEmpty
            ? [
              "clauses are from, to, by, keyframes, along, over, delay, timing, repeat, autoreverse, fill, additive, cumulative, interpolate, pacing, rotate"
            ] : [],
          fixes: unitFix)
        synchronize()
        return
      }
      parseClause()
    }
  }

  /// `{ clause per line }` of a block-form `animate`.
  mutating func parseClauseBlock() {
    let opener = token
    advance()
    inParens.append(false)
    defer { inParens.removeLast() }
    while !accept(.rightBrace) {
      if at(.endOfFile) || atDeclarationStart && token.word != .let && token.word != .timing {
        reportUnclosed(opener, closer: "`}`")
        return
      }
      let before = token.start
      if token.isClauseWord || token.is(.timing) || token.is(.with) {
        let startsWithFrom = at(.from)
        parseClause()
        // `from V to V` and `from V by V` are one value, so they share a line (§6).
        if startsWithFrom && (at(.to) || at(.by)) && !atStatementEnd { parseClause() }
      } else if token.kind == .error {
        statementFailed = true
        advance()
      } else {
        error(SyntaxCode.expectedToken, "expected a clause, found \(tokenDescription)")
        skipStatement()
      }
      endStatement()
      statementFailed = false
      if token.start == before && !at(.endOfFile) && !at(.rightBrace) { advance() }  // never loop in place
    }
  }

  /// One clause; see `SyntaxKind.clause` for its children.
  mutating func parseClause() {
    let start = Int(token.start)
    let m = mark
    let word = token.word ?? .over
    advance()
    var flags: UInt8 = 0
    switch word {
    case .autoreverse, .additive, .cumulative:
      break
    case .repeat:
      if at(.forever) {
        leaf(.forever)
        flags = 1
      } else if accept(.for) {
        parseExpression()
        flags = 2
      } else {
        parseExpression()
      }
    case .keyframes:
      parseKeyframes()
    default:
      parseExpression()
    }
    finish(.clause, from: start, mark: m, payload: word.rawValue, flags: flags)
  }

  /// `k0: v0 [T0], k1: v1 [T1], …, kn: vn` (§6.5). A clause word after a value ends the
  /// list; a name or call before the next `,` is that segment's timing.
  mutating func parseKeyframes() {
    while true {
      let start = Int(token.start)
      let m = mark
      parseExpression()
      if !expect(.colon, "after the key time") {
        finish(.keyframe, from: start, mark: m)
        return
      }
      parseExpression()
      if token.kind == .number && !atStatementEnd {
        error(
          SyntaxCode.missingKeyframeComma, "expected `,` between keyframes, found a number",
          fixes: [.replace(.at(lastEnd), with: ",", "insert `,`")])
        absent()
        finish(.keyframe, from: start, mark: m)
        return
      }
      let hasTiming = token.kind == .identifier && !token.isClauseWord && !atStatementEnd
      if hasTiming { parsePostfix() } else { absent() }
      finish(.keyframe, from: start, mark: m)
      if accept(.comma) { continue }
      if hasTiming, let last = pending.last {
        let timing = tree.child(NodeID(last), 2)
        error(
          SyntaxCode.timingAfterLastKeyframe, "a timing after the last keyframe has no segment to apply to",
          at: tree.range(timing),
          fixes: [
            .replace(tree.range(timing), with: "", "remove it, or put it after the value that starts the segment")
          ])
      }
      return
    }
  }

  /// `group|sequence CLAUSE* { … }`
  mutating func parseGroup(_ kind: SyntaxKind) {
    let start = Int(token.start)
    let m = mark
    advance()
    parseClauses()
    parseBlock(.group)
    finish(kind, from: start, mark: m)
  }
}
