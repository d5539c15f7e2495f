import AnimIR
import AnimMath
import AnimModel

extension Simulator {
  /// The templates with §16 blocks, by owner: nodes by node index (top-level, then nested
  /// in §14's numbering), then emitters' spawns, replicator children, and nodes declared
  /// in spawns.
  func interactiveTemplates() -> [(BindingSite.Owner, NodeTemplate)] {
    var found: [(BindingSite.Owner, NodeTemplate)] = []
    for (i, node) in scene.nodes.enumerated() where node.interaction != nil { found.append((.node(i), node)) }
    if let tree {
      for (index, place) in tree.nested.sorted(by: { $0.key < $1.key }) {
        let template = tree.children[place.top][place.at].body.template
        if template.interaction != nil { found.append((.node(index), template)) }
      }
    }
    for (e, emitter) in scene.emitters.enumerated() where emitter.spawn.interaction != nil {
      found.append((.spawn(e), emitter.spawn))
    }
    for replicator in scene.replicators {
      for child in replicator.children where child.interaction != nil { found.append((.copies(child.name), child)) }
    }
    for child in (tree?.spawnChildren ?? []).joined() where child.template.interaction != nil {
      found.append((.descendants(.spawnChild, child.idName), child.template))
    }
    for child in (tree?.copyChildren ?? []).joined() where child.template.interaction != nil {
      found.append((.descendants(.copyChild, child.idName), child.template))
    }
    return found
  }

  /// The node index of node `i`'s parent node, if it is nested (§14).
  func parentNode(_ i: Int) -> Int? {
    guard let tree, let place = tree.nested[i] else { return nil }
    let parent = tree.children[place.top][place.at].parent
    return parent < 0 ? place.top : tree.firstNested[place.top] + parent
  }

  /// Node `i` and its ancestors.
  func lineage(_ i: Int) -> [Int] {
    var chain = [i]
    while let p = parentNode(chain[chain.count - 1]), chain.count < 128 { chain.append(p) }
    return chain
  }

  /// Every binding in the order of §16: each after those it reads. A cycle is an error.
  func bindingProgram() throws(SimulationError) -> [BindingSite] {
    var sites: [BindingSite] = []
    for (owner, template) in interactiveTemplates() {
      guard let interaction = template.interaction else { continue }
      for b in interaction.live { sites.append(BindingSite(owner: owner, binding: b, whileDragged: false)) }
      for b in interaction.onDrag { sites.append(BindingSite(owner: owner, binding: b, whileDragged: true)) }
    }
    // The graph's owners: node indices, and below zero one number per owner that stands
    // for many instances (no node reads those by name, and they have no ancestors).
    var manyOwners: [String: Int] = [:]
    let graph = sites.map { site in
      let owner: Int
      switch site.owner {
      case .node(let n): owner = n
      case .spawn(let e): owner = -1 - e
      // Copies' names are node names, and descendants' contain a `/` after their
      // emitter's or replicator child's name: never equal.
      case .copies(let name), .descendants(_, let name):
        owner = manyOwners[name] ?? (-1 - scene.emitters.count - manyOwners.count)
        manyOwners[name] = owner
      }
      return BindingGraph.Site(
        owner: owner, property: site.binding.property, reads: BindingGraph.reads(site.binding.value))
    }
    let (order, cyclic) = BindingGraph.order(graph, lineage: lineage)
    if let first = cyclic.first {
      let names = cyclic.map { "`\(sites[$0].binding.property.rawValue)`" }.joined(separator: ", ")
      throw SimulationError(
        code: "E0395", message: "these bindings read each other in a cycle: \(names)", range: sites[first].binding.range
      )
    }
    return order.map { sites[$0] }
  }
}

extension Simulator {
  /// Applies §16 to a frame's records (`instances`: each record's index in the live
  /// storage), before transforms are composed down the tree: overridden properties, then
  /// every binding in order, each record's matrix made again from what it changed. The
  /// pointer is read at run time `runTime`. `owners` are the records' owners
  /// (`Simulator.recordOwners`): a record whose style a binding or an override wrote no
  /// longer holds what its instance's composition left there, so it is given up; one
  /// whose leading values alone were written is kept, since the next frame writes those
  /// again (`FrameSampler.compose`).
  func applyBindings(
    _ records: inout [NodeFrame], instances: [Int], owners: inout [Int], depths: inout DepthColumn, at s: Double,
    runTime: Double
  ) throws(SimulationError) {
    guard var state = interaction else { return }
    defer { interaction = state }
    let all = live.storage
    if let drag = state.drag, drag.receiver >= 0, !instances.contains(where: { all[$0].seq == drag.receiver }) {
      // The receiver was removed: the drag ends with no release (§16).
      state.drag = nil
    }
    var recordOfSeq: [Int: Int] = [:]
    for (k, m) in instances.enumerated() { recordOfSeq[all[m].seq] = k }
    for (k, m) in instances.enumerated() {
      guard let o = state.overrides[all[m].seq] else { continue }
      o.apply(to: &records[k].state, at: s)
      if o.properties.contains(where: { PropertyTarget($0).isStyle }) { owners[k] = -1 }
      refresh(&records[k], all[m], &depths)
    }
    // A node absent from this frame reads as it was last drawn.
    var frame = state.lastFrame
    frame.sceneTime = s
    if frame.states.count != context.nodePositions.count {
      frame.states = Array(repeating: nil, count: context.nodePositions.count)
      frame.scenePositions = context.nodePositions
    }
    let parentRecord = instances.map { m in tree?.parentSeq[all[m].seq].flatMap { recordOfSeq[$0] } ?? -1 }
    func noteNodes() {
      for (node, seq) in seqOfNode {
        guard node < frame.states.count, let k = recordOfSeq[seq] else { continue }
        frame.states[node] = records[k].state
        frame.scenePositions[node] = ParentPlane(
          ofRecord: k, in: records, depths: depths, parents: parentRecord, placement: all[instances[k]].placement
        ).toScene(
          records[k].state.position)
      }
    }
    noteNodes()
    var ctx = context
    for site in state.program {
      let target = PropertyTarget(site.binding.property)
      // Only a node's record is read by name (`frame.states`, `scenePositions`): its
      // ancestors are nodes too, so binding a spawn or a copy changes nothing noted.
      let notes: Bool
      if case .node = site.owner { notes = true } else { notes = false }
      let targets: [Int]
      switch site.owner {
      case .node(let n):
        guard let seq = seqOfNode[n], let k = recordOfSeq[seq] else { continue }
        targets = [k]
      case .spawn(let e):
        let name = scene.emitters[e].name
        targets = records.indices.filter { records[$0].id.kind == .spawn && records[$0].id.name == name }
      case .copies(let name):
        targets = records.indices.filter { records[$0].id.kind == .copy && records[$0].id.name == name }
      case .descendants(let kind, let name):
        targets = records.indices.filter { records[$0].id.kind == kind && records[$0].id.name == name }
      }
      for k in targets {
        let seq = all[instances[k]].seq
        if site.whileDragged && state.drag?.receiver != seq { continue }
        frame.own = records[k].state
        if let drag = state.drag, drag.receiver == seq {
          frame.drag = dragValues(
            drag, at: runTime,
            plane: ParentPlane(
              ofRecord: k, in: records, depths: depths, parents: parentRecord, placement: all[instances[k]].placement),
            state)
        }
        ctx.frame = frame
        let value: Value
        do {
          value = try Evaluator.evaluate(site.binding.value, &ctx)
        } catch {
          throw SimulationError(error)
        }
        target.set(value, &records[k].state)
        if target.isStyle { owners[k] = -1 }
        if site.whileDragged { state.drag?.lastBound[site.binding.property] = value }
        refresh(&records[k], all[instances[k]], &depths)
        let m = records[k].matrix
        guard (m.a + m.b + m.c + m.d + m.tx + m.ty + records[k].state.opacity).isFinite || Self.allFinite(m, records[k])
        else {
          throw SimulationError(
            code: "E0901", message: "the binding of `\(site.binding.property.rawValue)` is not finite at \(s)s",
            range: site.binding.range)
        }
        if notes { noteNodes() }
      }
    }
    if let drag = state.drag, let k = recordOfSeq[drag.receiver] {
      frame.drag = dragValues(
        drag, at: runTime,
        plane: ParentPlane(
          ofRecord: k, in: records, depths: depths, parents: parentRecord, placement: all[instances[k]].placement),
        state)
    }
    frame.own = NodeState()
    state.lastFrame = frame
  }

  /// Whether a record's matrix and opacity are finite, one by one (a sum of huge finite
  /// values may overflow where none of them does).
  static func allFinite(_ m: AffineTransform, _ record: NodeFrame) -> Bool {
    m.a.isFinite && m.b.isFinite && m.c.isFinite && m.d.isFinite && m.tx.isFinite && m.ty.isFinite
      && record.state.opacity.isFinite
  }

  /// `drag.start`, `drag.translation`, `drag.location`, `drag.velocity` at run time `t`
  /// (§16); `plane` is the receiver's `position` space.
  func dragValues(_ drag: DragSession, at t: Double, plane: ParentPlane, _ state: InteractionState) -> [Point] {
    let pointer = drag.path.point(at: t, pressedAt: drag.pressedAt, from: drag.pressPoint, latest: state.pointer)
    let location = plane.fromScene(pointer)
    let translation = location - plane.fromScene(drag.pressPoint)
    let t0 = max(drag.pressedAt, t - 0.1)
    var velocity = Point.zero
    if t > t0 {
      let earlier: Point
      switch drag.path {
      case .scripted:
        earlier = drag.path.point(at: t0, pressedAt: drag.pressedAt, from: drag.pressPoint, latest: pointer)
      case .reported: earlier = state.history.last(where: { $0.t <= t0 })?.p ?? drag.pressPoint
      }
      velocity = (pointer - earlier) / (t - t0)
    }
    return [drag.start, translation, location, velocity]
  }

  /// Makes a record's matrix (and 3-D matrix and facing) again from its state. A 3-D
  /// record's matrix is rewritten in its place in `depths` (sampling gave it one); one
  /// that is not finite leaves the sampled one.
  func refresh(_ record: inout NodeFrame, _ instance: LiveInstance, _ depths: inout DepthColumn) {
    record.state.opacity = min(max(record.state.opacity, 0), 1)
    var matrix = Self.localMatrix(record.state, boxOrigin: instance.boxOrigin)
    if let placement = instance.placement { matrix = placement.prefix * matrix }
    record.matrix = matrix
    let slot = Int(record.depthSlot)
    if instance.is3D, depths.indices.contains(slot), let m3 = FrameSampler.depthMatrix(instance, record.state) {
      depths[slot] = m3
    }
    record.decideFacing(matrix3d: depths.matrix(inSlot: slot))
  }
}
