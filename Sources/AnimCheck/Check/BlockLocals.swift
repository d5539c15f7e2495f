import AnimSyntax

/// A block's `let`s by symbol. A block has a handful, so a list searched from the end
/// beats hashing: every name the checker meets is looked up here first, usually in an
/// empty or one-entry list.
struct BlockLocals: Sequence {
  typealias Local = (slot: Int, type: AnimType, stage: Stage, range: SourceRange)

  private struct Entry {
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

  /// The `let`s in the order they were declared.
  func makeIterator() -> AnyIterator<(Symbol, Local)> {
    var i = 0
    return AnyIterator {
      guard i < entries.count else { return nil }
      defer { i += 1 }
      return (entries[i].symbol, entries[i].local)
    }
  }
}
