/// Reading a subtree ahead of a walk over it.
///
/// The checker walks a declaration from its root down, and in a large file's tree every
/// record it then reads has long left the caches: each read waited for memory before the
/// next could start (profiles of `animc check` on 5 MB showed `child(_:_:)` at 6% of the
/// cycles for under 1% of the instructions). Nodes are numbered in post-order, so a
/// declaration's subtree is one run of records, kinds and children ids; reading that run
/// first, in a plain loop, lets the processor fetch its cache lines together.
extension SyntaxTree {
  /// The first node of `id`'s subtree (its leftmost leaf, as nodes are in post-order).
  public func subtreeStart(_ id: NodeID) -> NodeID {
    var first = id
    while childCount(first) > 0 { first = child(first, 0) }
    return first
  }

  /// Reads one word per cache line of the nodes from `first` through `last` and of their
  /// children runs, and returns a value made of them: the caller keeps it, so the reads
  /// are not optimised away. It means nothing else.
  public func warm(from first: NodeID, through last: NodeID) -> Int {
    let lo = Int(first.index)
    let hi = Int(last.index) + 1
    guard lo < hi else { return 0 }
    var sum = 0
    if lo < frontCount { sum &+= front.warm(lo, min(hi, frontCount)) }
    if hi > frontCount { sum &+= back.warm(max(lo, frontCount) - frontCount, hi - frontCount) }
    return sum
  }
}

extension SyntaxTree.Part {
  /// `SyntaxTree.warm` within this part, for its nodes `lo..<hi`.
  fileprivate func warm(_ lo: Int, _ hi: Int) -> Int {
    guard lo >= 0, lo < hi, hi <= nodes.count else { return 0 }
    var sum = 0
    // 16-byte records and 2-byte kinds: a 64-byte line holds 4 of one and 32 of the other.
    nodes.withUnsafeBufferPointer { nodes in
      for i in stride(from: lo, to: hi, by: 4) { sum &+= Int(nodes[i].firstChild) }
    }
    tags.withUnsafeBufferPointer { tags in
      for i in stride(from: lo, to: hi, by: 32) { sum &+= Int(tags[i].flags) }
    }
    let childrenEnd = hi < nodes.count ? Int(nodes[hi].firstChild) : childIDs.count
    let childrenStart = Int(nodes[lo].firstChild)
    childIDs.withUnsafeBufferPointer { ids in
      for i in stride(from: childrenStart, to: min(childrenEnd, ids.count), by: 16) { sum &+= Int(ids[i]) }
    }
    return sum
  }
}
