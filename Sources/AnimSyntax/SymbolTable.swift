/// Interns identifiers straight from source bytes, so lexing a name costs one hash and
/// no `String` unless the name is new. Open addressing, FNV-1a over the bytes.
public struct SymbolTable: Sendable {
  public private(set) var names: [String] = []
  private var nameBytes: [[UInt8]] = []
  private var slots: [Int32]
  private var mask: Int

  public init() {
    slots = [Int32](repeating: -1, count: 256)
    mask = 255
    for word in Word.allCases { _ = intern(Array(word.spelling.utf8)) }
  }

  public subscript(symbol: Symbol) -> String {
    symbol.id >= 0 && Int(symbol.id) < names.count ? names[Int(symbol.id)] : "<?>"
  }

  public func lookup(_ name: String) -> Symbol? {
    let bytes = Array(name.utf8)
    return bytes.withUnsafeBufferPointer { find($0, hash: Self.hash($0)) }
  }

  public mutating func intern(_ name: String) -> Symbol { intern(Array(name.utf8)) }

  public mutating func intern(_ bytes: [UInt8]) -> Symbol {
    bytes.withUnsafeBufferPointer { intern($0) }
  }

  /// The symbol for `bytes`, adding it when new.
  public mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Symbol {
    // The lexer's path for every name: the probe loop is written out here (through
    // `slot(for:)` it cost 4% more instructions).
    var i = Self.hash(bytes) & mask
    while true {
      let s = slots[i]
      if s < 0 { break }
      if Self.equal(nameBytes[Int(s)], bytes) { return Symbol(s) }
      i = (i + 1) & mask
    }
    let copy = Array(bytes)
    return add(String(decoding: copy, as: UTF8.self), copy, at: i)
  }

  /// Where `bytes` is in `slots`, or the free slot where it would go.
  private enum Slot {
    case found(Symbol)
    case free(Int)
  }

  private func slot(for bytes: UnsafeBufferPointer<UInt8>) -> Slot {
    var i = Self.hash(bytes) & mask
    while true {
      let s = slots[i]
      if s < 0 { return .free(i) }
      if Self.equal(nameBytes[Int(s)], bytes) { return .found(Symbol(s)) }
      i = (i + 1) & mask
    }
  }

  /// Adds a new name at free slot `i`.
  private mutating func add(_ name: String, _ bytes: [UInt8], at i: Int) -> Symbol {
    let id = Int32(names.count)
    names.append(name)
    nameBytes.append(bytes)
    slots[i] = id
    if names.count * 2 > slots.count { grow() }
    return Symbol(id)
  }

  /// Interns `other`'s names in its order; the result maps its symbol ids to this
  /// table's. Names this table lacks get ids as if its lexer had read them next.
  ///
  /// This is a serial step of the parallel parse, for tens of thousands of names on a
  /// large file: the table grows once up front, and a new name shares `other`'s
  /// spelling and bytes rather than being copied.
  mutating func absorb(_ other: SymbolTable) -> [Int32] {
    while (names.count + other.names.count) * 2 > slots.count { grow() }
    var ids: [Int32] = []
    ids.reserveCapacity(other.names.count)
    for k in other.names.indices {
      let bytes = other.nameBytes[k]
      let symbol: Symbol
      switch bytes.withUnsafeBufferPointer({ slot(for: $0) }) {
      case .found(let s): symbol = s
      case .free(let i): symbol = add(other.names[k], bytes, at: i)
      }
      ids.append(symbol.id)
    }
    return ids
  }

  private func find(_ bytes: UnsafeBufferPointer<UInt8>, hash h: Int) -> Symbol? {
    var i = h & mask
    while slots[i] >= 0 {
      if Self.equal(nameBytes[Int(slots[i])], bytes) { return Symbol(slots[i]) }
      i = (i + 1) & mask
    }
    return nil
  }

  private mutating func grow() {
    let size = slots.count * 2
    slots = [Int32](repeating: -1, count: size)
    mask = size - 1
    for (id, bytes) in nameBytes.enumerated() {
      var i = bytes.withUnsafeBufferPointer { Self.hash($0) } & mask
      while slots[i] >= 0 { i = (i + 1) & mask }
      slots[i] = Int32(id)
    }
  }

  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: h ^ (h >> 29))
  }

  private static func equal(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    for i in 0..<a.count where a[i] != b[i] { return false }
    return true
  }
}
