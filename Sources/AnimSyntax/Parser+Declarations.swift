import AnimSource

/// file := declaration*  — one method per declaration form (§3).
extension Parser {
  mutating func parseFile() {
    let m = mark
    parseDeclarations()
    tree.root = finish(.file, from: 0, mark: m, end: fileEnd)
  }

  /// Top-level declarations up to the end, or up to the first one at or past `stop`,
  /// each one's head noted (see `DeclarationHead`) as soon as it is parsed.
  mutating func parseDeclarations(stoppingAt stop: Int = .max) {
    while !at(.endOfFile) && Int(token.start) < stop {
      statementFailed = false
      let before = token.start
      let first = mark
      parseDeclaration()
      noteHeads(from: first)
      endStatement()
      if token.start == before && !at(.endOfFile) { advance() }  // never loop in place
    }
  }

  mutating func parseDeclaration() {
    switch token.word {
    case .scene: parseScene()
    case .let: parseBinding(.letDecl)
    case .timing: parseBinding(.timingDecl)
    case .path: parseBinding(.pathDecl)
    case .shape: parseShapeDecl()
    case .node: parseNodeDecl()
    case .emitter: parseEmitter()
    case .replicate: parseReplicate()
    case .input: parseInput()
    default: parseMisplacedTopLevel()
    }
  }

  /// Anything else at the top level: one error, then skip it (a whole `{ … }` included).
  mutating func parseMisplacedTopLevel() {
    let start = Int(token.start)
    let m = mark
    switch token.kind {
    case .rightBrace, .rightParen, .rightBracket:
      error(
        SyntaxCode.unexpectedCloser, "unexpected \(token.kind.spelling) with nothing open to close",
        fixes: [.replace(token.range, with: "", "remove it")])
      advance()
    case .error:
      statementFailed = true
      advance()
    default:
      if let w = token.word, [.animate, .spawn, .group, .sequence].contains(w) {
        error(
          SyntaxCode.misplacedStatement, "`\(w.spelling)` must be inside a block",
          notes: ["animations go inside a `node` or a `spawn` block; `spawn` inside an `emitter`"])
      } else if token.kind == .identifier {
        let spelled = lexer.symbols[token.symbol]
        let keywords = ["scene", "let", "timing", "shape", "path", "node", "emitter", "replicate", "input"]
        var fixes: [Fix] = []
        if let near = closestWord(to: spelled, in: keywords) {
          fixes.append(.replace(token.range, with: near, "did you mean `\(near)`?"))
        }
        error(
          SyntaxCode.expectedDeclaration, "expected a declaration, found \(tokenDescription)",
          notes: [
            "a file is a list of `scene`, `let`, `timing`, `shape`, `path`, `node`, `emitter`, `replicate` and `input` declarations"
          ],
          fixes: fixes)
      } else {
        error(SyntaxCode.expectedDeclaration, "expected a declaration, found \(tokenDescription)")
      }
      skipStatement()
    }
    finish(.errorStatement, from: start, mark: m)
  }

  /// After a declaration or statement: `;`, a newline, `}` or the end; else one error and skip.
  mutating func endStatement() {
    if accept(.semicolon) { return }
    if atStatementEnd || (inParens.isEmpty && atDeclarationStart) { return }
    let unitFix = unitAfterSpaceFix()
    error(
      SyntaxCode.expectedStatementEnd,
      unitFix.isEmpty
        ? "expected the end of the statement, found \(tokenDescription)"
        : "a unit follows its number with no space between",
      notes: unitFix.isEmpty ? ["statements end at a newline or `;`"] : [], fixes: unitFix)
    synchronize()
  }

  /// `scene ["title"] { settings }`
  mutating func parseScene() {
    let start = Int(token.start)
    let m = mark
    advance()
    if at(.string) || at(.error) { parsePrimary() } else { absent() }
    parseBlock(.scene)
    finish(.sceneDecl, from: start, mark: m)
  }

  /// `let|timing|path NAME = EXPR`, and with `block` a declaration that may have one:
  /// `shape NAME = EXPR [{ style }]`, `node NAME = SHAPE [{ body }]`. `owner` names what
  /// the `=` follows in the error when it is missing.
  mutating func parseBinding(_ kind: SyntaxKind, owner: String = "the name", block: BlockContext? = nil) {
    let start = Int(token.start)
    let m = mark
    advance()
    parseDeclaredName()
    if expect(.equals, "after \(owner)") { parseExpression() } else { errorExpression() }
    if let block { parseOptionalBlock(block) }
    finish(kind, from: start, mark: m)
  }

  mutating func parseShapeDecl() { parseBinding(.shapeDecl, owner: "the shape's name", block: .style) }

  /// `node NAME = SHAPE [{ body }]`, or a group `node NAME { body }` (§14), whose shape is
  /// `.absent`. A node nested past `deepestNodeLevel` is reported and skipped whole, so
  /// the levels above it still find their closers.
  mutating func parseNodeDecl() {
    guard nodeLevel < Self.deepestNodeLevel else { return reportNodeTooDeep() }
    if nodeLevel > 0 { tree.features.insert(.nestedNodes) }
    nodeLevel += 1
    defer { nodeLevel -= 1 }
    let start = Int(token.start)
    let m = mark
    advance()
    parseDeclaredName()
    if at(.leftBrace) {
      absent()
    } else if expect(.equals, "after the node's name") {
      parseExpression()
    } else {
      errorExpression()
    }
    parseOptionalBlock(.node)
    finish(.nodeDecl, from: start, mark: m)
  }

  /// How many levels of nodes may nest, a top-level node, spawn or replicator child being
  /// the first (§14).
  package static let deepestNodeLevel = 64

  /// One error at the declaration that would be level 65, which is skipped.
  mutating func reportNodeTooDeep() {
    let start = Int(token.start)
    let m = mark
    error(
      SyntaxCode.nodesNestedTooDeeply,
      "this node would be nested \(Self.deepestNodeLevel + 1) levels deep; nodes nest at most \(Self.deepestNodeLevel) levels (§14)",
      notes: ["declare a part of the tree at the top level and move it with its own animations"])
    skipStatement()
    finish(.errorStatement, from: start, mark: m)
  }

  /// `emitter NAME { triggers, settings, spawn }`
  mutating func parseEmitter() {
    let start = Int(token.start)
    let m = mark
    advance()
    parseDeclaredName()
    parseBlock(.emitter)
    finish(.emitterDecl, from: start, mark: m)
  }

  /// `replicate NAME count N { instance …; node … }`
  mutating func parseReplicate() {
    let start = Int(token.start)
    let m = mark
    advance()
    parseDeclaredName()
    if accept(.count) {
      parseExpression()
    } else {
      error(
        SyntaxCode.expectedToken, "expected `count` after the replicator's name, found \(tokenDescription)",
        fixes: [.replace(.at(lastEnd), with: " count 3", "give the number of copies: `count 3`")])
      errorExpression()
    }
    parseBlock(.replicate)
    finish(.replicateDecl, from: start, mark: m)
  }

  /// `input { events }`
  mutating func parseInput() {
    let start = Int(token.start)
    let m = mark
    advance()
    parseBlock(.input)
    finish(.inputDecl, from: start, mark: m)
  }

  /// The name being declared; a reserved or clause word is reported but kept, so the
  /// rest of the declaration still parses.
  mutating func parseDeclaredName() {
    switch token.kind {
    case .identifier where !token.isClauseWord:
      leaf(.name, payload: token.symbol.id)
    case .identifier, .keyword:
      let w = lexer.symbols[token.symbol]
      error(
        SyntaxCode.reservedWordAsName, "`\(w)` is a reserved word and cannot be a name",
        fixes: [.replace(token.range, with: w + "_", "rename it, for example `\(w)_`")])
      leaf(.name, payload: token.symbol.id)
    default:
      error(SyntaxCode.expectedName, "expected a name, found \(tokenDescription)")
      finish(.errorExpression, from: lastEnd, mark: mark, end: lastEnd)
    }
  }

  mutating func errorExpression() {
    finish(.errorExpression, from: Int(token.start), mark: mark, end: Int(token.start))
  }
}
