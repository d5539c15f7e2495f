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

  private func index(_ symbol: Symbol) -> Int? {
    entries.lastIndex { $0.symbol == symbol }
  }

  subscript(symbol: Symbol) -> Local? {
    get { index(symbol).map { entries[$0].local } }
    set {
      if let i = index(symbol) {
        if let newValue { entries[i].local = newValue } else { entries.remove(at: i) }
      } else if let newValue {
        entries.append(Entry(symbol: symbol, local: newValue))
      }
    }
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
