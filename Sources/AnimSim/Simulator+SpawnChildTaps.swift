import AnimIR
import AnimMath
import AnimModel

extension Simulator {
  /// Whether a tap at `p` hits any live instance of a node declared in emitter
  /// `place.emitter`'s spawn (§14: `on tap X` fires when any of X's instances is hit): the
  /// filled shape of one of them, or of one of its present descendants, at scene time `s`;
  /// a group only through its descendants.
  func spawnChildContains(_ place: (emitter: Int, at: Int), _ p: Point, at s: Double) -> Bool {
    guard let tree else { return false }
    let list = tree.spawnChildren[place.emitter]
    // The entries of X's subtree: X and every entry whose parent is in it (parents come
    // first in the list).
    var inside = [Bool](repeating: false, count: list.count)
    var names: Set<String> = []
    for (k, child) in list.enumerated() {
      inside[k] = k == place.at || (child.parent >= 0 && inside[child.parent])
      if inside[k] && !child.template.isGroup { names.insert(child.idName) }
    }
    guard !names.isEmpty else { return false }
    var indexOfSeq: [Int: Int] = [:]
    for (k, instance) in live.enumerated() { indexOfSeq[instance.seq] = k }
    for instance in live
    where instance.id.kind == .spawnChild && names.contains(instance.id.name) && s >= instance.created
      && s < instance.end
    {
      guard let whole = wholeTransform(of: instance, at: s, indexOfSeq) else { continue }
      if Self.projectedContains(instance.body.outline, whole.planar, p) { return true }
    }
    return false
  }

  /// A live instance's whole transform at scene time `s`: its own times its ancestors'
  /// (§14), each sampled at its own age; nil when an ancestor is not live.
  private func wholeTransform(of instance: LiveInstance, at s: Double, _ indexOfSeq: [Int: Int]) -> Matrix3D? {
    func local(_ i: LiveInstance) -> Matrix3D {
      var (state, extra) = i.body.sample(s - i.created)
      state.rotation += extra
      return Self.matrix3D(state, boxOrigin: i.boxOrigin)
    }
    var whole = local(instance)
    var seq = instance.seq
    var steps = 0
    while let parent = tree?.parentSeq[seq], steps < 128 {
      guard let k = indexOfSeq[parent] else { return nil }
      whole = local(live[k]) * whole
      seq = parent
      steps += 1
    }
    return whole
  }
}
