extension Frame {
  /// Each record's opacity as drawn: its own times its ancestors' (§14), in record order;
  /// nil when no record has a parent, where each record's own opacity is the drawn one.
  /// A parent's record comes before its children's, so one pass fills them.
  package func drawnOpacities() -> [Double]? {
    guard nodes.contains(where: { $0.parentSlot >= 0 }) else { return nil }
    var opacities: [Double] = []
    opacities.reserveCapacity(nodes.count)
    for node in nodes {
      var opacity = node.state.opacity
      if node.parentSlot >= 0 { opacity *= opacities[Int(node.parentSlot)] }
      opacities.append(opacity)
    }
    return opacities
  }
}
