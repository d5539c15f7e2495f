import AnimIR
import AnimModel
import AnimSyntax

/// A map from syntax nodes to small integers, for the few nodes that have one (a file's
/// facts are a few in a hundred of its nodes): open addressing with linear probing over
/// two arrays, kept at most half full. A column with a slot per node cost each checker
/// megabytes of memory touched for the first time.
struct NodeMap {
  /// Node indices, or -1 for an empty slot.
  private var keys: [Int32]
  private var values: [Int32]
  private(set) var count = 0
  /// `keys.count - 1`; the capacity is a power of two.
  private var mask: Int
  /// `32 - log2(capacity)`: the hash's top bits index the table.
  private var shift: UInt32

  init() {
    keys = Array(repeating: -1, count: 64)
    values = Array(repeating: 0, count: 64)
    mask = 63
    shift = 26
  }

  /// Where `key` is, or the empty slot where it would go.
  private func position(_ key: Int32) -> Int {
    // Fibonacci hashing, from the product's top bits: node indices come in dense runs
    // (a file of nested calls records nearly every node), which the index itself would
    // pile into one long run of taken slots.
    var i = Int(truncatingIfNeeded: (UInt32(bitPattern: key) &* 0x9E37_79B1) >> shift)
    while keys[i] != key && keys[i] != -1 { i = (i + 1) & mask }
    return i
  }

  subscript(node: NodeID) -> Int32? {
    get {
      let i = position(node.index)
      return keys[i] == -1 ? nil : values[i]
    }
    set {
      guard let newValue else { return }  // entries are never removed
      var i = position(node.index)
      if keys[i] == -1 {
        if (count + 1) * 2 > keys.count {
          grow()
          i = position(node.index)
        }
        keys[i] = node.index
        count += 1
      }
      values[i] = newValue
    }
  }

  private mutating func grow() {
    let (oldKeys, oldValues) = (keys, values)
    keys = Array(repeating: -1, count: oldKeys.count * 2)
    values = Array(repeating: 0, count: oldKeys.count * 2)
    mask = keys.count - 1
    shift -= 1
    for (key, value) in zip(oldKeys, oldValues) where key != -1 {
      let i = position(key)
      keys[i] = key
      values[i] = value
    }
  }
}
