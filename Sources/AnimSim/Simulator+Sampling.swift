import AnimMath

extension Simulator {
  /// Writes every live instance at scene time `s` into `frame.nodes`, in paint order.
  func sampleLive(at s: Double) throws(SimulationError) {
    let eps = ActiveTiming.epsilon
    // Work on a local array (unique, so writes never copy) and hand it back after.
    var nodes: [NodeFrame] = []
    swap(&nodes, &frame.nodes)
    defer { swap(&nodes, &frame.nodes) }
    // Last frame's records are overwritten in place, and an id already in its place is
    // left there: copying an id's string in and destroying it a frame later cost as much
    // as the rest of a record.
    if nodes.count < live.count {
      nodes.append(contentsOf: repeatElement(NodeFrame.placeholder, count: live.count - nodes.count))
    }
    var sampler = RunSampler(sceneTime: s)
    var phases = PhaseCache()
    var failed: Int? = nil
    live.withUnsafeBufferPointer { instances in
      nodes.withUnsafeMutableBufferPointer { out in
        guard let first = instances.baseAddress, let records = out.baseAddress else { return }
        var i = 0
        while i < instances.count {
          guard s >= instances[i].created - eps && s < instances[i].end - eps else {
            i += 1
            continue
          }
          let count = sampler.runLength(first + i, available: instances.count - i)
          if let bad = sampler.sample(first + i, count: count, &phases, &runScratch, into: records) {
            failed = i + bad
            return
          }
          i += count
        }
      }
    }
    nodes.removeSubrange(sampler.written...)
    if let bad = failed.map({ live[$0] }) {
      throw SimulationError(
        code: "E0901", message: "a property of `\(bad.id)` is not finite at \(s)s", range: bad.body.template.range)
    }
    // Instances are kept in creation order; only differing z needs a sort (stable by seq).
    if !sampler.ordered {
      let seqs = live.filter { s >= $0.created - eps && s < $0.end - eps }.map(\.seq)
      let order = nodes.indices.sorted {
        nodes[$0].z != nodes[$1].z ? nodes[$0].z < nodes[$1].z : seqs[$0] < seqs[$1]
      }
      nodes = order.map { nodes[$0] }
    }
  }
}

/// The states of a run's members, composed where they end up: in the members' records,
/// so that writing a record copies no state. Member r's is in record r from `start`.
struct StateColumn {
  private let start: UnsafeMutablePointer<NodeFrame>
  /// Member 0's state.
  private let base: UnsafeMutableRawPointer

  init(_ start: UnsafeMutablePointer<NodeFrame>) {
    self.start = start
    base = UnsafeMutableRawPointer(start) + MemoryLayout<NodeFrame>.offset(of: \.state)!
  }

  @inline(__always) subscript(r: Int) -> UnsafeMutablePointer<NodeState> {
    (base + r &* MemoryLayout<NodeFrame>.stride).assumingMemoryBound(to: NodeState.self)
  }

  @inline(__always) func record(_ r: Int) -> UnsafeMutablePointer<NodeFrame> { start + r }
}

/// Per-instance values of the run being sampled, kept between frames to reuse their memory.
struct RunScratch {
  /// Each member's rotation from an `along … rotate` animation, added after composing.
  var extras: [Double] = []
}

/// Samples live instances in runs: consecutive instances of one timing group at the same
/// instance time (the spawns of one burst, mostly) have the same phases, so the run
/// takes its phases once and applies each animation to every member before the next.
///
/// Member by member, one instance's work was a long chain of dependent reads (body,
/// animations, path, knots) that the processor could not overlap with the next
/// instance's. Animation by animation, each loop is short and its members independent,
/// so their reads overlap. The values are the same: each member's animations still
/// apply in source order, and members never read each other.
struct RunSampler {
  let sceneTime: Double
  /// Records written so far.
  private(set) var written = 0
  /// Whether z never decreased in the records written (no sort needed).
  private(set) var ordered = true
  private var lastZ = -Double.infinity

  /// Runs longer than this are split, to keep a run's records and scratch in cache
  /// (shorter ones measured slower: each loop's prefetching starts afresh).
  static let maxRun = 256
  /// How many members ahead a loop prefetches a member's animation and curve header, and
  /// (with the header in cache by then) the spline interval it will read.
  static let prefetchDistance = 12
  static let intervalDistance = 5
  /// How many records ahead writing prefetches a record (last frame's, overwritten).
  static let recordDistance = 6

  init(sceneTime: Double) {
    self.sceneTime = sceneTime
  }

  /// The instance's time: scene time since creation, less a replicator copy's offset.
  @inline(__always)
  private func instanceTime(_ p: UnsafePointer<LiveInstance>) -> Double {
    sceneTime - p.pointee.created - p.pointee.timeOffset
  }

  /// How many instances from `first` (active itself) form a run: active, in the same
  /// timing group, at the same instance time.
  func runLength(_ first: UnsafePointer<LiveInstance>, available: Int) -> Int {
    let eps = ActiveTiming.epsilon
    // Instances of one run share their group, creation and time offset (`LiveInstance.run`),
    // so the first's being active means each is active but for its own end.
    let run = first.pointee.run
    var n = 1
    while n < min(available, Self.maxRun) {
      let next = first + n
      guard next.pointee.run == run && sceneTime < next.pointee.end - eps else { break }
      n += 1
    }
    return n
  }

  /// Samples `count` instances from `first` and writes their records after those
  /// written so far; `records` is the start of the frame's records. Returns the index
  /// (from `first`) of a member with a value that is not finite, if any; nothing from
  /// it on is written.
  mutating func sample(
    _ first: UnsafePointer<LiveInstance>, count: Int, _ phases: inout PhaseCache, _ scratch: inout RunScratch,
    into records: UnsafeMutablePointer<NodeFrame>
  ) -> Int? {
    if scratch.extras.count < count {
      scratch.extras = Array(repeating: 0, count: count)
    }
    let t = instanceTime(first)
    // The first member's body, borrowed: copying its stack out retained six arrays.
    return first.pointee.unretainedBody._withUnsafeGuaranteedRef { body in
      scratch.extras.withUnsafeMutableBufferPointer { extras in
        phases.with(body.stack, group: body.timingGroup, at: t) { phases in
          let states = StateColumn(records + written)
          Self.compose(
            first, count, body.block.count, sharedModel: body.timingGroup.sharedModel,
            shapes: body.timingGroup.shapes, phases, states, extras.baseAddress!)
          return write(first, count, states, extras.baseAddress!, into: records)
        }
      }
    }
  }

  /// Each member's model values, then every animation in source order on top (§6.3).
  /// `sharedModel`: the members' model values are the first's (`TimingGroup.sharedModel`);
  /// `shapes`: how every member applies each animation (`TimingGroup.shapes`).
  @inline(__always)
  private static func compose(
    _ first: UnsafePointer<LiveInstance>, _ count: Int, _ animations: Int, sharedModel: Bool,
    shapes: [AnimationShape], _ phases: UnsafePointer<AnimationPhase>, _ states: StateColumn,
    _ extras: UnsafeMutablePointer<Double>
  ) {
    for r in 0..<count {
      if r &+ Self.recordDistance < count { prefetchForWriting(states.record(r &+ Self.recordDistance)) }
      if sharedModel && r > 0 {
        NodeState.copy(states[0], to: states[r])
      } else {
        (first + r).pointee.unretainedBody._withUnsafeGuaranteedRef { body in
          withUnsafePointer(to: body.model) { NodeState.copy($0, to: states[r]) }
        }
      }
      extras[r] = 0
    }
    for k in 0..<animations where phases[k].active {
      if phases[k].shared {
        writeShared(phases[k].value, phases[k].target, count, states)
        continue
      }
      let phase = phases[k]
      // A flat curve gives `apply`'s point part-way along, with no iteration to add.
      let flat = phase.progress > 0 && phase.progress < 1 && phase.repeats == 0
      switch shapes[k] {
      case .flatCurve where flat:
        composeFlatCurve(first, count, k, at: phase.progress, states, extras)
      case .scalar(let offset, let hasFrom, let end, let additive):
        let shape = ScalarShape(offset: offset, hasFrom: hasFrom, end: end, additive: additive)
        composeScalar(first, count, k, phase, shape, states)
      default:
        composeGeneral(first, count, k, phase, flat: flat, states, extras)
      }
    }
  }

  /// `Target.write` of one value into every member's state, the target asked once.
  @inline(__always)
  private static func writeShared(_ value: Channels, _ target: Target, _ count: Int, _ states: StateColumn) {
    let (offset, channels) = target.slot
    switch channels {
    case 1:
      for r in 0..<count { (UnsafeMutableRawPointer(states[r]) + offset).storeBytes(of: value.x, as: Double.self) }
    case 2:
      let pair = SIMD2(value.x, value.y)
      for r in 0..<count { (UnsafeMutableRawPointer(states[r]) + offset).storeBytes(of: pair, as: SIMD2<Double>.self) }
    default:
      for r in 0..<count { target.write(value, &states[r].pointee) }
    }
  }

  /// Animation `k` of every member, each deciding how it applies.
  @inline(__always)
  private static func composeGeneral(
    _ first: UnsafePointer<LiveInstance>, _ count: Int, _ k: Int, _ phase: AnimationPhase, flat: Bool,
    _ states: StateColumn, _ extras: UnsafeMutablePointer<Double>
  ) {
    let p = phase.progress
    for r in 0..<min(Self.prefetchDistance, count) { Self.prefetch(first + r, k) }
    for r in 0..<count {
      if r &+ Self.prefetchDistance < count { Self.prefetch(first + (r &+ Self.prefetchDistance), k) }
      if flat && r &+ Self.intervalDistance < count {
        Self.prefetchInterval(first + (r &+ Self.intervalDistance), k, p)
      }
      let member = first + r
      if flat && member.pointee.curveSlot == k, let curve = member.pointee.curve {
        states[r].pointee.position = FlatCurvePath.point(curve, at: p)
      } else {
        applyOne(member, k, phase, states[r], extras + r)
      }
    }
  }

  /// Animation `k` of a member, the general way.
  @inline(__always)
  private static func applyOne(
    _ member: UnsafePointer<LiveInstance>, _ k: Int, _ phase: AnimationPhase, _ state: UnsafeMutablePointer<NodeState>,
    _ extra: UnsafeMutablePointer<Double>
  ) {
    guard !AnimationStack.applyBasic(member.pointee.animations + k, phase, &state.pointee) else { return }
    member.pointee.unretainedBody._withUnsafeGuaranteedRef { $0.stack.apply(k, phase, &state.pointee, &extra.pointee) }
  }

  /// Animation `k`, every member's drift along its flat curve, part-way along (progress p).
  @inline(__always)
  private static func composeFlatCurve(
    _ first: UnsafePointer<LiveInstance>, _ count: Int, _ k: Int, at p: Double, _ states: StateColumn,
    _ extras: UnsafeMutablePointer<Double>
  ) {
    // Every member's curve drives animation k (the group's shape says so): no member is
    // asked which animation its curve belongs to.
    for r in 0..<min(Self.prefetchDistance, count) {
      if let curve = (first + r).pointee.curve { prefetchHeader(curve) }
    }
    for r in 0..<count {
      if r &+ Self.prefetchDistance < count, let curve = (first + (r &+ Self.prefetchDistance)).pointee.curve {
        prefetchHeader(curve)
      }
      if r &+ Self.intervalDistance < count, let curve = (first + (r &+ Self.intervalDistance)).pointee.curve {
        prefetchIntervals(curve, p)
      }
      let member = first + r
      if let curve = member.pointee.curve {
        states[r].pointee.position = FlatCurvePath.point(curve, at: p)
      } else {
        applyOne(member, k, AnimationPhase(active: true, progress: p, repeats: 0), states[r], extras + r)
      }
    }
  }

  /// What `AnimationShape.scalar` says of every member's animation.
  struct ScalarShape {
    let offset: Int
    let hasFrom: Bool
    let end: BasicValues.End
    let additive: Bool
  }

  /// Animation `k`, a basic animation of a one-number property in every member:
  /// `AnimationStack.applyBasic` on that number alone.
  @inline(__always)
  private static func composeScalar(
    _ first: UnsafePointer<LiveInstance>, _ count: Int, _ k: Int, _ phase: AnimationPhase, _ shape: ScalarShape,
    _ states: StateColumn
  ) {
    for r in 0..<min(Self.prefetchDistance, count) {
      AnimSim.prefetch(AnimationBlock.scalars((first + r).pointee.animations, k))
    }
    for r in 0..<count {
      if r &+ Self.prefetchDistance < count {
        AnimSim.prefetch(AnimationBlock.scalars((first + (r &+ Self.prefetchDistance)).pointee.animations, k))
      }
      // Every member's animation k is basic (the group's shape says so): its scalars are all it needs.
      let scalars = AnimationBlock.scalars((first + r).pointee.animations, k).pointee
      let field = UnsafeMutableRawPointer(states[r]) + shape.offset
      let below = field.load(as: Double.self)
      let value = BasicValues.scalarValue(
        from: scalars.x, end: scalars.y, implicit: shape.additive ? 0 : below, hasFrom: shape.hasFrom,
        endKind: shape.end, progress: phase.progress, repeats: phase.repeats)
      field.storeBytes(of: shape.additive ? below + value : value, as: Double.self)
    }
  }

  /// Prefetches what sampling animation `k` of `instance` reads first: the header of its
  /// flat curve if it has one (then the animation is not read), else the animation.
  @inline(__always)
  private static func prefetch(_ instance: UnsafePointer<LiveInstance>, _ k: Int) {
    if instance.pointee.curveSlot == k, let curve = instance.pointee.curve {
      prefetchHeader(curve)
    } else {
      prefetchAnimation(instance, k)
    }
  }

  /// Prefetches a flat curve's header (two lines).
  @inline(__always)
  private static func prefetchHeader(_ curve: UnsafePointer<Double>) {
    AnimSim.prefetch(curve)
    AnimSim.prefetch(UnsafeRawPointer(curve) + (MemoryLayout<Double>.stride * FlatCurvePath.header - 1))
  }

  /// Prefetches `instance`'s animation `k`.
  @inline(__always)
  private static func prefetchAnimation(_ instance: UnsafePointer<LiveInstance>, _ k: Int) {
    let animation = UnsafeRawPointer(instance.pointee.animations + k)
    AnimSim.prefetch(animation)
    AnimSim.prefetch(animation + (MemoryLayout<CompiledAnimation>.stride - 1))
  }

  /// Prefetches the interval of `instance`'s flat curve near progress `p`, and the next
  /// (its header arrived after `prefetch`).
  @inline(__always)
  private static func prefetchInterval(_ instance: UnsafePointer<LiveInstance>, _ k: Int, _ p: Double) {
    if instance.pointee.curveSlot == k, let curve = instance.pointee.curve { prefetchIntervals(curve, p) }
  }

  /// Prefetches the interval of a flat curve near progress `p`, and the next.
  @inline(__always)
  private static func prefetchIntervals(_ curve: UnsafePointer<Double>, _ p: Double) {
    let interval = FlatCurvePath.intervalAddress(curve, at: p)
    AnimSim.prefetch(interval)
    // A prefetch past the block's end (after the last interval) is harmless.
    AnimSim.prefetch(interval + MemoryLayout<Double>.stride * FlatCurvePath.intervalStride)
  }

  /// The members' records: composed values with the `along` rotation on top, opacity
  /// clamped, and the matrix (§9), two members at a time: one `sinCos` on two lanes gives
  /// both rotations' sines and cosines. Returns the index of a member with a value that
  /// is not finite, if any (nothing from it on is written).
  private mutating func write(
    _ first: UnsafePointer<LiveInstance>, _ count: Int, _ states: StateColumn, _ extras: UnsafePointer<Double>,
    into records: UnsafeMutablePointer<NodeFrame>
  ) -> Int? {
    // Counted in locals, stored once: kept in `self`, each was stored and reloaded per member.
    var record = RecordWriter(start: records + written, lastZ: lastZ)
    defer {
      lastZ = record.lastZ
      if !record.ordered { ordered = false }
    }
    // The next pair's sines and cosines are taken before this pair's records are
    // written: the polynomials are a chain of dependent operations, which the processor
    // then works through while it writes, rather than waiting for them.
    var turns = Self.turns(states, extras, from: 0, count)
    var r = 0
    while r < count {
      let current = turns
      if r &+ 2 < count { turns = Self.turns(states, extras, from: r &+ 2, count) }
      guard
        record.write(first + r, states[r], r, rotation: current.rotation[0], sin: current.sin[0], cos: current.cos[0])
      else {
        written &+= r
        return r
      }
      let n = r &+ 1
      if n < count {
        guard
          record.write(first + n, states[n], n, rotation: current.rotation[1], sin: current.sin[1], cos: current.cos[1])
        else {
          written &+= n
          return n
        }
      }
      r &+= 2
    }
    written &+= count
    return nil
  }

  /// Members r and r + 1's rotations with the `along` rotation added, and their sines
  /// and cosines (a zero rotation stands in for a member past `count`).
  @inline(__always)
  private static func turns(_ states: StateColumn, _ extras: UnsafePointer<Double>, from r: Int, _ count: Int) -> (
    rotation: SIMD2<Double>, sin: SIMD2<Double>, cos: SIMD2<Double>
  ) {
    let rotation = states[r].pointee.rotation + extras[r]
    let next = r &+ 1 < count ? states[r &+ 1].pointee.rotation + extras[r &+ 1] : 0
    let (sines, cosines) = sinCos(degrees: SIMD2(rotation, next))
    return (SIMD2(rotation, next), sines, cosines)
  }

  /// Writes records from `start`, noting whether z never decreased.
  struct RecordWriter {
    let start: UnsafeMutablePointer<NodeFrame>
    var lastZ: Double
    var ordered = true

    init(start: UnsafeMutablePointer<NodeFrame>, lastZ: Double) {
      self.start = start
      self.lastZ = lastZ
    }

    /// Record r, of `instance` with its composed state (in the record) whose rotation is
    /// `rotation` with the `along` rotation added; false if a value is not finite.
    @inline(__always)
    mutating func write(
      _ instance: UnsafePointer<LiveInstance>, _ state: UnsafeMutablePointer<NodeState>, _ r: Int, rotation: Double,
      sin: Double, cos: Double
    ) -> Bool {
      let record = start + r
      let opacity = min(max(state.pointee.opacity, 0), 1)
      state.pointee.rotation = rotation
      state.pointee.opacity = opacity
      var matrix = Simulator.localMatrix(state.pointee, boxOrigin: instance.pointee.boxOrigin, sin: sin, cos: cos)
      // Tested before it is bound: binding retains, and only copies have one.
      var tint: Color? = nil
      if instance.pointee.placement != nil, let placement = instance.pointee.placement {
        matrix = placement.prefix * matrix
        tint = placement.tint
      }
      guard RunSampler.isFinite(state, opacity: opacity, matrix) else { return false }
      if record.pointee.id != instance.pointee.id { record.pointee.id = instance.pointee.id }
      record.pointee.shape = instance.pointee.shapeSlot
      record.pointee.hasStroke = instance.pointee.hasStroke
      record.pointee.hasTrim = instance.pointee.hasTrim
      record.pointee.tint = tint
      let z = instance.pointee.z
      record.pointee.z = z
      record.pointee.matrix = matrix
      if z < lastZ { ordered = false }
      lastZ = z
      return true
    }
  }

  /// Whether every number of a record is finite. NaN and infinities propagate through the
  /// sum, so one test usually settles it; a sum of huge finite values needs the long way.
  /// Position, scale and rotation are not summed: the matrix is made of them by sums and
  /// products, which keep a NaN or an infinity (a zero factor turns one into NaN), so a
  /// finite matrix means they are finite too.
  /// Through a pointer: taking the state by value (or borrowing it from a pointer) copied
  /// it with memcpy for every instance.
  @inline(__always)
  static func isFinite(_ state: UnsafePointer<NodeState>, opacity: Double, _ m: AffineTransform) -> Bool {
    let sum =
      opacity + state.pointee.lineWidth + state.pointee.strokeStart + state.pointee.strokeEnd + m.a + m.b + m.c + m.d
      + m.tx + m.ty
    if sum.isFinite { return true }
    let s = state.pointee
    return [opacity, s.lineWidth, s.strokeStart, s.strokeEnd, m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite)
  }
}
