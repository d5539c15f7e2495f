import AnimIR
import AnimModel

/// The nodes declared in a spawn's block (§14): each spawn makes its own subtree.
extension Simulator {
  /// Evaluates emitter `e`'s spawn's descendants for one spawn, after the spawn's own
  /// block and with its stream, parents before children in declaration order: draws
  /// happen in source order (§7). Each child's default position is its parent box's origin.
  func evaluateSpawnChildren(
    _ e: Int, groups: inout TimingGroups, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> [InstanceBody] {
    guard let list = tree?.spawnChildren[e], !list.isEmpty else { return [] }
    var bodies: [InstanceBody] = []
    bodies.reserveCapacity(list.count)
    for child in list {
      bodies.append(
        try BlockEvaluator.evaluate(child.template, defaultPosition: .zero, plan: child.plan, groups: &groups, &ctx))
    }
    return bodies
  }

  /// Each descendant's appearance after the spawn's creation: its `at` counts from its
  /// parent's appearance (§14).
  private func spawnChildOffsets(_ e: Int, _ bodies: [InstanceBody]) -> [Double] {
    guard let list = tree?.spawnChildren[e] else { return [] }
    var offsets: [Double] = []
    offsets.reserveCapacity(bodies.count)
    for (child, body) in zip(list, bodies) {
      offsets.append((child.parent < 0 ? 0 : offsets[child.parent]) + body.appearAt)
    }
    return offsets
  }

  /// How long a spawn lives (§6.4, §14): its `remove after`, else the end of the last
  /// finite animation of its whole subtree (a descendant's counted from its appearance),
  /// else forever.
  func spawnLifetime(_ e: Int, _ body: InstanceBody, children bodies: [InstanceBody]) -> Double {
    guard !bodies.isEmpty else { return body.spawnLifetime }
    if let removeAfter = body.removeAfter { return removeAfter }
    var latest = body.animationsEnd
    for (offset, child) in zip(spawnChildOffsets(e, bodies), bodies) {
      guard let end = child.animationsEnd.map({ offset + $0 }) else { continue }
      if latest.map({ $0 < end }) ?? true { latest = end }
    }
    return latest ?? .infinity
  }

  /// Adds the descendants of emitter `e`'s spawn number `k`, instance `seq` living from
  /// `created` to `end`: each appears its `at` after its parent and ends by its parent's
  /// end (§14); its id is `NAME#k/CHILD/…`.
  func addSpawnChildren(
    _ e: Int, _ bodies: [InstanceBody], index k: Int, seq parentSeq: Int, created: Double, end: Double
  ) {
    guard let list = tree?.spawnChildren[e], !bodies.isEmpty else { return }
    let root = PlacedInstance(seq: parentSeq, created: created, end: end)
    let made = addDescendants(count: min(list.count, bodies.count), under: root) { j in
      DescendantEntry(
        parent: list[j].parent, ordinal: list[j].ordinal, body: bodies[j],
        id: InstanceID(name: list[j].idName, kind: .spawnChild, index: k))
    }
    for instance in made { spawnChildLive.insert(instance.end) }
  }
}
