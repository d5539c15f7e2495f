import AnimSource
import Dispatch

/// Parsing a large file on two cores. A guess at where the second half begins (a
/// declaration keyword at the start of a line, past the middle) is parsed on a second
/// thread while the first half is parsed up to it. If the first parser arrives exactly
/// at that token, between declarations, the guess was right: the second tree is
/// appended to the first, its nodes, literals and names renumbered as if one parser had
/// read on. Otherwise the first parser reads on and the guess is dropped. Either way the
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

  /// Both halves of a file, each handed to the one thread that parses it. Taken out
  /// afterwards, so no second reference makes the tree copy on its next append.
  private final class Halves: @unchecked Sendable {
    var first: Parser?
    var second: Parser?
    init(_ first: Parser, _ second: Parser) {
      self.first = first
      self.second = second
    }

    func take() -> (Parser, Parser)? {
      guard let first, let second else { return nil }
      self.first = nil
      self.second = nil
      return (first, second)
    }
  }

  mutating func parseFileInParallel(split: Int) {
    let m = mark
    // Starting on the newline before the split gives its token `newlineBefore`, as in one pass.
    let second = Parser(bytes: lexer.bytes, collectComments: lexer.collectComments, startingAt: split - 1)
    let halves = Halves(self, second)
    DispatchQueue.concurrentPerform(iterations: 2) { i in
      if i == 0 { halves.first?.parseDeclarations(stoppingAt: split) } else { halves.second?.parseDeclarations() }
    }
    guard let (first, later) = halves.take() else { return parseFile() }
    // Consumed: a copy left in `first` would share the tree's buffers, and the appends
    // below would then copy the whole first half.
    self = consume first
    if arrivedCleanly(at: split) {
      append(later, from: split)
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

  /// Appends the declarations `later` parsed from `split` to the end of the file.
  mutating func append(_ later: Parser, from split: Int) {
    let symbolIDs = lexer.symbols.absorb(later.lexer.symbols)
    let nodeBase = Int32(tree.nodes.count)
    tree.append(later.tree, symbolIDs: symbolIDs)
    for id in later.pending { pending.append(id + nodeBase) }
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
  /// Appends `later`'s nodes, children and literals after this tree's, renumbered as if
  /// one parser had read on; `symbolIDs` maps `later`'s symbols to this tree's.
  mutating func append(_ later: SyntaxTree, symbolIDs: [Int32]) {
    let nodeBase = Int32(nodes.count)
    let childBase = Int32(childIDs.count)
    let numberBase = Int32(numbers.count)
    let stringBase = Int32(strings.count)
    // Copied whole, then renumbered in place: a loop of appends cost about 30
    // instructions a node, and this join is the one serial step of the parallel parse.
    let first = nodes.count
    nodes += later.nodes
    tags += later.tags
    later.tags.withUnsafeBufferPointer { laterTags in
      symbolIDs.withUnsafeBufferPointer { symbolIDs in
        nodes.withUnsafeMutableBufferPointer { all in
          for i in first..<all.count {
            all[i].firstChild &+= childBase
            let payload = all[i].payload
            guard payload >= 0 else { continue }
            switch laterTags[i &- first].kind {
            case .number, .color: all[i].payload = payload &+ numberBase
            case .string: all[i].payload = payload &+ stringBase
            default: all[i].payload = symbolIDs[Int(payload)]  // names, labels, clause words
            }
          }
        }
      }
    }
    let firstID = childIDs.count
    childIDs += later.childIDs
    childIDs.withUnsafeMutableBufferPointer { all in
      for i in firstID..<all.count { all[i] &+= nodeBase }
    }
    numbers += later.numbers
    strings += later.strings
  }
}
