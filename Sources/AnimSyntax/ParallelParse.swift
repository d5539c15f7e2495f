import AnimSource
import AnimThreads
import Dispatch

/// Parsing a large file on two cores. A guess at where the second half begins (a
/// declaration keyword at the start of a line, past the middle) is parsed on a second
/// thread while the first half is parsed up to it. If the first parser arrives exactly
/// at that token, between declarations, the guess was right: the second tree
/// becomes the rest of the first (its node ids and names renumbered in place as if one
/// parser had read on; see `SyntaxTree`). Otherwise the first parser reads on and the guess is dropped. Either way the
/// tree and the diagnostics are those of one parser reading the whole file.
extension Parser {
  /// Below this size a second thread costs more than it saves.
  static let parallelThreshold = 256 * 1024

  /// Declarations a line may begin with at the guessed split.
  private static let splitWords = ["node ", "emitter ", "replicate ", "let ", "shape ", "path ", "timing "].map {
    Array($0.utf8)
  }

  /// The offset of the first line past the middle that starts with a declaration
  /// keyword, or nil for a small file or none within reach.
  static func splitGuess(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= parallelThreshold else { return nil }
    var i = bytes.count / 2
    let limit = min(bytes.count - 16, i + 256 * 1024)
    while i < limit {
      if bytes[i] == 0x0A, splitWords.contains(where: { startsWith($0, bytes, at: i + 1) }) { return i + 1 }
      i += 1
    }
    return nil
  }

  private static func startsWith(_ word: [UInt8], _ bytes: [UInt8], at start: Int) -> Bool {
    guard start + word.count <= bytes.count else { return false }
    for (k, b) in word.enumerated() where bytes[start + k] != b { return false }
    return true
  }

  /// The first half is parsed by this parser, the second by one made on the other
  /// thread; the two write nothing in common and only read the bytes (`ForkJoin`). The
  /// second parser is moved out, never copied, so the tree being built keeps one holder
  /// and its appends never copy a column.
  mutating func parseFileInParallel(split: Int) {
    let m = mark
    let bytes = lexer.bytes
    let collectComments = lexer.collectComments
    var second: Parser?
    ForkJoin.run(
      {
        // Each tree and table is sized on the thread that fills it: first touching a
        // large block faults in fresh pages, which the serial start would wait for. The
        // first table is sized for the whole file's names (the second's are added to it
        // at the join), the second for its half's.
        reserveNodes(from: 0, to: split)
        lexer.symbols.reserve(names: SymbolTable.expectedNames(inBytes: bytes.count))
        parseDeclarations(stoppingAt: split)
      },
      {
        // Starting on the newline before the split gives its token `newlineBefore`, as in one pass.
        var parser = Parser(bytes: bytes, collectComments: collectComments, startingAt: split - 1)
        parser.lexer.symbols.reserve(names: SymbolTable.expectedNames(inBytes: bytes.count - split))
        parser.parseDeclarations()
        second = consume parser
      })
    if arrivedCleanly(at: split), var rest = second.take() {
      append(&rest, from: split)
    } else {
      parseDeclarations()
    }
    tree.root = finish(.file, from: 0, mark: m, end: fileEnd)
  }

  /// Whether this parser stopped where a fresh parser starting at `split` would begin:
  /// on the split's token, at the top level, with no error state that reaches past it.
  func arrivedCleanly(at split: Int) -> Bool {
    Int(token.start) == split && inParens.isEmpty && !reportedUnclosedAtEnd && Int(unclosedFoundAt) < split
  }

  /// Appends the declarations `later` parsed from `split` to the end of the file; its
  /// tree is taken, not copied.
  mutating func append(_ later: inout Parser, from split: Int) {
    let symbolIDs = lexer.symbols.absorb(later.lexer.symbols)
    let nodeBase = Int32(tree.nodeCount)
    tree.join(taking: &later.tree, symbolIDs: symbolIDs)
    for i in 0..<later.pending.count { pending.append(later.pending[i] + nodeBase) }
    heads += later.heads.map { $0.renumbered(nodeBase: nodeBase, symbolIDs: symbolIDs) }
    // This lexer has read one token past the split; the later one reports what lies there.
    lexer.diagnostics = lexer.diagnostics.filter { $0.range.start < split } + later.lexer.diagnostics
    lexer.comments = lexer.comments.filter { $0.start < split } + later.lexer.comments
    diagnostics += later.diagnostics
    token = later.token
    lookahead = later.lookahead
    lastEnd = later.lastEnd
    previousKind = later.previousKind
    lexer.index = later.lexer.index
    reportedUnclosedAtEnd = later.reportedUnclosedAtEnd
    unclosedFoundAt = later.unclosedFoundAt
  }
}

extension SyntaxTree {
  /// Makes this tree's nodes the front part and `later`'s nodes the rest, numbered on
  /// after them; `symbolIDs` maps `later`'s symbols to this tree's. `later` is left
  /// empty: its arrays are moved here and renumbered in place, over pages already
  /// touched, where copying them touched as many fresh ones on the parse's serial step.
  /// This tree must not have a front part yet (a file is split once).
  mutating func join(taking later: inout SyntaxTree, symbolIDs: [Int32]) {
    let nodeBase = Int32(nodeCount)
    // Swapped rather than assigned throughout, so each part keeps one holder and is
    // rewritten in place, not copied.
    var rest = Part()
    swap(&rest, &later.back)
    rest.renumber(nodeBase: nodeBase, symbolIDs: symbolIDs)
    swap(&front, &back)
    swap(&back, &rest)
    frontCount = Int(nodeBase)
    features.formUnion(later.features)
  }
}

extension SyntaxTree.Part {
  /// Numbers this part's nodes on from `nodeBase` and maps its names by `symbolIDs`.
  /// Literal payloads stay: they index this part's own `numbers` and `strings`.
  ///
  /// The join's largest step, over the second half's whole tree, in place. On one
  /// thread: splitting the two columns between two cores gained 2–3 %, under the 15 % a
  /// second thread must earn (issue 28).
  fileprivate mutating func renumber(nodeBase: Int32, symbolIDs: [Int32]) {
    nodes.update { _, node in
      guard node.payload >= 0 else { return }
      switch node.kind {
      case .number, .color, .string: return
      default: node.payload = symbolIDs[Int(node.payload)]  // names, labels, clause words
      }
    }
    childIDs.update { _, id in id &+= nodeBase }
  }
}
