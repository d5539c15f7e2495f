import AnimIR
import AnimMath
import AnimModel

extension Simulator {
  /// A press at run time `t` (§16): the topmost present instance with an `on drag` or
  /// `on release` block, or with an ancestor that has one (then that ancestor), receives
  /// it. Its bound properties take their values at the press's own instant as model
  /// values from here on: every instance is sampled at `s` first, as for a release, so a
  /// press between frames neither hits nor reads the frame before. In a scene where
  /// nothing receives presses, a press is a tap, at once.
  func press(_ target: InputEvent.Target, _ path: PointerPath, at s: Double) throws(SimulationError) {
    guard interaction?.drag == nil else { return }
    guard interaction != nil else { return try tap(target, at: s) }
    let point: Point
    switch target {
    case .point(let p): point = p
    case .none: return
    case .node(let i):
      guard let p = nodeCentre(i, at: s) else { return }
      point = p
    }
    // The pointer is at the press point from this instant, for the sample too.
    if case .reported = path { interaction?.pointer = point }
    let runTime = clock.runTime(atSceneTime: s)
    try sampleLive(at: s, runTime: runTime)
    guard var state = interaction else { return }
    state.history = [(runTime, point)]
    guard let receiver = receiver(at: point, state), let k = state.frameSeqs.firstIndex(of: receiver),
      let instance = live.first(where: { $0.seq == receiver })
    else {
      // No receiver: the press is kept only so that a short one makes a tap.
      state.drag = DragSession(
        receiver: -1, pressedAt: runTime, pressedScene: s, pressPoint: point, path: path, start: point)
      interaction = state
      return
    }
    let drawn = frame.nodes[k].state
    let bound = (instance.body.template.interaction?.onDrag ?? []).map(\.property)
    state.drag = DragSession(
      receiver: receiver, pressedAt: runTime, pressedScene: s, pressPoint: point, path: path, start: drawn.position)
    if !bound.isEmpty {
      let kept = state.overrides[receiver]?.properties ?? []
      var properties = kept
      for p in bound where !properties.contains(p) { properties.append(p) }
      if let body = try? fixedBody(instance, model: drawn) {
        state.overrides[receiver] = BindingOverride(body: body, since: s, properties: properties)
      }
    }
    interaction = state
  }

  /// The pointer moved (interactive presses).
  func movePointer(to p: Point, at s: Double) {
    guard interaction != nil else { return }
    let t = clock.runTime(atSceneTime: s)
    interaction?.pointer = p
    interaction?.history.append((t, p))
    interaction?.history.removeAll { $0.t < t - 0.2 }
  }

  /// The release (§16): every instance is sampled at the release's own instant, the
  /// drag still held, so the bindings' last values (now the model values) and everything
  /// `on release` reads are those of scene time `s`, not of the frame before. Then
  /// `on release` runs from `s`, and a short press makes a tap after it.
  func release(at s: Double) throws(SimulationError) {
    guard let held = interaction?.drag else { return }
    let runTime = clock.runTime(atSceneTime: s)
    // The sample ends the drag itself when its receiver is gone by `s`.
    if held.receiver >= 0 { try sampleLive(at: s, runTime: runTime) }
    guard var state = interaction else { return }
    let drag = state.drag ?? held
    state.drag = nil
    interaction = state
    guard let instance = live.first(where: { $0.seq == drag.receiver }),
      let k = state.frameSeqs.firstIndex(of: drag.receiver), k < frame.nodes.count
    else {
      // A press on nothing that receives it (or whose receiver is gone) is only a tap.
      if drag.receiver < 0 { try tapIfShort(drag, at: s, runTime: runTime, state) }
      return
    }
    let model = frame.nodes[k].state
    let template = instance.body.template
    let interactionBlocks = template.interaction ?? Interaction()
    var ctx = context
    ctx.frame = state.lastFrame
    ctx.frame.own = model
    let plane = ParentPlane(whole: frame.nodes[k].parent.map { frame.nodes[$0] }, placement: instance.placement)
    ctx.frame.drag = dragValues(drag, at: runTime, plane: plane, state)
    var branch = interactionBlocks.release?.then ?? IRForm.ReleaseBranch()
    if let release = interactionBlocks.release, let condition = release.condition {
      do {
        if case .bool(false) = try Evaluator.evaluate(condition, &ctx) { branch = release.otherwise }
      } catch {
        throw SimulationError(error)
      }
    }
    var properties = state.overrides[drag.receiver]?.properties ?? []
    for p in interactionBlocks.onDrag.map(\.property) + Self.touched(branch.body) where !properties.contains(p) {
      properties.append(p)
    }
    let body: InstanceBody
    do {
      body = try releaseBody(instance, branch, model: model, &ctx)
    } catch {
      throw SimulationError(error)
    }
    interaction?.overrides[drag.receiver] = BindingOverride(body: body, since: s, properties: properties)
    if let after = body.removeAfter { end(drag.receiver, at: s + after) }
    let position = plane.toScene(model.position)
    for e in branch.emits where e < scene.emitters.count {
      try fire(emitter: e, at: position, time: s, velocity: ctx.frame.drag[3])
    }
    // A short press and release is a tap too, after `on release` (§16).
    try tapIfShort(drag, at: s, runTime: runTime, state)
  }

  /// A tap at the release point when the press lasted under 0.3 s and moved under 10
  /// points (§16).
  private func tapIfShort(_ drag: DragSession, at s: Double, runTime: Double, _ state: InteractionState)
    throws(SimulationError)
  {
    let pointer = drag.path.point(at: runTime, pressedAt: drag.pressedAt, from: drag.pressPoint, latest: state.pointer)
    if (pointer - drag.pressPoint).length < 10 && runTime - drag.pressedAt < 0.3 {
      try tap(.point(pointer), at: s)
    }
  }

  /// The properties a release branch sets or animates.
  static func touched(_ body: [BlockStatement]) -> [Property] {
    var found: [Property] = []
    func note(_ item: TimelineItem) {
      switch item {
      case .animation(let a): found.append(a.property)
      case .group(_, let children), .sequence(_, let children): children.forEach(note)
      }
    }
    for statement in body {
      switch statement {
      case .set(let p, _): found.append(p)
      case .timeline(let item): note(item)
      default: continue
      }
    }
    return found
  }

  /// A body with the instance's shape, `model` as its model values and no animations.
  private func fixedBody(_ instance: LiveInstance, model: NodeState) throws -> InstanceBody {
    var ctx = context
    return try releaseBody(instance, IRForm.ReleaseBranch(), model: model, &ctx)
  }

  /// `branch` evaluated as a block over `model`, its times counted from the release.
  private func releaseBody(
    _ instance: LiveInstance, _ branch: IRForm.ReleaseBranch<Expr>, model: NodeState, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> InstanceBody {
    var template = instance.body.template
    template.body = branch.body
    template.localCount = branch.localCount
    var groups = TimingGroups()
    return try BlockEvaluator.evaluate(
      template, defaultPosition: model.position, shape: instance.body.shape, model: model, groups: &groups, &ctx)
  }

  /// Ends instance `seq` and its descendants by scene time `t` (`remove after` in `on release`).
  private func end(_ seq: Int, at t: Double) {
    var ending: Set<Int> = [seq]
    live.updateAll { instance in
      let parent = tree?.parentSeq[instance.seq]
      guard ending.contains(instance.seq) || parent.map({ ending.contains($0) }) == true else { return }
      ending.insert(instance.seq)
      instance.end = min(instance.end, t)
    }
    earliestEnd = min(earliestEnd, t)
  }

  /// The receiver of a press at `p`: the topmost record of the last frame whose shape
  /// holds `p` and whose instance, or an ancestor, handles drags.
  private func receiver(at p: Point, _ state: InteractionState) -> Int? {
    for k in frame.nodes.indices.reversed() where k < state.frameSeqs.count {
      let record = frame.nodes[k]
      guard !record.shape.isGroup, let hit = live.first(where: { $0.seq == state.frameSeqs[k] }),
        contains(record, hit.body.outline, p)
      else { continue }
      var seq: Int? = state.frameSeqs[k]
      while let current = seq {
        if let instance = live.first(where: { $0.seq == current }),
          instance.body.template.interaction?.handlesDrags == true
        {
          return current
        }
        seq = tree?.parentSeq[current]
      }
    }
    return nil
  }

  /// Whether a record's drawn shape (its instance's flattened `outline`, built once per
  /// body) holds scene point `p` (non-zero rule).
  private func contains(_ record: NodeFrame, _ outline: FlatOutline, _ p: Point) -> Bool {
    if let m3 = record.matrix3d { return Self.projectedContains(outline, m3.planar, p) }
    guard let inverse = record.matrix.inverted else { return false }
    return outline.contains(inverse.apply(p))
  }

  /// The centre of node `i`'s box in the scene at `s`: where `tap NODE` and
  /// `drag NODE …` press (§8, §16).
  func nodeCentre(_ i: Int, at s: Double) -> Point? {
    if tree != nil { return treeTapPoint(i, at: s) }
    guard i >= 0 && i < nodeBodies.count else { return nil }
    let body = nodeBodies[i]
    let center = Point(body.shape.outline.width / 2, body.shape.outline.height / 2)
    return nodeProjection(i, at: s)?.apply(center) ?? nodeMatrix(i, at: s).apply(center)
  }
}
