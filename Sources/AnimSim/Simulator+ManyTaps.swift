import AnimIR
import AnimMath
import AnimModel

/// Taps on a node of a tree scene or one that stands for many instances (§14: `on tap X`
/// fires when any of X's instances, or of their present descendants, is hit): one hit
/// test over live instances, each placed by its own and its ancestors' sampled transforms.
extension Simulator {
  /// The instances a tap on node index `i` may hit, found by `anyContains`: those
  /// `manyInstances` gives, or in a tree scene node `i`'s own and its declared
  /// descendants'. nil for a flat scene's node, which has its own hit test.
  func tapInstances(_ i: Int) -> (kind: InstanceID.Kind, names: Set<String>)? {
    if let many = manyInstances(i) { return many }
    guard let tree else { return nil }
    if i >= 0 && i < nodeBodies.count {
      let own: Set<String> = nodeBodies[i].template.isGroup ? [] : [nodeBodies[i].template.name]
      return (.node, own.union(Self.subtree(tree.children[i], at: -1)))
    }
    guard let place = tree.nested[i] else { return nil }
    return (.node, Self.subtree(tree.children[place.top], at: place.at))
  }

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

  /// The id names of entry `at` of a parents-first list of declared nodes and of every
  /// entry below it (`at` -1: every entry, all being below the list's owner), groups left
  /// out.
  private static func subtree(_ list: [some DeclaredNode], at: Int) -> Set<String> {
    var inside = [Bool](repeating: false, count: list.count)
    var found: Set<String> = []
    for (k, node) in list.enumerated() {
      inside[k] = k == at || (node.parent < 0 ? at < 0 : inside[node.parent])
      if inside[k] && !node.declared.isGroup { found.insert(node.idName) }
    }
    return found
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
