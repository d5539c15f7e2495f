import AnimIR
import AnimModel
import AnimSource
import AnimSyntax

/// A block's `let`s by symbol. A block has a handful, so a list searched from the end
/// beats hashing: every name the checker meets is looked up here first, usually in an
/// empty or one-entry list.
struct BlockLocals: Sequence {
  typealias Local = (slot: Int, type: AnimType, stage: Stage, range: SourceRange)

  fileprivate struct Entry {
    var symbol: Symbol
    var local: Local
    var used = false
  }
  private var entries: [Entry] = []
  /// Where each symbol's entry is, once a block has more `let`s than a search suits: a
  /// generated block may hold thousands, and searching the list for each took time in
  /// the square of their number.
  private var positions: [Symbol: Int]? = nil
  private static let searchedUpTo = 16

  private func index(_ symbol: Symbol) -> Int? {
    if let positions { return positions[symbol] }
    return entries.lastIndex { $0.symbol == symbol }
  }

  subscript(symbol: Symbol) -> Local? {
    get { index(symbol).map { entries[$0].local } }
    set {
      if let i = index(symbol) {
        guard let newValue else {
          entries.remove(at: i)
          if positions != nil { reindex() }
          return
        }
        entries[i].local = newValue
      } else if let newValue {
        entries.append(Entry(symbol: symbol, local: newValue))
        if positions != nil {
          positions?[symbol] = entries.count - 1
        } else if entries.count > Self.searchedUpTo {
          reindex()
        }
      }
    }
  }

  /// A symbol has one entry at most (setting an existing one replaces it).
  private mutating func reindex() {
    var positions: [Symbol: Int] = [:]
    for (i, entry) in entries.enumerated() { positions[entry.symbol] = i }
    self.positions = positions
  }

  var keys: [Symbol] { entries.map(\.symbol) }

  mutating func markUsed(_ symbol: Symbol) {
    if let i = index(symbol) { entries[i].used = true }
  }

  func isUsed(_ symbol: Symbol) -> Bool { index(symbol).map { entries[$0].used } ?? false }

  /// The `let`s in the order they were declared. A plain iterator: an `AnyIterator` was
  /// an allocation for every block checked, most of them without a single `let`.
  func makeIterator() -> Iterator { Iterator(entries: entries) }

  struct Iterator: IteratorProtocol {
    fileprivate let entries: [Entry]
    private var position = 0

    fileprivate init(entries: [Entry]) { self.entries = entries }

    mutating func next() -> (Symbol, Local)? {
      guard position < entries.count else { return nil }
      defer { position += 1 }
      return (entries[position].symbol, entries[position].local)
    }
  }
}
