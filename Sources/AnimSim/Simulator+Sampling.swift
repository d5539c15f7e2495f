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

/// Per-instance values of the run being sampled, kept between frames to reuse their memory.
struct RunScratch {
  var states: [NodeState] = []
  var extras: [Double] = []
  /// The sine and cosine of each member's rotation.
  var sines: [Double] = []
  var cosines: [Double] = []
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

  /// Runs longer than this are split, to keep the scratch in cache.
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
    let t = instanceTime(first)
    let group = first.pointee.group
    var n = 1
    while n < min(available, Self.maxRun) {
      let next = first + n
      guard sceneTime >= next.pointee.created - eps && sceneTime < next.pointee.end - eps, instanceTime(next) == t,
        next.pointee.group == group
      else { break }
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
    if scratch.states.count < count {
      scratch.states = Array(repeating: NodeState(), count: count)
      scratch.extras = Array(repeating: 0, count: count)
      scratch.sines = Array(repeating: 0, count: count)
      scratch.cosines = Array(repeating: 0, count: count)
    }
    let t = instanceTime(first)
    // The first member's body, borrowed: copying its stack out retained six arrays.
    return first.pointee.unretainedBody._withUnsafeGuaranteedRef { body in
      scratch.states.withUnsafeMutableBufferPointer { states in
        scratch.extras.withUnsafeMutableBufferPointer { extras in
          phases.with(body.stack, group: body.timingGroup, at: t) { phases in
            Self.compose(
              first, count, body.block.count, sharedModel: body.timingGroup.sharedModel, phases, states.baseAddress!,
              extras.baseAddress!)
            return scratch.sines.withUnsafeMutableBufferPointer { sines in
              scratch.cosines.withUnsafeMutableBufferPointer { cosines in
                let turns = Turns(sines: sines.baseAddress!, cosines: cosines.baseAddress!)
                Self.finishRotation(count, states.baseAddress!, extras.baseAddress!, turns)
                return write(first, count, states.baseAddress!, turns, into: records)
              }
            }
          }
        }
      }
    }
  }

  /// Each member's model values, then every animation in source order on top (§6.3).
  /// `sharedModel`: the members' model values are the first's (`TimingGroup.sharedModel`).
  @inline(__always)
  private static func compose(
    _ first: UnsafePointer<LiveInstance>, _ count: Int, _ animations: Int, sharedModel: Bool,
    _ phases: UnsafePointer<AnimationPhase>, _ states: UnsafeMutablePointer<NodeState>,
    _ extras: UnsafeMutablePointer<Double>
  ) {
    for r in 0..<count {
      if sharedModel && r > 0 {
        NodeState.copy(states, to: states + r)
      } else {
        (first + r).pointee.unretainedBody._withUnsafeGuaranteedRef { body in
          withUnsafePointer(to: body.model) { NodeState.copy($0, to: states + r) }
        }
      }
      extras[r] = 0
    }
    for k in 0..<animations where phases[k].active {
      if phases[k].shared {
        let target = phases[k].target
        let value = phases[k].value
        for r in 0..<count { target.write(value, &states[r]) }
        continue
      }
      let p = phases[k].progress
      // A flat curve gives `apply`'s point part-way along, with no iteration to add.
      let flat = p > 0 && p < 1 && phases[k].repeats == 0
      for r in 0..<min(Self.prefetchDistance, count) { Self.prefetch(first + r, k) }
      for r in 0..<count {
        if r &+ Self.prefetchDistance < count { Self.prefetch(first + (r &+ Self.prefetchDistance), k) }
        if flat && r &+ Self.intervalDistance < count { Self.prefetchInterval(first + (r &+ Self.intervalDistance), k, p) }
        let member = first + r
        if flat && member.pointee.curveSlot == k, let curve = member.pointee.curve {
          states[r].position = FlatCurvePath.point(curve, at: p)
        } else if !AnimationStack.applyBasic(member.pointee.animations + k, phases[k], &states[r]) {
          member.pointee.unretainedBody._withUnsafeGuaranteedRef {
            $0.stack.apply(k, phases[k], &states[r], &extras[r])
          }
        }
      }
    }
  }

  /// Prefetches what sampling animation `k` of `instance` reads first: the header of its
  /// flat curve if it has one (then the animation is not read), else the animation.
  @inline(__always)
  private static func prefetch(_ instance: UnsafePointer<LiveInstance>, _ k: Int) {
    if instance.pointee.curveSlot == k, let curve = instance.pointee.curve {
      AnimSim.prefetch(curve)
      AnimSim.prefetch(UnsafeRawPointer(curve) + (MemoryLayout<Double>.stride * FlatCurvePath.header - 1))
    } else {
      let animation = UnsafeRawPointer(instance.pointee.animations + k)
      AnimSim.prefetch(animation)
      AnimSim.prefetch(animation + (MemoryLayout<CompiledAnimation>.stride - 1))
    }
  }

  /// Prefetches the interval of `instance`'s flat curve near progress `p` (its header
  /// arrived after `prefetch`).
  @inline(__always)
  private static func prefetchInterval(_ instance: UnsafePointer<LiveInstance>, _ k: Int, _ p: Double) {
    if instance.pointee.curveSlot == k, let curve = instance.pointee.curve {
      AnimSim.prefetch(FlatCurvePath.intervalAddress(curve, at: p))
    }
  }

  /// Where each member's sine and cosine of its rotation go.
  struct Turns {
    let sines: UnsafeMutablePointer<Double>
    let cosines: UnsafeMutablePointer<Double>
  }

  /// Adds the `along` rotation and clamps opacity in every member's state, and takes the
  /// sine and cosine of each rotation, two members at a time (`sinCos` on two lanes).
  @inline(__always)
  private static func finishRotation(
    _ count: Int, _ states: UnsafeMutablePointer<NodeState>, _ extras: UnsafePointer<Double>, _ turns: Turns
  ) {
    for r in 0..<count {
      states[r].rotation += extras[r]
      states[r].opacity = min(max(states[r].opacity, 0), 1)
    }
    var r = 0
    while r &+ 1 < count {
      let (sn, cs) = sinCos(degrees: SIMD2(states[r].rotation, states[r &+ 1].rotation))
      UnsafeMutableRawPointer(turns.sines + r).storeBytes(of: sn, as: SIMD2<Double>.self)
      UnsafeMutableRawPointer(turns.cosines + r).storeBytes(of: cs, as: SIMD2<Double>.self)
      r &+= 2
    }
    if r < count { (turns.sines[r], turns.cosines[r]) = sinCos(degrees: states[r].rotation) }
  }

  /// The members' records: composed values (rotation and opacity finished), and the
  /// matrix (§9). Returns the index of a member with a value that is not finite, if any
  /// (nothing after it is written).
  private mutating func write(
    _ first: UnsafePointer<LiveInstance>, _ count: Int, _ states: UnsafeMutablePointer<NodeState>, _ turns: Turns,
    into records: UnsafeMutablePointer<NodeFrame>
  ) -> Int? {
    for r in 0..<count {
      let instance = first + r
      let record = records + written
      if r &+ Self.recordDistance < count { prefetchForWriting(record + Self.recordDistance) }
      let rotation = states[r].rotation
      let opacity = states[r].opacity
      var matrix = Simulator.localMatrix(
        states[r], boxOrigin: instance.pointee.boxOrigin, sin: turns.sines[r], cos: turns.cosines[r])
      // Tested before it is bound: binding retains, and only copies have one.
      var tint: Color? = nil
      if instance.pointee.placement != nil, let placement = instance.pointee.placement {
        matrix = placement.prefix * matrix
        tint = placement.tint
      }
      guard Self.isFinite(states + r, rotation: rotation, opacity: opacity, matrix) else { return r }
      if record.pointee.id != instance.pointee.id { record.pointee.id = instance.pointee.id }
      record.pointee.shape = instance.pointee.shapeSlot
      withUnsafeMutablePointer(to: &record.pointee.state) { NodeState.copy(states + r, to: $0) }
      record.pointee.hasStroke = instance.pointee.hasStroke
      record.pointee.hasTrim = instance.pointee.hasTrim
      record.pointee.tint = tint
      let z = instance.pointee.z
      record.pointee.z = z
      record.pointee.matrix = matrix
      if z < lastZ { ordered = false }
      lastZ = z
      written += 1
    }
    return nil
  }

  /// Whether every number of a record is finite. NaN and infinities propagate through the
  /// sum, so one test usually settles it; a sum of huge finite values needs the long way.
  /// Through a pointer: taking the state by value (or borrowing it from a pointer) copied
  /// it with memcpy for every instance.
  @inline(__always)
  static func isFinite(
    _ state: UnsafePointer<NodeState>, rotation: Double, opacity: Double, _ m: AffineTransform
  ) -> Bool {
    let sum =
      state.pointee.position.x + state.pointee.position.y + state.pointee.scaleX + state.pointee.scaleY + rotation
      + opacity + state.pointee.lineWidth + state.pointee.strokeStart + state.pointee.strokeEnd + m.a + m.b + m.c
      + m.d + m.tx + m.ty
    if sum.isFinite { return true }
    let s = state.pointee
    return [s.position.x, s.position.y, s.scaleX, s.scaleY, rotation, opacity, m.a, m.b, m.c, m.d, m.tx, m.ty]
      .allSatisfy(\.isFinite) && s.lineWidth.isFinite && s.strokeStart.isFinite && s.strokeEnd.isFinite
  }
}
