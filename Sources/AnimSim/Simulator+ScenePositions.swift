import AnimIR
import AnimMath
import AnimModel

extension Simulator {
  /// Whether an emitter's `origin`, spawn block or spawn children read a node's
  /// `scenePosition` (§14): then each trigger fills them in first.
  static func readsScenePositions(_ emitter: EmitterTemplate) -> Bool {
    var refs = IRReferences()
    if let origin = emitter.origin { refs.add(origin) }
    var pending = [emitter.spawn]
    while let t = pending.popLast() {
      refs.add(t)
      pending.append(contentsOf: t.children)
    }
    return !refs.scenePositions.isEmpty
  }

  /// Where each node's anchor is drawn in the scene at scene time `s` (§14: its animated
  /// position mapped by its parent's whole transform, divided by W when 3-D), by node
  /// index. A top-level node is where its animated position is (before it appears, its
  /// model placement, as taps see it); a nested node that is not present reads its model
  /// position; a replicator child stands for many and is never read (the checker
  /// refuses it).
  func scenePositions(at s: Double) -> [Point] {
    var positions = context.nodePositions
    for i in nodeBodies.indices where i < positions.count {
      let body = nodeBodies[i]
      positions[i] = body.sample(s - (nodeAppeared[i] ?? body.appearAt)).0.position
    }
    guard let tree else { return positions }
    for (i, place) in tree.nested where i < positions.count {
      guard let placed = nodePlacement(i, at: s) else { continue }
      let body = tree.children[place.top][place.at].body
      positions[i] = placed.whole.planar.apply(Point(-body.boxOrigin.x, -body.boxOrigin.y))
    }
    return positions
  }
}
