import AnimIR
import AnimMath
import AnimModel

/// Taps on a node that stands for many instances (§14: `on tap X` fires when any of X's
/// instances is hit): a replicator child's copies, or a node declared in a spawn or in a
/// replicator child.
extension Simulator {
  /// The instances node index `i` stands for, when it stands for many: a replicator
  /// child's copies, by name, or the instances of a node declared in a spawn and of its
  /// descendants, by id name (a group's only through its descendants). nil for a node
  /// that stands for one instance.
  func manyInstances(_ i: Int) -> (kind: InstanceID.Kind, names: Set<String>)? {
    let replicated = scene.replicators.flatMap(\.children)
    if i >= scene.nodes.count && i < scene.nodes.count + replicated.count {
      return (.copy, [replicated[i - scene.nodes.count].name])
    }
    guard let tree else { return nil }
    if let place = tree.spawnNested[i] {
      return (.spawnChild, Self.subtree(tree.spawnChildren[place.emitter], at: place.at))
    }
    if let place = tree.copyNested[i] {
      return (.copyChild, Self.subtree(tree.copyChildren[place.child], at: place.at))
    }
    return nil
  }

  /// The id names of entry `at` of `list` and of every entry below it (parents come first
  /// in the list), groups left out.
  private static func subtree(_ list: [LayerTree.SpawnChild], at: Int) -> Set<String> {
    var inside = [Bool](repeating: false, count: list.count)
    var names: Set<String> = []
    for (k, child) in list.enumerated() {
      inside[k] = k == at || (child.parent >= 0 && inside[child.parent])
      if inside[k] && !child.template.isGroup { names.insert(child.idName) }
    }
    return names
  }

  /// Whether a tap at `p` at scene time `s` hits the filled shape of one of `instances`.
  func anyContains(_ instances: (kind: InstanceID.Kind, names: Set<String>), _ p: Point, at s: Double) -> Bool {
    guard !instances.names.isEmpty else { return false }
    var indexOfSeq: [Int: Int] = [:]
    if tree != nil { for (k, instance) in live.enumerated() { indexOfSeq[instance.seq] = k } }
    for instance in live
    where instance.id.kind == instances.kind && instances.names.contains(instance.id.name) && s >= instance.created
      && s < instance.end
    {
      guard let whole = wholeTransform(of: instance, at: s, indexOfSeq) else { continue }
      if Self.projectedContains(instance.body.outline, whole.planar, p) { return true }
    }
    return false
  }

  /// A live instance's whole transform at scene time `s`: its own (after a copy's
  /// placement) times its ancestors' (§14), each sampled at its own time; nil when an
  /// ancestor is not live.
  private func wholeTransform(of instance: LiveInstance, at s: Double, _ indexOfSeq: [Int: Int]) -> Matrix3D? {
    func local(_ i: LiveInstance) -> Matrix3D {
      var (state, extra) = i.body.sample(s - i.created - i.timeOffset)
      state.rotation += extra
      let own = Self.matrix3D(state, boxOrigin: i.boxOrigin)
      return i.placement.map { Matrix3D($0.prefix) * own } ?? own
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
