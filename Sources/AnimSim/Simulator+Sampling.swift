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
    // Records past last frame's (a frame may have sampled nothing) hold no instance.
    if recordOwners.count > nodes.count { recordOwners.removeSubrange(nodes.count...) }
    if nodes.count < live.count {
      nodes.append(contentsOf: repeatElement(NodeFrame.placeholder, count: live.count - nodes.count))
      recordOwners.append(contentsOf: repeatElement(-1, count: nodes.count - recordOwners.count))
    }
    // Sampling writes through a pointer to both, record by record.
    precondition(recordOwners.count == nodes.count, "a record without an owner slot")
    var sampler = RunSampler(sceneTime: s)
    var phases = PhaseCache()
    var failed: Int? = nil
    live.withUnsafeBufferPointer { instances in
      nodes.withUnsafeMutableBufferPointer { out in
        recordOwners.withUnsafeMutableBufferPointer { owners in
          guard let first = instances.baseAddress, let records = out.baseAddress, let owners = owners.baseAddress
          else { return }
          var i = 0
          while i < instances.count {
            guard s >= instances[i].created - eps && s < instances[i].end - eps else {
              i += 1
              continue
            }
            let count = sampler.runLength(first + i, available: instances.count - i)
            if let bad = sampler.sample(first + i, count: count, &phases, &runScratch, into: records, owners: owners) {
              failed = i + bad
              return
            }
            i += count
          }
        }
      }
    }
    nodes.removeSubrange(sampler.written...)
    recordOwners.removeSubrange(sampler.written...)
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
      // Sorted, a record may hold another instance than it did.
      for i in recordOwners.indices { recordOwners[i] = -1 }
    }
  }
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
  /// Records written so far (`RunSampler+Records.swift` writes them).
  var written = 0
  /// Whether z never decreased in the records written (no sort needed).
  var ordered = true
  var lastZ = -Double.infinity

  /// Runs longer than this are split, to keep a run's records and scratch in cache.
  static let maxRun = 256

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
  /// written so far; `records` is the start of the frame's records, `owners` of their
  /// owners (`Simulator.recordOwners`). Returns the index (from `first`) of a member with
  /// a value that is not finite, if any: its record and those after it are left
  /// unfinished, for the caller to drop.
  mutating func sample(
    _ first: UnsafePointer<LiveInstance>, count: Int, _ phases: inout PhaseCache, _ scratch: inout RunScratch,
    into records: UnsafeMutablePointer<NodeFrame>, owners: UnsafeMutablePointer<Int>
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
          let group = body.timingGroup
          let facts = GroupFacts(
            sharedModel: group.sharedModel, animatesStyle: group.animatesStyle, shapes: group.shapes)
          let styleKept = Self.compose(
            first, count, body.block.count, facts, phases, states, owners + written, extras.baseAddress!)
          return write(first, count, states, extras.baseAddress!, styleKept: styleKept, into: records)
        }
      }
    }
  }
}
