import AnimSource

/// The result of parsing one file: a tree (always, even for broken input) and the
/// lexical and syntax diagnostics in source order.
package struct ParseResult: Sendable {
  package let tree: SyntaxTree
  package let diagnostics: [Diagnostic]
  /// Comment ranges in source order, when asked for.
  package let comments: [SourceRange]
  /// The heads of the root's children, in order (see `DeclarationHead`).
  package let declarationHeads: [DeclarationHead]
}

/// Recursive descent over the token stream, one method per grammar rule (see
/// `grammar/anim.ebnf`). Errors use panic mode: the first mistake in a statement is
/// reported, the rest of the statement is skipped, and parsing resumes at the next
/// statement boundary, so one mistake gives one diagnostic.
package struct Parser {
  var lexer: Lexer
  var token: Token
  var lookahead: Token
  var lastEnd = 0
  /// The kind of the last consumed token (a `,` or operator lets a line continue, §1).
  var previousKind = TokenKind.endOfFile
  var tree: SyntaxTree
  var diagnostics: [Diagnostic] = []
  /// Children of the nodes under construction.
  var pending = TreeColumn<Int32>(capacity: 256)
  /// The heads of the top-level statements parsed so far (see `DeclarationHead`).
  var heads: [DeclarationHead] = []
  /// Innermost open brackets: true for `(`/`[`, where newlines do not end statements.
  var inParens: [Bool] = []
  /// Set by the first error in a statement; cleared when the next statement begins.
  var statementFailed = false
  /// The file's end has been reported as closing an unclosed `{`.
  var reportedUnclosedAtEnd = false
  /// Where the last unclosed bracket was found out, so the brackets around it that
  /// unwind at the same token are not reported again.
  var unclosedFoundAt: Int32 = -1
  /// The head word of the command whose values are being parsed (`contentsRect`), for
  /// messages that name what the command takes.
  var commandHead: SourceRange?
  let fileEnd: Int
  /// How deep the node being parsed lies: nested expressions and blocks, and the links
  /// of an operator or member chain (each makes the tree one level deeper on its left).
  var nesting = 0
  /// How many node declarations (a spawn's block counting as one) enclose the statement
  /// being parsed (§14's levels).
  var nodeLevel = 0

  package static func parse(_ file: SourceFile, collectComments: Bool = false) -> ParseResult {
    parse(file, collectComments: collectComments, parallel: true)
  }

  /// `parallel: false` keeps a large file on one thread (the result is the same).
  static func parse(
    _ file: SourceFile, collectComments: Bool, parallel: Bool, largest: Int = largestFile
  ) -> ParseResult {
    guard file.bytes.count <= largest else { return tooLarge(file, largest) }
    let split = parallel ? splitGuess(file.bytes) : nil
    // Each half's parser makes room for its nodes on its own thread (see `ParallelParse`).
    var parser = Parser(bytes: file.bytes, collectComments: collectComments, reservingNodes: split == nil)
    if let split {
      parser.parseFileInParallel(split: split)
    } else {
      parser.parseFile()
    }
    let all = (parser.lexer.diagnostics + parser.diagnostics).sortedBySource()
    parser.tree.symbols = parser.lexer.symbols
    return ParseResult(
      tree: parser.tree, diagnostics: all, comments: parser.lexer.comments, declarationHeads: parser.heads)
  }

  /// The largest file read: tokens and nodes hold their offsets in 32 bits.
  package static let largestFile = Int(Int32.max)

  /// An empty file's tree, and one error at the start instead of any offset that would
  /// not fit.
  private static func tooLarge(_ file: SourceFile, _ largest: Int) -> ParseResult {
    var parser = Parser(bytes: [])
    parser.parseFile()
    let error = Diagnostic(
      .error, SyntaxCode.fileTooLarge,
      "the file is \(file.bytes.count) bytes, more than the \(largest) animc reads", at: .at(0),
      notes: ["split the scene into smaller files"])
    return ParseResult(tree: parser.tree, diagnostics: [error], comments: [], declarationHeads: [])
  }

  /// A parser whose lexer starts at `start` rather than at the file's beginning, with
  /// room for the nodes from there to the end unless told not to make it.
  init(bytes: [UInt8], collectComments: Bool = false, startingAt start: Int? = nil, reservingNodes: Bool = true) {
    lexer = Lexer(bytes: bytes)
    if let start { lexer.index = start }
    lexer.collectComments = collectComments
    fileEnd = bytes.count
    token = lexer.next()
    lookahead = lexer.next()
    tree = SyntaxTree(symbols: SymbolTable())
    if reservingNodes { reserveNodes(from: start ?? 0, to: bytes.count) }
  }

  /// Room for the nodes of the bytes from `start` to `end`: about one node per five
  /// bytes (a second half's parser reads from its start, a first half's to the split:
  /// its nodes stay where they are).
  mutating func reserveNodes(from start: Int, to end: Int) {
    tree.reserveNodes(max(end - start, 0) / 5 + 16)
  }

  // MARK: Tokens

  mutating func advance() {
    lastEnd = Int(token.end)
    previousKind = token.kind
    token = lookahead
    lookahead = lexer.next()
  }

  func at(_ kind: TokenKind) -> Bool { token.kind == kind }
  func at(_ word: Word) -> Bool { token.is(word) }

  mutating func accept(_ kind: TokenKind) -> Bool {
    guard token.kind == kind else { return false }
    advance()
    return true
  }

  mutating func accept(_ word: Word) -> Bool {
    guard token.is(word) else { return false }
    advance()
    return true
  }

  /// Newlines end statements unless the innermost bracket is `(` or `[` (§1).
  var newlineEnds: Bool { inParens.last != true }

  // The tests on the current token below are inlined: called, each would be handed a
  // copy of the whole parser.

  /// At `;`, `}`, the end of the file, or a newline that ends a statement.
  @inline(__always) var atStatementEnd: Bool {
    switch token.kind {
    case .semicolon, .rightBrace, .endOfFile: return true
    default: return token.newlineBefore && newlineEnds
    }
  }

  /// A declaration keyword first on its line: where recovery resumes (§1).
  var atDeclarationStart: Bool {
    guard token.newlineBefore || lastEnd == 0, let w = token.word, w.startsDeclaration else { return false }
    // `node`, `let`, `shape` and `path` can also appear inside blocks or expressions;
    // only the form `KEYWORD NAME =` (or `scene`/`input`/`emitter`/… ) starts a declaration.
    switch w {
    case .let, .node, .shape, .path, .timing:
      return lookahead.kind == .identifier
    default: return true
    }
  }

  // MARK: Building nodes

  var mark: Int { pending.count }

  /// Makes a node of the children pushed since `mark`, and pushes it.
  @discardableResult
  mutating func finish(
    _ kind: SyntaxKind, from start: Int, mark: Int, payload: Int32 = -1, flags: UInt8 = 0, end: Int? = nil
  ) -> NodeID {
    let first = Int32(truncatingIfNeeded: tree.back.childIDs.count)
    tree.back.childIDs.append(pending, from: mark)
    pending.truncate(to: mark)
    let e = max(end ?? lastEnd, start)
    let id = NodeID(Int32(truncatingIfNeeded: tree.nodeCount))
    tree.append(
      kind, flags: flags, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: e),
      payload: payload, firstChild: first)
    pending.append(id.index)
    return id
  }

  /// A leaf for the current token, consumed: what `finish` makes of a node without
  /// children, less its work on children (about half the nodes are leaves).
  @discardableResult
  mutating func leaf(_ kind: SyntaxKind, payload: Int32 = -1, flags: UInt8 = 0) -> NodeID {
    let start = UInt32(truncatingIfNeeded: token.start)
    let end = UInt32(truncatingIfNeeded: token.end)
    advance()
    let id = NodeID(Int32(truncatingIfNeeded: tree.nodeCount))
    tree.append(
      kind, flags: flags, start: start, end: max(end, start), payload: payload,
      firstChild: Int32(truncatingIfNeeded: tree.back.childIDs.count))
    pending.append(id.index)
    return id
  }

  /// An `.absent` placeholder for an optional part.
  @discardableResult
  mutating func absent() -> NodeID { finish(.absent, from: lastEnd, mark: mark, end: lastEnd) }

  /// Removes the last pushed node from the pending children (when a caller decides a
  /// node it parsed belongs elsewhere).
  mutating func popPending() -> Int32? { pending.popLast() }

  // MARK: Errors

  /// Reports the first syntax error of a statement; later ones would only follow from it.
  mutating func error(
    _ code: String, _ message: String, at range: SourceRange? = nil, labels: [Label] = [], notes: [String] = [],
    fixes: [Fix] = []
  ) {
    guard !statementFailed else { return }
    statementFailed = true
    // A token the lexer already rejected has its own diagnostic.
    if token.kind == .error && range == nil { return }
    diagnostics.append(
      .error(code, message, at: range ?? token.range, labels: labels, notes: notes, fixes: fixes))
  }

  /// What the current token is, for messages.
  var tokenDescription: String {
    switch token.kind {
    case .identifier, .keyword: return "`\(lexer.symbols[token.symbol])`"
    case .number, .string, .color: return token.kind.spelling
    default: return token.kind.spelling
    }
  }

  /// `what` is made only for the message: building "after \(owner)" for every `let` would
  /// format a string per statement that no one reads.
  mutating func expect(_ kind: TokenKind, _ what: @autoclosure () -> String) -> Bool {
    if accept(kind) { return true }
    // `rotate(45 deg)`: the unit, apart from its number, is what stopped the expression.
    let unitFix = unitAfterSpaceFix()
    error(
      SyntaxCode.expectedToken,
      unitFix.isEmpty
        ? "expected \(kind.spelling) \(what()), found \(tokenDescription)"
        : "a unit follows its number with no space between", fixes: unitFix)
    return false
  }

  /// Skips the token a broken statement starts with (a whole `{ … }` or `( … )` when it
  /// opens one), then the rest of the statement: recovery always makes progress.
  mutating func skipStatement() {
    switch token.kind {
    case .endOfFile, .rightBrace: return
    case .leftBrace, .leftParen, .leftBracket: skipBalanced()
    default: advance()
    }
    synchronize()
  }

  /// Skips the rest of a broken statement: up to its end, keeping brackets balanced so a
  /// skipped `{ … }` is skipped whole.
  mutating func synchronize() {
    while !atStatementEnd {
      if atDeclarationStart && !inParens.isEmpty { return }
      switch token.kind {
      case .leftBrace, .leftParen, .leftBracket: skipBalanced()
      case .rightParen, .rightBracket: advance()
      default: advance()
      }
    }
  }

  /// Skips from an opening bracket to its partner (or the end of the file).
  mutating func skipBalanced() {
    var depth = 0
    repeat {
      switch token.kind {
      case .leftBrace, .leftParen, .leftBracket: depth += 1
      case .rightBrace, .rightParen, .rightBracket: depth -= 1
      case .endOfFile: return
      default: break
      }
      advance()
    } while depth > 0
  }

  /// Reports an opener that was never closed, once for the file's end. A `(` or `[` in a
  /// statement that already failed is not reported again.
  mutating func reportUnclosed(_ opener: Token, closer: String) {
    if opener.kind != .leftBrace && statementFailed { return }
    let atEnd = token.kind == .endOfFile
    if atEnd && reportedUnclosedAtEnd || unclosedFoundAt == token.start { return }
    if atEnd { reportedUnclosedAtEnd = true }
    unclosedFoundAt = token.start
    let place = atEnd ? "the file ends here" : "expected \(closer) before this"
    diagnostics.append(
      .error(
        SyntaxCode.unclosedDelimiter, "unclosed \(opener.kind.spelling)", at: opener.range,
        labels: [Label(atEnd ? .at(fileEnd) : token.range, place)],
        fixes: [Fix.replace(.at(lastEnd), with: closer.trimmingCharacters(in: "`"), "insert the missing \(closer)")]))
    statementFailed = true
  }
}

extension String {
  func trimmingCharacters(in set: Character) -> String {
    var s = Substring(self)
    while s.first == set { s = s.dropFirst() }
    while s.last == set { s = s.dropLast() }
    return String(s)
  }
}
