import AnimSource

/// What a block belongs to; decides the contextual words it accepts.
enum BlockContext {
  case scene, style, node, spawn, emitter, replicate, input, pathCommands, animation, group
  /// `on drag { … }` and `on release { … }` (§16).
  case drag, release

  /// Whether `node` declarations may appear in it (§14: a node's, a spawn's and a
  /// replicator's blocks).
  var holdsNodes: Bool { self == .node || self == .spawn || self == .replicate }
}

/// block := `{` statement* `}` — statements of every block kind.
extension Parser {
  mutating func parseOptionalBlock(_ context: BlockContext) {
    if at(.leftBrace) { parseBlock(context) } else { absent() }
  }

  mutating func parseBlock(_ context: BlockContext) {
    let opener = token
    let start = Int(token.start)
    let m = mark
    guard deepen() else {
      finish(.block, from: start, mark: m)
      return
    }
    defer { nesting -= 1 }
    inParens.append(false)
    defer { inParens.removeLast() }
    if !accept(.leftBrace) {
      error(
        SyntaxCode.expectedToken, "expected `{` to open the block, found \(tokenDescription)",
        at: token.newlineBefore ? .at(lastEnd) : nil, fixes: [.replace(.at(lastEnd), with: " {", "insert `{`")])
      // When the body follows anyway, read it as the block, so its lines are not
      // reported one by one as misplaced.
      if at(.endOfFile) || atDeclarationStart || !token.newlineBefore {
        finish(.block, from: start, mark: m, end: start)
        return
      }
    }
    var previousWasOneLineAnimate = false
    while true {
      if at(.rightBrace) {
        advance()
        break
      }
      // Asked first: `timing` is also a declaration word, and `timing easeIn` under a
      // one-line `animate` is its clause, not a new declaration (§1).
      let strayClause = previousWasOneLineAnimate && token.newlineBefore && continuesAnimation
      if !strayClause && (at(.endOfFile) || atDeclarationStart && closesBlock(context)) {
        if opener.kind == .leftBrace { reportUnclosed(opener, closer: "`}`") }
        break
      }
      statementFailed = false
      let before = token.start
      if strayClause {
        reportClauseOnNextLine()
      } else {
        parseStatement(context)
      }
      previousWasOneLineAnimate = lastStatementWasOneLineAnimate
      endStatement()
      if token.start == before && !at(.endOfFile) && !at(.rightBrace) { advance() }  // never loop in place
    }
    finish(.block, from: start, mark: m)
  }

  /// A top-level declaration keyword inside a block means the block was never closed,
  /// except `node` where a child may be declared (§14) and `let` anywhere.
  func closesBlock(_ context: BlockContext) -> Bool {
    switch token.word {
    case .let: return false
    case .node: return !context.holdsNodes
    default: return true
    }
  }

  /// A clause word that can only continue an animation (`fill` only with an enum case,
  /// since `fill COLOR` is also a style statement).
  /// `timing NAME = …` is a declaration even there: the block above was never closed.
  var continuesAnimation: Bool {
    guard let w = token.word else { return false }
    if w == .fill { return lookahead.kind == .dot }
    if w == .timing && lookahead.kind == .identifier { return !equalsFollowsLookahead }
    return w.isAnimationClause
  }

  /// Whether `=` comes next after `lookahead` on its line (spaces and tabs between), to
  /// tell a `timing` clause from a `timing` declaration. Read from the bytes, not by
  /// lexing ahead: a lexer's copy that interns a name copies the whole symbol table.
  var equalsFollowsLookahead: Bool {
    let bytes = lexer.bytes
    var i = Int(lookahead.end)
    while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
    return i < bytes.count && bytes[i] == 0x3D
  }

  var lastStatementWasOneLineAnimate: Bool {
    guard let last = pending.last else { return false }
    let node = NodeID(last)
    return tree.kind(node) == .animate && tree.flags(node) & 1 == 0
  }

  /// `animate x to 5` newline `over 1s`: one error with the fix, and the clause skipped.
  mutating func reportClauseOnNextLine() {
    let start = Int(token.start)
    let m = mark
    let joinRange = SourceRange(start: lastEnd, end: Int(token.start))
    error(
      SyntaxCode.clauseOnNextLine,
      "`\(lexer.symbols[token.symbol])` on a new line does not continue the one-line `animate` above it",
      fixes: [
        .replace(joinRange, with: " ", "join the lines or use the block form `animate PROP { … }`")
      ])
    skipStatement()
    finish(.errorStatement, from: start, mark: m)
  }

  mutating func parseStatement(_ context: BlockContext) {
    let start = Int(token.start)
    let m = mark
    switch token.word {
    case .let: parseBinding(.letDecl)
    case .node where context.holdsNodes: parseNodeDecl()
    case .animate: parseAnimate()
    case .group: parseGroup(.group)
    case .sequence: parseGroup(.sequence)
    case .spawn: parseSpawn()
    case .on: parseOnTap()
    case .every: parseEvery()
    case .at: parseAt()
    case .remove: parseRemoveAfter()
    case .instance: parseInstance()
    case .live: parseLive()
    case .emit: parseEmit()
    case .drag where context == .input: parseDragInput()
    case .tap where context == .input: parseInputEvent()
    case .pause, .resume, .speed:
      if context == .input { parseInputEvent() } else { parseCommand() }
    default:
      if token.kind == .identifier || (token.kind == .keyword && token.word == .timing && context != .scene) {
        parseCommand()
      } else {
        if token.kind == .error {
          statementFailed = true
        } else {
          error(SyntaxCode.unknownStatement, "expected a statement, found \(tokenDescription)")
        }
        skipStatement()
        finish(.errorStatement, from: start, mark: m)
      }
    }
  }

  /// `WORD [arg {, arg}] [ccw]` — properties, style, scene settings, path commands, …
  mutating func parseCommand() {
    let start = Int(token.start)
    let m = mark
    let head = token.range
    leaf(.name, payload: token.symbol.id)
    commandHead = head
    defer { commandHead = nil }
    var flags: UInt8 = 0
    if at(.colon) || at(.equals) {
      parseSeparatedValue(head: head)
    } else if !atStatementEnd && !at(.leftBrace) {
      repeat {
        parseExpression()
        if at(.ccw) {
          advance()
          flags |= 1
          break
        }
      } while accept(.comma)
    }
    finish(.command, from: start, mark: m, flags: flags)
  }

  /// `spawn SHAPE [in NODE] [{ body }]`; the parent is the node's last child, after the
  /// block, so the shape and the block keep their places.
  mutating func parseSpawn() {
    let start = Int(token.start)
    let m = mark
    advance()
    parseExpression()
    var parent: Token? = nil
    if at(.in) {
      advance()
      if token.kind == .identifier && !token.isClauseWord && !atStatementEnd {
        parent = token
        advance()
      } else {
        error(
          SyntaxCode.expectedName, "expected the parent node's name after `in`, found \(tokenDescription)",
          notes: ["`spawn SHAPE in NODE { … }` makes each instance a child of NODE (§14)"])
      }
    }
    // A spawned instance is a node: its children are one level deeper.
    nodeLevel += 1
    parseOptionalBlock(.spawn)
    nodeLevel -= 1
    if let parent {
      finish(.name, from: Int(parent.start), mark: mark, payload: parent.symbol.id, end: Int(parent.end))
    } else {
      absent()
    }
    finish(.spawn, from: start, mark: m)
  }

  /// `on tap [NODE]`, `on birth of EMITTER`, `on death of EMITTER` (§15). One node kind
  /// for the three: its flags say which (`OnTrigger`), its child is the name or absent.
  mutating func parseOnTap() {
    let start = Int(token.start)
    let m = mark
    advance()
    if token.is(.drag) { return parseOnDrag(from: start, mark: m) }
    if token.is(.release) { return parseOnRelease(from: start, mark: m) }
    var flags = OnTrigger.tap.rawValue
    if token.is(.birth) || token.is(.death) {
      flags = (token.is(.birth) ? OnTrigger.birth : OnTrigger.death).rawValue
      tree.features.insert(.secondaryTriggers)
      advance()
      if !accept(.of) {
        error(
          SyntaxCode.expectedToken, "expected `of` and an emitter's name, found \(tokenDescription)",
          fixes: [.replace(.at(lastEnd), with: " of", "write `on birth of EMITTER` or `on death of EMITTER`")])
      }
      if token.kind == .identifier && !token.isClauseWord && !atStatementEnd {
        leaf(.name, payload: token.symbol.id)
      } else {
        error(SyntaxCode.expectedName, "expected an emitter's name, found \(tokenDescription)")
        absent()
      }
      finish(.onTap, from: start, mark: m, flags: flags)
      return
    }
    if !accept(.tap) {
      error(
        SyntaxCode.expectedToken,
        "expected `tap`, `birth of`, `death of`, `drag` or `release` after `on`, found \(tokenDescription)",
        notes: [
          "triggers are `on tap`, `on tap NODE`, `on birth of E`, `on death of E`, `every P` and `at T, …`; a node's drag blocks are `on drag { … }` and `on release { … }`"
        ])
    }
    if token.kind == .identifier && !atStatementEnd { leaf(.name, payload: token.symbol.id) } else { absent() }
    finish(.onTap, from: start, mark: m, flags: flags)
  }

  /// `every P [from F] [until U]`
  mutating func parseEvery() {
    let start = Int(token.start)
    let m = mark
    advance()
    parseExpression()
    if accept(.from) { parseExpression() } else { absent() }
    if accept(.until) { parseExpression() } else { absent() }
    finish(.every, from: start, mark: m)
  }

  /// `at t₁, t₂, …`
  mutating func parseAt() {
    let start = Int(token.start)
    let m = mark
    advance()
    repeat { parseExpression() } while accept(.comma)
    finish(.at, from: start, mark: m)
  }

  /// `remove after D`
  mutating func parseRemoveAfter() {
    let start = Int(token.start)
    let m = mark
    advance()
    if !accept(.after) {
      error(
        SyntaxCode.expectedToken, "expected `after` following `remove`, found \(tokenDescription)",
        fixes: [.replace(.at(lastEnd), with: " after", "write `remove after D`")])
    }
    parseExpression()
    finish(.removeAfter, from: start, mark: m)
  }

  /// `instance transform f₁ f₂ …` | `instance delay D` | `instance color C` |
  /// `instance offset CHANNEL Δ`
  mutating func parseInstance() {
    let start = Int(token.start)
    let m = mark
    advance()
    let sub = token
    guard let word = token.word, [.transform, .delay, .color, .offset].contains(word) else {
      error(
        SyntaxCode.expectedToken,
        "expected `transform`, `delay`, `color` or `offset` after `instance`, found \(tokenDescription)")
      synchronize()
      finish(.instance, from: start, mark: m)
      return
    }
    advance()
    switch word {
    case .transform:
      repeat { parsePostfix() } while !atStatementEnd && !statementFailed
    case .offset:
      if token.kind == .identifier {
        leaf(.name, payload: token.symbol.id)
      } else {
        error(SyntaxCode.expectedName, "expected `red`, `green`, `blue` or `alpha` after `instance offset`")
        errorExpression()
      }
      parseExpression()
    default:
      parseExpression()
    }
    finish(.instance, from: start, mark: m, payload: sub.symbol.id)
  }

  /// `tap [TARGET] at …|every …`, `pause at T`, `resume at T`, `speed S at T`
  mutating func parseInputEvent() {
    let start = Int(token.start)
    let m = mark
    let head = token.symbol
    advance()
    if at(.at) || at(.every) || atStatementEnd {
      absent()
    } else {
      parseExpression()
    }
    if at(.at) {
      parseAt()
    } else if at(.every) && head == .tap {
      parseEvery()
    } else {
      error(
        SyntaxCode.expectedToken, "expected `at` with the event's time, found \(tokenDescription)",
        notes: [
          "input events are `tap TARGET at T, …`, `tap TARGET every P [from F] [until U]`, `pause at T`, `resume at T`, `speed S at T`"
        ])
      errorExpression()
    }
    finish(.inputEvent, from: start, mark: m, payload: head.id)
  }
}
