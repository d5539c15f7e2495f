import AnimModel

/// A tree scene's paint order (§14) for one set of sampled records: which sampled record
/// goes where, and each arranged record's parent's arranged index.
///
/// It depends only on which instances are sampled, in live order (their `seq`s): an
/// instance's parent, ordinal and z never change while it lives. Most frames sample the
/// same instances as the one before, so the order is worked out once for them and reused,
/// rather than sorted again through the tree's dictionaries every frame.
struct TreeArrangement {
  /// The sampled records' instances, in live order, that this arrangement is for.
  private(set) var seqs: [Int] = []
  /// For each arranged record, the index of the sampled record it copies.
  private(set) var order: [Int] = []
  /// For each arranged record, its parent's arranged index; -1 for a top-level one.
  private(set) var parents: [Int32] = []
  /// The arranged records' instances, in order.
  private(set) var orderedSeqs: [Int] = []

  init() {}

  /// Paint order for records in live order whose instances are `seqs` (increasing) and
  /// whose z are `z`: depth first, top level by z then creation, children by z then
  /// declaration (declared before spawned), then creation. A record whose parent is not
  /// among them is left out: a child shows only while its parent does.
  init(seqs: [Int], z: (Int) -> Double, parentSeq: [Int: Int], ordinal: [Int: Int]) {
    self.seqs = seqs
    let n = seqs.count
    // Each record's parent record: `seqs` increase, so a binary search finds it.
    var parentRecord = [Int](repeating: -1, count: n)
    var childCount = [Int](repeating: 0, count: n + 1)
    var roots: [Int] = []
    for k in 0..<n {
      guard let parent = parentSeq[seqs[k]] else {
        roots.append(k)
        continue
      }
      if let p = Self.index(of: parent, in: seqs) {
        parentRecord[k] = p
        childCount[p + 1] += 1
      } else {
        parentRecord[k] = -2
      }
    }
    // The children of record p are `children[start[p]..<start[p + 1]]`, in live order.
    var start = childCount
    for p in 0..<n { start[p + 1] += start[p] }
    var fill = start
    var children = [Int](repeating: 0, count: start[n])
    for k in 0..<n where parentRecord[k] >= 0 {
      children[fill[parentRecord[k]]] = k
      fill[parentRecord[k]] += 1
    }
    roots.sort { z($0) != z($1) ? z($0) < z($1) : seqs[$0] < seqs[$1] }
    order.reserveCapacity(n)
    parents.reserveCapacity(n)
    orderedSeqs.reserveCapacity(n)
    // Depth first with a stack of (record, parent's arranged index), pushed in reverse so
    // that they come off in order.
    var stack: [(Int, Int32)] = roots.reversed().map { ($0, -1) }
    var kids: [Int] = []
    while let (k, parent) = stack.popLast() {
      let at = Int32(order.count)
      order.append(k)
      parents.append(parent)
      orderedSeqs.append(seqs[k])
      kids.removeAll(keepingCapacity: true)
      kids.append(contentsOf: children[start[k]..<start[k + 1]])
      kids.sort {
        if z($0) != z($1) { return z($0) < z($1) }
        // Declared children before spawned ones (§14), which have no ordinal.
        let (a, b) = (ordinal[seqs[$0]] ?? .max, ordinal[seqs[$1]] ?? .max)
        return a != b ? a < b : seqs[$0] < seqs[$1]
      }
      stack.append(contentsOf: kids.reversed().lazy.map { ($0, at) })
    }
  }

  /// Where `seq` sits in the increasing `seqs`, if it does.
  private static func index(of seq: Int, in seqs: [Int]) -> Int? {
    var low = 0
    var high = seqs.count
    while low < high {
      let mid = (low + high) / 2
      if seqs[mid] < seq { low = mid + 1 } else { high = mid }
    }
    return low < seqs.count && seqs[low] == seq ? low : nil
  }
}
