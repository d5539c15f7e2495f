extension Frame {
  /// The frame with only the subtrees whose roots `isRoot` picks: each picked record and
  /// every record whose chain of parents reaches one (§14), in the same order, with parent
  /// slots renumbered. A picked record whose parent is dropped becomes top level and keeps
  /// the opacity it is drawn with (its ancestors' included); its matrix is already the
  /// composed one, so it draws exactly as before.
  package func keepingSubtrees(where isRoot: (InstanceID) -> Bool) -> Frame {
    var kept = self
    kept.nodes.removeAll(keepingCapacity: true)
    let drawn = drawnOpacities()
    // The new slot of each record, -1 when dropped. Parents come first, so one pass does.
    var slot = [Int32](repeating: -1, count: nodes.count)
    for (k, node) in nodes.enumerated() {
      let parentSlot = node.parentSlot >= 0 ? slot[Int(node.parentSlot)] : -1
      guard parentSlot >= 0 || isRoot(node.id) else { continue }
      var record = node
      if parentSlot < 0, let drawn {
        record.state.opacity = drawn[k]
      }
      record.parentSlot = parentSlot
      slot[k] = Int32(kept.nodes.count)
      kept.nodes.append(record)
    }
    return kept
  }
}
