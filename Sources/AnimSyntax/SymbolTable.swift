import AnimSource

/// Interns identifiers straight from source bytes, so lexing a name costs one hash and
/// no `String` unless the name is new. Open addressing over slots that carry the name.
///
/// The lexer interns every name it reads, and while a large file is parsed the table
/// keeps falling out of the caches. A slot that held only an id would send each lookup
/// on to the name's own array, a second wait for memory after the slot's. A slot holds
/// the name's first bytes and its length (`Key`): a name of up to `Key.inline` bytes,
/// nearly every name, is found with the one read of its slot.
/// A longer name's bytes are compared with its spelling in `names`.
///
/// Names are UTF-8 (the lexer's are ASCII words), so a name's spelling holds its bytes.
package struct SymbolTable: Sendable {
  package private(set) var names: [String] = []
  private var slots: [Key]
  /// `slots.count - 1` (a power of two). Computed rather than stored: the syntax tree that
  /// holds the table stays within the size the compiler copies without `memcpy`.
  private var mask: Int { slots.count &- 1 }

  /// A name's first `inline` bytes, its length and its id, packed in 16 bytes.
  private struct Key: Equatable {
    /// Bytes 0 to 7 of the name, zero past its end.
    var head: UInt64 = 0
    /// Bytes 8 to 10 (bits 0–23), the length up to 255 (bits 24–31), and the id plus one
    /// (bits 32–63; 0 in a free slot).
    var tail: UInt64 = 0

    static let inline = 11

    init() {}

    /// The key of `bytes[start ..< end]`, read with two wide loads where the array allows.
    @inline(__always) init(_ bytes: [UInt8], _ start: Int, _ end: Int) {
      let n = end - start
      head = ByteChunks.prefix(bytes, at: start, count: n)
      if n > 8 { tail = ByteChunks.prefix(bytes, at: start + 8, count: min(n - 8, Self.inline - 8)) }
      tail |= UInt64(min(n, 255)) << 24
    }

    var isFree: Bool { tail >> 32 == 0 }
    var id: Int32 { Int32(truncatingIfNeeded: (tail >> 32) &- 1) }
    /// Whether the name is longer than the key holds (its bytes must then be compared).
    var isLong: Bool { (tail >> 24) & 0xFF > UInt64(Self.inline) }

    /// The key without its id (as a name's key is before it is added).
    var withoutID: Key {
      var k = self
      k.tail &= 0xFFFF_FFFF
      return k
    }

    func with(id: Int32) -> Key {
      var k = self
      k.tail |= UInt64(UInt32(id) + 1) << 32
      return k
    }

    /// The same name's key, ids aside.
    func matches(_ other: Key) -> Bool { head == other.head && UInt32(truncatingIfNeeded: tail ^ other.tail) == 0 }

    /// A hash of the name's part of the key (not the id, so a slot rehashes as its key):
    /// splitmix64's finalizer, as the low bits that index the table must depend on every
    /// byte (names often differ only in their last digits).
    var hash: Int {
      var z = head ^ ((tail & 0xFFFF_FFFF) &* 0x9E37_79B9_7F4A_7C15)
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int(truncatingIfNeeded: z ^ (z >> 31))
    }
  }

  /// A table holding the words, ids in order (see `Word`).
  package init() { self = Self.words }

  /// Made once and shared: a parser makes several tables, and interning the words into
  /// each was 236 allocations on the parse's serial start. A copy writes its own slots
  /// and names when it first adds a name.
  private static let words: SymbolTable = {
    var table = SymbolTable(slots: freeSlots(256))
    for word in Word.allCases { _ = table.intern(Array(word.spelling.utf8)) }
    return table
  }()

  private init(slots: [Key]) { self.slots = slots }

  /// Makes room for about `count` names in all, so the table does not grow while they are
  /// added: growing rehashes every name, and a large file's table would otherwise grow
  /// from its first size a dozen times.
  mutating func reserve(names count: Int) {
    var size = slots.count
    while count * 2 > size && size < 1 << 24 { size *= 2 }
    if size > slots.count { grow(to: size) }
  }

  /// About how many names `bytes` bytes of source hold: one per 256 bytes (the
  /// benchmark's scenes have one per 200; a table grows only when half full).
  static func expectedNames(inBytes bytes: Int) -> Int { bytes / 256 }

  /// `count` free slots.
  private static func freeSlots(_ count: Int) -> [Key] { [Key](repeating: Key(), count: count) }

  package subscript(symbol: Symbol) -> String {
    symbol.id >= 0 && Int(symbol.id) < names.count ? names[Int(symbol.id)] : "<?>"
  }

  package func lookup(_ name: String) -> Symbol? {
    let bytes = Array(name.utf8)
    guard case .found(let symbol) = slot(for: bytes, 0, bytes.count) else { return nil }
    return symbol
  }

  package mutating func intern(_ name: String) -> Symbol { intern(Array(name.utf8)) }

  package mutating func intern(_ bytes: [UInt8]) -> Symbol { intern(bytes, from: 0, to: bytes.count) }

  /// The symbol for `bytes[start ..< end]`, adding it when new.
  mutating func intern(_ bytes: [UInt8], from start: Int, to end: Int) -> Symbol {
    switch slot(for: bytes, start, end) {
    case .found(let symbol): return symbol
    case .free(let i, let key): return add(String(decoding: bytes[start..<end], as: UTF8.self), key: key, at: i)
    }
  }

  /// Where `bytes` is in `slots`, or the free slot where it would go (and its key).
  private enum Slot {
    case found(Symbol)
    case free(Int, Key)
  }

  @inline(__always) private func slot(for bytes: [UInt8], _ start: Int, _ end: Int) -> Slot {
    slot(for: Key(bytes, start, end)) { id in names[Int(id)].utf8.elementsEqual(bytes[start..<end]) }
  }

  /// Where the name with `key` is, or the free slot for it; `sameName` tells whether the
  /// name with an id is it, when the key cannot (a long name).
  @inline(__always) private func slot(for key: Key, sameName: (Int32) -> Bool) -> Slot {
    var i = key.hash & mask
    while true {
      let s = slots[i]
      if s.isFree { return .free(i, key) }
      if s.matches(key) && (!s.isLong || sameName(s.id)) { return .found(Symbol(s.id)) }
      i = (i + 1) & mask
    }
  }

  /// Adds a new name at free slot `i`.
  private mutating func add(_ name: String, key: Key, at i: Int) -> Symbol {
    let id = Int32(names.count)
    names.append(name)
    slots[i] = key.with(id: id)
    if names.count * 2 > slots.count { grow() }
    return Symbol(id)
  }

  /// Interns `other`'s names in its order; the result maps its symbol ids to this
  /// table's. Names this table lacks get ids as if its lexer had read them next.
  ///
  /// This is a serial step of the parallel parse, for tens of thousands of names on a
  /// large file: the table grows once up front, and a new name shares `other`'s
  /// spelling. Each name's key is taken from `other`'s slots, read in one pass in memory
  /// order: a name's bytes, gathered from its own array, cost a cache miss per name.
  mutating func absorb(_ other: SymbolTable) -> [Int32] {
    while (names.count + other.names.count) * 2 > slots.count { grow() }
    names.reserveCapacity(names.count + other.names.count)
    var keys = [Key](repeating: Key(), count: other.names.count)
    for s in other.slots where !s.isFree { keys[Int(s.id)] = s.withoutID }
    var ids: [Int32] = []
    ids.reserveCapacity(other.names.count)
    for k in other.names.indices {
      let symbol: Symbol
      switch slot(for: keys[k], sameName: { names[Int($0)].utf8.elementsEqual(other.names[k].utf8) }) {
      case .found(let s): symbol = s
      case .free(let i, let key): symbol = add(other.names[k], key: key, at: i)
      }
      ids.append(symbol.id)
    }
    return ids
  }

  /// Rehashes the names into `size` slots (twice as many as now unless told).
  private mutating func grow(to size: Int? = nil) {
    var grown = Self.freeSlots(size ?? slots.count * 2)
    let mask = grown.count - 1
    for s in slots where !s.isFree {
      var i = s.hash & mask
      while !grown[i].isFree { i = (i + 1) & mask }
      grown[i] = s
    }
    slots = grown
  }
}
