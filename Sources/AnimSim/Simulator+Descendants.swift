import AnimModel

/// An instance a descendant walk made, with the span it lives.
struct PlacedInstance {
  let seq: Int
  let created: Double
  let end: Double
}

/// One declared descendant to make: its parent's place in the same list (-1 for the
/// root instance), its place among its parent's children, its body and its id.
struct DescendantEntry {
  let parent: Int
  let ordinal: Int
  let body: InstanceBody
  let id: InstanceID
}

extension Simulator {
  /// Makes the declared descendants of `root`, listed parents first, the one way §14 says
  /// for every owner (a node, a spawn, a replicator copy): each appears its `at` after
  /// its parent and ends by its parent's end, and is linked to its parent and ordinal.
  /// `copy` gives a replicator copy's time offset and tint to every descendant.
  /// Returns what it made, in the entries' order; owner-specific bookkeeping (live
  /// counts, `seqOfNode`) is the caller's.
  @discardableResult
  func addDescendants(
    count: Int, under root: PlacedInstance, copy: (timeOffset: Double, placement: CopyPlacement)? = nil,
    entry: (Int) -> DescendantEntry
  ) -> [PlacedInstance] {
    var placed: [PlacedInstance] = []
    placed.reserveCapacity(count)
    for k in 0..<count {
      let child = entry(k)
      let parent = child.parent < 0 ? root : placed[child.parent]
      let body = child.body
      let start = parent.created + body.appearAt
      let stop = max(start, min(start + body.nodeLifetime, parent.end))
      let drawn = body.template.isGroup ? SceneShape.group : shape(body, child.id)
      var instance = LiveInstance(body: body, id: child.id, created: start, end: stop, seq: nextSeq, shape: drawn)
      if let copy {
        instance.timeOffset = copy.timeOffset
        instance.placement = copy.placement
      }
      addLive(instance)
      tree?.parentSeq[nextSeq] = parent.seq
      tree?.ordinal[nextSeq] = child.ordinal
      placed.append(PlacedInstance(seq: nextSeq, created: start, end: stop))
      nextSeq += 1
    }
    return placed
  }
}
