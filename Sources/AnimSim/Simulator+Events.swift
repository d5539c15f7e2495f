import AnimIR
import AnimMath
import AnimModel
import AnimSource

extension Simulator {
  /// Fires every event due at or before run time `t`, in time order (§8). Ties: node
  /// appearances first (so an input tap can hit a node appearing then), then `input`
  /// events, then `--tap`s and interactive events, then emitter triggers in source order,
  /// then births and deaths (§15).
  func fireEvents(upTo t: Double) throws(SimulationError) {
    let eps = ActiveTiming.epsilon
    eventsThisFrame = 0
    spawnsThisFrame = 0
    while true {
      let run = nextRunEvent(upTo: t)
      let horizon = run.map { runSources[$0].times.next ?? t } ?? t
      let sceneHorizon = clock.sceneTime(atRunTime: horizon)
      let nextScene = nextSceneEvent()
      if let birthOrDeath = secondaryQueue.first,
        birthOrDeath.time < (run == nil ? sceneHorizon + eps : sceneHorizon - eps),
        birthOrDeath.time < (nextScene.flatMap { sceneSources[$0].times.next } ?? .infinity) - eps
      {
        try fireSecondary()
        continue
      }
      if let i = nextScene, let s = sceneSources[i].times.next {
        let isAppearance: Bool
        if case .appear = sceneSources[i].kind { isAppearance = true } else { isAppearance = false }
        let inclusive = isAppearance || run == nil
        if inclusive ? s <= sceneHorizon + eps : s < sceneHorizon - eps {
          clock.advance(toRunTime: clock.runTime(atSceneTime: s))
          sceneSources[i].times.advance()
          try countEvent(sceneSources[i].kind)
          try fireSceneEvent(sceneSources[i].kind, at: s)
          continue
        }
      }
      guard let r = run else { break }
      clock.advance(toRunTime: horizon)
      runSources[r].times.advance()
      try countEvent(nil)
      try fireRunEvent(runSources[r].event)
    }
    clock.advance(toRunTime: t)
  }

  /// Counts an event before the frame (a scene event's kind, or nil for a run event):
  /// past `eventLimit` the run stops rather than loop on, say, `every 1e-9s`.
  private func countEvent(_ kind: SceneEventSource.Kind?) throws(SimulationError) {
    eventsThisFrame += 1
    guard eventsThisFrame > eventLimit else { return }
    var what = "input events fire"
    var range: SourceRange? = nil
    switch kind {
    case .trigger(let e):
      what = "emitter `\(scene.emitters[e].name)` fires"
      range = scene.emitters[e].spawn.range
    case .appear(let node):
      what = "node appearances fire"
      range = scene.nodes.indices.contains(node) ? scene.nodes[node].range : nil
    case nil: break
    }
    throw SimulationError(
      code: "E0904", message: "\(what) more than \(eventLimit) times between two frames; the run stops", range: range)
  }

  /// The earliest run-time event due by `t`: lowest time, then priority, then order.
  private func nextRunEvent(upTo t: Double) -> Int? {
    var best: Int? = nil
    var bestTime = Double.infinity
    var bestPriority = Int.max
    for (i, source) in runSources.enumerated() {
      guard let time = source.times.next, time <= t + ActiveTiming.epsilon else { continue }
      if time < bestTime || (time == bestTime && source.priority < bestPriority) {
        best = i
        bestTime = time
        bestPriority = source.priority
      }
    }
    return best
  }

  /// The earliest pending scene-time event (sources are in tie order already).
  private func nextSceneEvent() -> Int? {
    var best: Int? = nil
    var bestTime = Double.infinity
    for (i, source) in sceneSources.enumerated() {
      if let time = source.times.next, time < bestTime {
        best = i
        bestTime = time
      }
    }
    return best
  }

  private func fireSceneEvent(_ kind: SceneEventSource.Kind, at s: Double) throws(SimulationError) {
    switch kind {
    case .appear(let node): appear(node, at: s)
    case .trigger(let e): try fire(emitter: e, at: nil, time: s)
    }
  }

  private func fireRunEvent(_ event: RunEvent) throws(SimulationError) {
    switch event {
    case .pause: clock.paused = true
    case .resume: clock.paused = false
    case .speed(let s): if s.isFinite { clock.speed = s }
    case .tap(let target): try tap(target, at: clock.sceneTime)
    case .press(let target, let path): try press(target, path, at: clock.sceneTime)
    case .move(let p): movePointer(to: p, at: clock.sceneTime)
    case .release: try release(at: clock.sceneTime)
    }
  }

  /// A node appears: it is created at scene time `s` and lives until `remove after`.
  func appear(_ node: Int, at s: Double) {
    let body = nodeBodies[node]
    nodeAppeared[node] = s
    let id = InstanceID(name: body.template.name, kind: .node)
    let drawn = body.template.isGroup ? SceneShape.group : shape(body, id)
    let end = s + body.nodeLifetime
    addLive(LiveInstance(body: body, id: id, created: s, end: end, seq: nextSeq, shape: drawn))
    seqOfNode[node] = nextSeq
    nextSeq += 1
    fixedInstances += 1
    if tree != nil { appearChildren(of: node, seq: nextSeq - 1, created: s, end: end) }
  }

  /// The shape an instance draws: the one of its declared shape id, or its own (§9).
  func shape(_ body: InstanceBody, _ id: InstanceID) -> SceneShape {
    let image = body.shape.image.flatMap { images[$0.path] }
    if let named = body.template.shapeID { return sharedShapes.shape(named, body.shape.outline, image: image) }
    return SceneShape(id: id.description, outline: body.shape.outline, isShared: false, image: image)
  }

  /// A tap (§8): no point fires every `on tap` emitter at its origin; a point fires the
  /// untargeted ones and those whose node's filled shape contains it.
  func tap(_ target: InputEvent.Target, at s: Double) throws(SimulationError) {
    let point: Point
    switch target {
    case .none:
      for (e, emitter) in scene.emitters.enumerated() where emitter.triggers.contains(where: Self.isTap) {
        try fire(emitter: e, at: nil, time: s)
      }
      return
    case .point(let p): point = p
    case .node(let i):
      guard let p = nodeCentre(i, at: s) else { return }
      point = p
    }
    for (e, emitter) in scene.emitters.enumerated() {
      let hit = emitter.triggers.contains { trigger in
        guard case .tap(let node) = trigger else { return false }
        guard let node else { return true }
        return nodeContains(node, point, at: s)
      }
      if hit { try fire(emitter: e, at: point, time: s) }
    }
  }

  static func isTap(_ trigger: Trigger) -> Bool {
    if case .tap = trigger { return true }
    return false
  }

  /// A node's matrix at scene time `s` (its model placement before it appears).
  func nodeMatrix(_ i: Int, at s: Double) -> AffineTransform {
    let body = nodeBodies[i]
    let appeared = nodeAppeared[i] ?? body.appearAt
    var (state, extra) = body.sample(s - appeared)
    state.rotation += extra
    return Self.localMatrix(state, boxOrigin: body.boxOrigin)
  }

  /// Whether node `i` is live at `s` and its outline contains `p` (non-zero rule).
  func nodeContains(_ i: Int, _ p: Point, at s: Double) -> Bool {
    if let instances = tapInstances(i) { return anyContains(instances, p, at: s) }
    guard i >= 0 && i < nodeBodies.count, let appeared = nodeAppeared[i] else { return false }
    let body = nodeBodies[i]
    guard s >= appeared, s < appeared + body.nodeLifetime else { return false }
    if let h = nodeProjection(i, at: s) { return Self.projectedContains(body.outline, h, p) }
    guard let inverse = nodeMatrix(i, at: s).inverted else { return false }
    return body.outline.contains(inverse.apply(p))
  }

  /// Fires the first birth or death in the queue: each listening emitter in source order,
  /// at the instance's anchor (§15).
  private func fireSecondary() throws(SimulationError) {
    guard let event = secondaryQueue.removeFirst() else { return }
    clock.advance(toRunTime: clock.runTime(atSceneTime: event.time))
    let listeners =
      event.isDeath ? secondaryListeners.deaths[event.emitter] : secondaryListeners.births[event.emitter]
    for listener in listeners {
      try countEvent(.trigger(emitter: listener))
      try fire(emitter: listener, at: event.position, time: event.time, velocity: event.velocity)
    }
  }

  /// Queues the birth and the death of emitter `e`'s new instance for the emitters that
  /// listen to them. A death is its removal by its lifetime: an endless instance has none.
  private func queueSecondary(_ e: Int, _ body: InstanceBody, created s: Double, end: Double, seq: Int) {
    if !secondaryListeners.births[e].isEmpty {
      let parent = parentPlane(e, at: s)
      let position = body.sample(0).0.position
      secondaryQueue.insert(
        SecondaryEvent(
          time: s, seq: seq, isDeath: false, emitter: e, position: parent?.toScene(position) ?? position,
          velocity: triggerVelocity(of: body, at: 0, position: position, under: parent)))
    }
    if !secondaryListeners.deaths[e].isEmpty && end.isFinite {
      // The limit from below: every finite animation has ended by the lifetime, and one
      // that ends there fills forwards unless told otherwise (§6.2).
      let lifetime = end - s
      let parent = parentPlane(e, at: end)
      let position = body.sample(lifetime).0.position
      secondaryQueue.insert(
        SecondaryEvent(
          time: end, seq: seq, isDeath: true, emitter: e, position: parent?.toScene(position) ?? position,
          velocity: triggerVelocity(of: body, at: lifetime, position: position, under: parent)))
    }
  }

  /// The box plane at `s` of the node emitter `e` spawns in (§14), as the limit from
  /// below at its end; nil for top-level spawns.
  private func parentPlane(_ e: Int, at s: Double) -> ParentPlane? {
    guard let p = scene.emitters[e].parent, let placed = nodePlacement(p, at: s, closed: true) else { return nil }
    return drawnPlane(ofNode: p) ?? ParentPlane(whole: placed.whole)
  }

  /// Whether node `p` or an ancestor has §16 bindings or values taken over at a press:
  /// those exist only in sampled records (§16), not in the composition.
  private func isBound(_ p: Int) -> Bool {
    guard let state = interaction else { return false }
    return lineage(p).contains { n in
      state.program.contains { $0.owner == .node(n) } || seqOfNode[n].map { state.overrides[$0] != nil } == true
    }
  }

  /// Node `p`'s box plane as last sampled, when it is bound (`isBound`); nil where the
  /// composition alone places it. A trigger samples its instant first (`fire`), so its
  /// spawns and births read the trigger's instant; a death foreseen at a spawn reads the
  /// spawn's.
  private func drawnPlane(ofNode p: Int) -> ParentPlane? {
    guard isBound(p), let seq = seqOfNode[p], let k = interaction?.frameSeqs.firstIndex(of: seq),
      k < frame.nodes.count
    else { return nil }
    return ParentPlane(whole: frame.nodes[k], placement: nil)
  }

  /// Emitter `e`'s `origin` at a trigger: evaluated at each trigger, before the spawn's
  /// block, from the emitter's stream (§14), so `origin (random(0..375), -10)` moves from
  /// trigger to trigger. The scene centre without one, or where it is not finite.
  private func origin(of e: Int) throws(SimulationError) -> Point {
    let centre = Point(scene.settings.width / 2, scene.settings.height / 2)
    guard let expr = scene.emitters[e].origin else { return centre }
    context.random = emitterStreams[e]
    let p: Point
    do {
      p = try Evaluator.evaluate(expr, &context).point
    } catch {
      throw SimulationError(error)
    }
    emitterStreams[e] = context.random
    return p.x.isFinite && p.y.isFinite ? p : centre
  }

  /// Fires an emitter: `burst` spawns at scene time `s`, each refused when the
  /// emitter already has `max` live instances — a refused spawn draws nothing and takes
  /// no index (§3.2). `position` is the trigger's point; nil for a trigger without one,
  /// which spawns at the emitter's `origin`. `velocity` is `trigger.velocity` (§15).
  func fire(emitter e: Int, at point: Point?, time s: Double, velocity: Point = .zero) throws(SimulationError) {
    let emitter = scene.emitters[e]
    // A bound parent is drawn only in sampled records: sample the trigger's instant.
    if let p = emitter.parent, isBound(p) { try sampleLive(at: s, runTime: clock.runTime(atSceneTime: s)) }
    if emitterReadsScene[e] { context.nodeScenePositions = scenePositions(at: s) }
    let origin = try origin(of: e)
    let position = point ?? origin
    // The burst works on the context and the timing groups moved into locals, and moves
    // them back however it ends: every access to a class's stored property is checked for
    // exclusivity at run time, and each spawn would make several.
    var ctx = EvaluationContext(random: emitterStreams[e])
    swap(&ctx, &context)
    var groups = TimingGroups()
    swap(&groups, &timingGroups)
    defer {
      swap(&ctx, &context)
      swap(&groups, &timingGroups)
    }
    // `spawn … in NODE` (§14): each instance is NODE's child, its default position the
    // trigger's point in NODE's box; none while NODE is not present.
    var parent: (seq: Int, end: Double)? = nil
    var start = position
    if let p = emitter.parent {
      guard let seq = seqOfNode[p], let placed = nodePlacement(p, at: s),
        let inPlane = (drawnPlane(ofNode: p) ?? ParentPlane(whole: placed.whole)).fromSceneIfDefined(position)
      else { return }
      parent = (seq, placed.end)
      start = inPlane
    }
    for _ in 0..<max(emitter.burst, 0) {
      emitterLive[e].expire(at: s)
      guard emitterLive[e].count < emitter.max else { return }
      let family = 1 + (tree?.spawnChildren[e].count ?? 0)
      if liveTotal(at: s, adding: family) + family > instanceLimit {
        throw SimulationError(
          code: "E0902",
          message: "emitter `\(emitter.name)` would make more than \(instanceLimit) live instances; the run stops",
          range: emitter.spawn.range)
      }
      // Instances ended before the frame are still held until it.
      spawnsThisFrame += 1
      if spawnsThisFrame > eventLimit {
        throw SimulationError(
          code: "E0904",
          message:
            "emitter `\(emitter.name)` would spawn more than \(eventLimit) instances between two frames; the run stops",
          range: emitter.spawn.range)
      }
      ctx.random = emitterStreams[e]
      ctx.selfIndex = spawnCounts[e]
      ctx.triggerPosition = position
      ctx.triggerTime = s
      ctx.triggerVelocity = velocity
      let body: InstanceBody
      var children: [InstanceBody] = []
      do {
        let shape = try spawnShape(e, &ctx)
        body = try BlockEvaluator.evaluate(
          emitter.spawn, defaultPosition: start, shape: shape, plan: spawnPlans[e], groups: &groups, &ctx)
        if family > 1 { children = try evaluateSpawnChildren(e, groups: &groups, &ctx) }
      } catch {
        throw SimulationError(error)
      }
      emitterStreams[e] = ctx.random
      let id = InstanceID(name: emitter.name, kind: .spawn, index: spawnCounts[e])
      spawnCounts[e] += 1
      var end = s + (family > 1 ? spawnLifetime(e, body, children: children) : body.spawnLifetime)
      if let parent { end = min(end, parent.end) }
      emitterLive[e].insert(end)
      let seq = nextSeq
      addLive(LiveInstance(body: body, id: id, created: s, end: end, seq: seq, shape: spawnShape(e, body, id)))
      nextSeq += 1
      if let parent { tree?.parentSeq[seq] = parent.seq }
      if !secondaryListeners.isEmpty { queueSecondary(e, body, created: s, end: end, seq: seq) }
      if family > 1 { addSpawnChildren(e, children, index: id.index, seq: seq, created: s, end: end) }
    }
  }

  /// `shape` for a spawn of emitter `e`.
  private func spawnShape(_ e: Int, _ body: InstanceBody, _ id: InstanceID) -> SceneShape {
    if let shared = spawnSharedShapes[e] { return shared }
    let shape = shape(body, id)
    if shape.isShared { spawnSharedShapes[e] = shape }
    return shape
  }

  /// Emitter `e`'s spawn shape if it is the same at every spawn (evaluated at the first
  /// spawn, with its context), else nil: each spawn evaluates its own.
  private func spawnShape(_ e: Int, _ ctx: inout EvaluationContext) throws(EvaluationError) -> ShapeValue? {
    if let shape = spawnShapes[e] { return shape }
    let template = scene.emitters[e].spawn
    guard template.shape.isSameAtEverySpawn else { return nil }
    let shape = try BlockEvaluator.shape(template, &ctx)
    spawnShapes[e] = shape
    return shape
  }

  /// Live instances in total; emitters' counts are brought up to `s` only when `adding`
  /// more would pass the limit.
  private func liveTotal(at s: Double, adding: Int) -> Int {
    var total = fixedInstances + spawnChildLive.count + emitterLive.reduce(0) { $0 + $1.count }
    if total + adding > instanceLimit {
      for i in emitterLive.indices { emitterLive[i].expire(at: s) }
      spawnChildLive.expire(at: s)
      total = fixedInstances + spawnChildLive.count + emitterLive.reduce(0) { $0 + $1.count }
    }
    return total
  }
}
