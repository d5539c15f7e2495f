import AnimSyntax

/// A map from syntax nodes to small integers: a column with a slot per node, over the
/// range of nodes set so far. Facts are recorded in nearly increasing node order, so
/// reads and writes walk the column in order; and a checker that checks only the
/// second half of a file holds a column for that half only.
struct NodeMap {
  /// The node of `slots[0]`.
  private var base = 0
  /// A value plus one; 0 for a node without one.
  private var slots: [Int32] = []
  private(set) var count = 0

  subscript(node: NodeID) -> Int32? {
    get {
      let i = Int(node.index) - base
      guard i >= 0 && i < slots.count, slots[i] != 0 else { return nil }
      return slots[i] - 1
    }
    set {
      guard let newValue else { return }  // entries are never removed
      let i = slot(Int(node.index))
      if slots[i] == 0 { count += 1 }
      slots[i] = newValue + 1
    }
  }

  /// The slot of `node`, after widening the column to hold it: at least doubling, so a
  /// column grows a logarithmic number of times, toward the side that was passed.
  private mutating func slot(_ node: Int) -> Int {
    if slots.isEmpty {
      base = node
      slots = Array(repeating: 0, count: 1024)
    }
    guard node < base || node >= base + slots.count else { return node - base }
    let size = max(slots.count * 2, max(base + slots.count, node + 1) - min(base, node))
    let newBase = node < base ? max(0, base + slots.count - size) : base
    var grown = [Int32](repeating: 0, count: size)
    grown.replaceSubrange((base - newBase)..<(base - newBase + slots.count), with: slots)
    slots = grown
    base = newBase
    return node - base
  }
}
