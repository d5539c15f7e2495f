import AnimIR
import AnimImage
import AnimMath
import AnimModel
import AnimSource

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A deterministic, streaming simulation of a checked scene (§8): call `step()` for
/// frame 0, 1, 2, … and read `frame`; nothing from earlier frames is kept, so memory
/// stays flat however long the run.
package final class Simulator {
  package let scene: SceneIR
  package let fps: Double
  /// Seconds of run time a headless run lasts.
  package let duration: Double
  package let seed: UInt64
  /// What the run was asked for (`foreseeInstanceLimit` runs it again).
  let options: SimulationOptions
  /// Frames in a headless run: round(duration × fps) (§9).
  package let frameCount: Int
  /// The frame the last `step()` produced.
  package internal(set) var frame = Frame()

  var clock = RunClock()
  var nextFrame = 0
  var sharedShapes = SharedShapes()
  /// The run's images by resolved path, each read and decoded once (§12.3).
  var images: [String: ImageAsset] = [:]
  var runSources: [RunEventSource] = []
  var sceneSources: [SceneEventSource] = []
  /// Per-run evaluation state: globals and nodes' model positions.
  var context: EvaluationContext
  var nodeBodies: [InstanceBody] = []
  /// When each node appeared (nil: not yet).
  var nodeAppeared: [Double?] = []
  var emitterStreams: [RandomStream] = []
  /// By emitter: whether its triggers read nodes' `scenePosition` (§14).
  var emitterReadsScene: [Bool] = []
  var spawnCounts: [Int] = []
  var emitterLive: [EndTimes] = []
  /// Each emitter's spawn shape when it is the same at every spawn, evaluated at the first.
  var spawnShapes: [ShapeValue?] = []
  /// Each emitter's spawn's timeline, laid out once for all its spawns (`TimelinePlan`).
  var spawnPlans: [TimelinePlan] = []
  /// Each emitter's shared shape, once a spawn has taken it: later spawns skip the
  /// lookup by id.
  var spawnSharedShapes: [SceneShape?] = []
  /// Nodes and replicator copies created (they count towards the live limit).
  var fixedInstances = 0
  /// The live instances of nodes declared in spawns' blocks (§14), by their ends.
  var spawnChildLive = EndTimes()
  /// In creation order; add with `addLive`.
  let live = LiveList<LiveInstance>()
  /// No live instance ends before this: frames before it need not look for ended ones.
  var earliestEnd = Double.infinity
  var timingGroups = TimingGroups()
  /// What sampling reads of each live instance's own numbers, in live order (see
  /// `LiveColumn`).
  var column = LiveColumn()
  /// Reused by every frame's sampling (see `FrameSampler`).
  var cohortScratch = CohortScratch()
  /// For each record of `frame.nodes`, the `seq` of the instance whose id, shape, style,
  /// tint and z it holds since an earlier frame; -1 when it holds none (see `FrameSampler.compose`).
  var recordOwners: [Int] = []
  /// The records of a flat scene's frame before last, with their owners, when
  /// `samplesIntoSpareRecords`.
  var spareRecords: (nodes: [NodeFrame], owners: [Int]) = ([], [])
  /// Whether each frame of a flat scene is sampled into the older of two sets of records
  /// (`spareRecords`), swapped in: a writer may still hold the last frame (a dump makes a
  /// big frame's back half while the next one is sampled), and writing into records it
  /// shares would copy all of them every frame. Set by `FrameRun` for such a writer
  /// (`HoldsFrameWhileNextIsMade`). Off, a frame is sampled into the last one's records,
  /// which are still in cache: the second set cost a simulation alone 15 %.
  package var samplesIntoSpareRecords = false
  var nextSeq = 0
  /// Who listens to each emitter's births and deaths, and the births and deaths waiting
  /// for their scene time (§15).
  var secondaryListeners = SecondaryListeners([])
  var secondaryQueue = SecondaryQueue()
  /// §10's limit on live instances (lowered by tests).
  var instanceLimit = liveInstanceLimit
  /// `frameEventLimit` (lowered by tests), and what the current step has used of it.
  var eventLimit = frameEventLimit
  var eventsThisFrame = 0
  var spawnsThisFrame = 0
  /// The layer tree (§14); nil for a scene without children, whose frames need no tree
  /// pass.
  var tree: LayerTree? = nil
  /// A tree scene's records as sampled, in live order, kept between frames as a flat
  /// scene's `frame.nodes` are (`recordOwners` are theirs); the frame gets them arranged
  /// (`arrangeTree`).
  var treeRecords: [NodeFrame] = []
  /// The paint order of the last frame's tree records, reused while the same instances
  /// are sampled.
  var arrangement = TreeArrangement()
  /// The instance that stands for each node index (§14's numbering) once it appears.
  var seqOfNode: [Int: Int] = [:]
  /// Drags and live bindings (§16); nil for a scene without them.
  var interaction: InteractionState? = nil

  /// Evaluates the per-run stage: top-level `let`s with the stream "", each node with
  /// its own name's stream, emitters' origins, replicators and their copies (§7).
  package init(_ ir: SceneIR, options: SimulationOptions = SimulationOptions()) throws(SimulationError) {
    scene = ir
    self.options = options
    fps = options.fps ?? ir.settings.fps
    duration = options.duration ?? ir.settings.duration
    seed = options.seed ?? ir.settings.seed
    guard fps.isFinite, fps > 0, fps <= 1000 else {
      throw SimulationError(code: "E0903", message: "fps must lie in 1…1000, not \(fps)", range: nil)
    }
    guard duration.isFinite, duration >= 0, duration <= 86_400 else {
      throw SimulationError(code: "E0903", message: "the duration must lie in 0…24 h", range: nil)
    }
    frameCount = Int((duration * fps).rounded())
    context = EvaluationContext(random: RandomStream(seed: seed, name: ""))
    images = try Self.loadImages(ir, from: options.images)
    if LayerTree.needed(ir) { tree = LayerTree(ir) }
    do {
      try evaluatePerRunStage(options)
    } catch {
      throw SimulationError(error)
    }
    if !interactiveTemplates().isEmpty {
      interaction = InteractionState(program: try bindingProgram())
    }
  }

  private func evaluatePerRunStage(_ options: SimulationOptions) throws(EvaluationError) {
    let slots = (scene.globals.map(\.slot).max() ?? -1) + 1
    context.globals = Array(repeating: .number(0), count: slots)
    context.nodePositions = Array(repeating: .zero, count: tree?.nodeIndexCount ?? scene.nodes.count)
    // Globals and nodes each after what they read; globals share the stream of "" (§7),
    // each node has its own, so this order changes no draw but makes reads see values.
    var bodies = [InstanceBody?](repeating: nil, count: scene.nodes.count)
    let globalStream = RandomStream(seed: seed, name: "")
    context.random = globalStream
    var globalRandom = globalStream
    let slotIndex = Dictionary(scene.globals.map { ($0.slot, $0) }, uniquingKeysWith: { a, _ in a })
    for unit in scene.runOrder {
      switch unit {
      case .global(let slot):
        guard slot >= 0, let g = slotIndex[slot] else { continue }
        context.random = globalRandom
        context.globals[slot] = try Evaluator.evaluate(g.value, &context)
        globalRandom = context.random
      case .node(let i):
        let node = scene.nodes[i]
        context.random = RandomStream(seed: seed, name: node.name)
        let body = try BlockEvaluator.evaluate(node, defaultPosition: .zero, groups: &timingGroups, &context)
        bodies[i] = body
        context.nodePositions[i] = body.model.position
        try evaluateChildren(of: node, index: i, &context)
      }
    }
    for (i, body) in bodies.enumerated() {
      guard let body else { continue }
      nodeBodies.append(body)
      sceneSources.append(SceneEventSource(kind: .appear(node: i), times: TimeSequence(times: [body.appearAt])))
    }
    nodeAppeared = Array(repeating: nil, count: scene.nodes.count)
    // Nodes present from the start are created before anything else, in source order.
    for i in sceneSources.indices where sceneSources[i].times.next ?? 1 <= 0 {
      if case .appear(let node) = sceneSources[i].kind { appear(node, at: 0) }
      sceneSources[i].times.advance()
    }
    for (e, emitter) in scene.emitters.enumerated() {
      emitterStreams.append(RandomStream(seed: seed, name: emitter.name))
      emitterReadsScene.append(Self.readsScenePositions(emitter))
      spawnCounts.append(0)
      spawnShapes.append(nil)
      spawnPlans.append(TimelinePlan(emitter.spawn.body))
      spawnSharedShapes.append(nil)
      emitterLive.append(EndTimes())
      for trigger in emitter.triggers {
        switch trigger {
        case .tap, .birth, .death: continue
        case .every(let period, let from, let until):
          sceneSources.append(
            SceneEventSource(kind: .trigger(emitter: e), times: TimeSequence(every: period, from: from, until: until)))
        case .at(let times):
          sceneSources.append(SceneEventSource(kind: .trigger(emitter: e), times: TimeSequence(times: times)))
        }
      }
    }
    secondaryListeners = SecondaryListeners(scene.emitters.map(\.triggers))
    var firstChild = 0
    for replicator in scene.replicators {
      try createCopies(replicator, firstChild: firstChild)
      firstChild += replicator.children.count
    }
    runSources = options.ignoresInput ? [] : scene.input.flatMap(RunEventSource.sources)
    for tap in options.taps {
      let target: InputEvent.Target = tap.point.map { .point($0) } ?? .none
      runSources.append(RunEventSource(event: .tap(target), times: TimeSequence(times: [tap.time]), priority: 1))
    }
  }

  /// The scene time the run has reached.
  package var sceneTime: Double { clock.sceneTime }

  /// The run time of the frame the next `step()` produces.
  package var nextRunTime: Double { Double(nextFrame) / fps }

  /// Whether scene time is stopped by a pause.
  package var isPaused: Bool { clock.paused }

  /// Adds an event at run time `t` (an interactive tap or pause key); it fires at the
  /// first frame at or after `t`, after `input` events at the same time.
  package func inject(_ event: RunEvent, atRunTime t: Double) {
    runSources.removeAll { $0.priority == 1 && $0.times.next == nil }
    runSources.append(RunEventSource(event: event, times: TimeSequence(times: [t]), priority: 1))
  }

  /// Advances to the next frame: fires the events due at or before it, evaluates every
  /// live instance at its scene time (unless `sampling` is false, for skipped frames),
  /// then drops the instances past their lifetime (§8).
  package func step(sampling: Bool = true) throws(SimulationError) {
    let n = nextFrame
    let t = Double(n) / fps
    try fireEvents(upTo: t)
    // The frame's own scene time: an event due within rounding after t must not move it.
    let s = clock.sceneTime(atRunTime: t)
    frame.index = n
    frame.time = t
    frame.sceneTime = s
    // Bindings and presses read the frame before: a run with them samples every frame.
    if sampling || interaction != nil {
      try sampleLive(at: s)
    } else {
      frame.nodes.removeAll(keepingCapacity: true)
    }
    dropEnded(at: s)
    nextFrame += 1
  }

  /// T(position)·R(rotation)·S(scaleX, scaleY)·T(−anchor.x·w, −anchor.y·h), multiplied out.
  static func localMatrix(_ s: NodeState, boxOrigin o: Point) -> AffineTransform {
    // Most nodes are not rotated: no sine or cosine for them.
    let (sn, cs) = s.rotation == 0 ? (0, 1) : sinCos(degrees: s.rotation)
    return localMatrix(s, boxOrigin: o, sin: sn, cos: cs)
  }

  /// `localMatrix` with the sine and cosine of `s.rotation` given.
  @inline(__always)
  static func localMatrix(_ s: NodeState, boxOrigin o: Point, sin sn: Double, cos cs: Double) -> AffineTransform {
    localMatrix(position: s.position, scaleX: s.scaleX, scaleY: s.scaleY, boxOrigin: o, sin: sn, cos: cs)
  }

  /// `localMatrix` of the values it reads of a state.
  @inline(__always)
  static func localMatrix(
    position: Point, scaleX: Double, scaleY: Double, boxOrigin o: Point, sin sn: Double, cos cs: Double
  ) -> AffineTransform {
    let a = cs * scaleX
    let b = sn * scaleX
    let c = -sn * scaleY
    let d = cs * scaleY
    return AffineTransform(
      a: a, b: b, c: c, d: d, tx: position.x + a * o.x + c * o.y, ty: position.y + b * o.x + d * o.y)
  }

  /// Adds an instance to the run.
  func addLive(_ instance: consuming LiveInstance) {
    if let last = live.last {
      let together =
        last.group == instance.group && last.created == instance.created && last.timeOffset == instance.timeOffset
        && (last.placement == nil) == (instance.placement == nil)
      instance.cohort = together ? last.cohort : last.cohort &+ 1
    } else {
      instance.cohort = 0
    }
    (instance.curveAt, instance.scalarsAt) = column.append(instance.block)
    live.append(instance)
    earliestEnd = min(earliestEnd, instance.end)
  }

  /// Removes instances whose lifetime has ended.
  private func dropEnded(at s: Double) {
    let limit = s + ActiveTiming.epsilon
    // Most frames end nothing; looking costs a read of every instance.
    guard earliestEnd <= limit else { return }
    var ended = 0
    var leading = 0
    earliestEnd = .infinity
    // Read in the storage (the list's subscript would copy each instance out), released
    // before the list changes so that the change copies nothing.
    do {
      let all = live.storage
      for i in live.head..<all.count {
        guard all[i].end <= limit else {
          earliestEnd = min(earliestEnd, all[i].end)
          continue
        }
        if leading == i - live.head { leading += 1 }
        ended += 1
        if tree != nil { tree?.forget(all[i].seq) }
        column.noteEnded(numbers: LiveColumn.size(of: all[i].block))
      }
    }
    // Spawns mostly end in the order they began, so the ended ones are mostly the
    // oldest: removing a prefix moves the rest in one block, where moving instances one
    // by one would retain and release each kept body. Kept instances stay in order.
    if ended == leading {
      live.removeFirst(leading)
    } else {
      live.removeAll { $0.end <= limit }
    }
    let first = live.first.map(\.scalarsAt)
    column.dropBefore(first)
    if column.needsRebuild { rebuildColumn() }
  }

  /// Lays the live instances' numbers out again, in live order, without the ended ones.
  private func rebuildColumn() {
    column.restart()
    live.updateAll { instance in
      (instance.curveAt, instance.scalarsAt) = column.append(instance.block)
    }
  }
}
