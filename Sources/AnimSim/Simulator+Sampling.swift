import AnimMath
import AnimModel

extension Simulator {
  /// Writes every live instance at scene time `s` into `frame.nodes`, in paint order.
  /// `runTime` is when §16's bindings read the pointer: the next frame's, unless an event
  /// between frames (a release) samples its own instant.
  func sampleLive(at s: Double, runTime: Double? = nil) throws(SimulationError) {
    let eps = ActiveTiming.epsilon
    // Work on a local array (unique, so writes never copy) and hand it back after. A
    // tree scene samples into records of its own, which the frame gets arranged.
    let sampledInFrame = tree == nil
    if sampledInFrame && samplesIntoSpareRecords {
      swap(&frame.nodes, &spareRecords.nodes)
      swap(&recordOwners, &spareRecords.owners)
    }
    var nodes: [NodeFrame] = []
    if sampledInFrame { swap(&nodes, &frame.nodes) } else { swap(&nodes, &treeRecords) }
    defer { if sampledInFrame { swap(&nodes, &frame.nodes) } else { swap(&nodes, &treeRecords) } }
    // The records sampled before (a flat scene's: the last frame's, or the frame before
    // last's, see `samplesIntoSpareRecords`) are overwritten in place, and an id already in its place is left
    // there: copying an id's string in and destroying it a frame later cost as much as
    // the rest of a record.
    // Records past those (a frame may have sampled nothing) hold no instance.
    if recordOwners.count > nodes.count { recordOwners.removeSubrange(nodes.count...) }
    realignRecords(&nodes, at: s)
    if nodes.count < live.count {
      nodes.append(contentsOf: repeatElement(NodeFrame.placeholder, count: live.count - nodes.count))
      recordOwners.append(contentsOf: repeatElement(-1, count: nodes.count - recordOwners.count))
    }
    precondition(recordOwners.count == nodes.count, "a record without an owner slot")
    var owners: [Int] = []
    swap(&owners, &recordOwners)
    defer { swap(&owners, &recordOwners) }
    var column = LiveColumn()
    swap(&column, &self.column)
    defer { swap(&column, &self.column) }
    var sampler = FrameSampler(sceneTime: s)
    var phases = PhaseCache()
    var failed: Int? = nil
    let instances = live.storage
    var i = live.head
    while i < instances.count {
      guard s >= instances[i].created - eps && s < instances[i].end - eps else {
        i += 1
        continue
      }
      let count = sampler.cohortLength(instances, from: i)
      let cohort = FrameSampler.Cohort(first: i, count: count)
      if let bad = sampler.sample(
        instances, cohort, &phases, &cohortScratch, &column, into: &nodes, owners: &owners)
      {
        failed = i - live.head + bad
        break
      }
      i += count
    }
    nodes.removeSubrange(sampler.written...)
    owners.removeSubrange(sampler.written...)
    var depths = DepthColumn()
    swap(&depths, &sampler.depths)
    if let bad = failed.map({ live[$0] }) {
      throw SimulationError(
        code: "E0901", message: "a property of `\(bad.id)` is not finite at \(s)s", range: bad.body.template.range)
    }
    var seqs: [Int] = []
    if interaction != nil {
      let actives = (live.head..<instances.count).filter {
        s >= instances[$0].created - eps && s < instances[$0].end - eps
      }
      try applyBindings(
        &nodes, instances: actives, owners: &owners, depths: &depths, at: s, runTime: runTime ?? Double(nextFrame) / fps
      )
      seqs = actives.map { instances[$0].seq }
    }
    if tree != nil {
      if seqs.isEmpty { seqs = activeSeqs(at: s) }
      // Arranged first: an optional-chained assignment would skip it without interaction.
      let arranged = arrangeTree(nodes, seqs: seqs, locals: depths, into: &frame.nodes)
      interaction?.frameSeqs = arranged
      return
    }
    defer { if interaction != nil { interaction?.frameSeqs = seqs } }
    // The column is finished: the 3-D records take it (a 2-D scene's is empty).
    if !depths.isEmpty { for w in nodes.indices { nodes[w].publishDepth(depths) } }
    // Instances are kept in creation order; only differing z needs a sort (stable by seq).
    if !sampler.ordered {
      if seqs.isEmpty { seqs = activeSeqs(at: s) }
      let order = nodes.indices.sorted {
        nodes[$0].z != nodes[$1].z ? nodes[$0].z < nodes[$1].z : seqs[$0] < seqs[$1]
      }
      nodes = order.map { nodes[$0] }
      seqs = order.map { seqs[$0] }
      // Sorted, a record may hold another instance than it did.
      for i in owners.indices { owners[i] = -1 }
    }
  }
}

extension Simulator {
  /// The `seq`s of the instances sampled at scene time `s`, in live order. Read in the
  /// storage: filtering the list would copy every instance out.
  func activeSeqs(at s: Double) -> [Int] {
    let eps = ActiveTiming.epsilon
    let all = live.storage
    var seqs: [Int] = []
    seqs.reserveCapacity(all.count - live.head)
    for i in live.head..<all.count where s >= all[i].created - eps && s < all[i].end - eps { seqs.append(all[i].seq) }
    return seqs
  }

  /// When the oldest instances have ended, the records that held them lead last frame's
  /// records, and every other record sits that many places after its instance's new
  /// one: drops them, so that each record is found holding its instance (and kept, see
  /// `FrameSampler.compose`) rather than filled again with another's.
  ///
  /// Why: filling a record writes all of it, where a kept record gets its leading
  /// values and matrix; moving the records up is one sequential copy.
  func realignRecords(_ nodes: inout [NodeFrame], at s: Double) {
    guard let lead = recordOwners.first, lead >= 0 else { return }
    // The first instance this frame samples: those before it have ended (they leave the
    // list after sampling, see `step`).
    let eps = ActiveTiming.epsilon
    let all = live.storage
    var i = live.head
    while i < all.count && !(s >= all[i].created - eps && s < all[i].end - eps) { i += 1 }
    guard i < all.count else { return }
    let seq = all[i].seq
    // Sequence numbers grow in live order: its record, if any, follows the ended ones'.
    guard lead < seq, let at = recordOwners.firstIndex(where: { $0 >= seq }), recordOwners[at] == seq else { return }
    nodes.removeSubrange(0..<at)
    recordOwners.removeSubrange(0..<at)
  }
}

/// Per-instance values of the cohort being sampled, kept between frames to reuse their memory.
struct CohortScratch {
  /// Each member's rotation from an `along … rotate` animation, added after composing.
  var extras: [Double] = []
}

/// Samples the live instances of one frame, in cohorts: consecutive instances of one
/// timing group at the same instance time (the spawns of one burst, mostly) have the
/// same phases, so a cohort takes its phases once and applies each animation to every
/// member before the next. ("Run" is kept for a simulation run.)
///
/// Member by member, one instance's work was a long chain of dependent reads (body,
/// animations, path, knots) that the processor could not overlap with the next
/// instance's. Animation by animation, each loop is short and its members independent,
/// so their reads overlap. The values are the same: each member's animations still
/// apply in source order, and members never read each other.
struct FrameSampler {
  let sceneTime: Double
  /// Records written so far (`FrameSampler+Records.swift` writes them).
  var written = 0
  /// Whether z never decreased in the records written (no sort needed).
  var ordered = true
  var lastZ = -Double.infinity
  /// The 3-D records' matrices, in the order written (`NodeFrame.placeDepth`).
  var depths = DepthColumn()

  /// Cohorts longer than this are split, to keep a cohort's records and scratch in cache.
  static let maxCohort = 256

  init(sceneTime: Double) {
    self.sceneTime = sceneTime
  }

  /// Consecutive live instances sampled together: `count` from index `first` of the
  /// live storage.
  struct Cohort {
    let first: Int
    let count: Int
  }

  /// The instance's time: scene time since creation, less a replicator copy's offset.
  @inline(__always)
  private func instanceTime(_ instance: LiveInstance) -> Double {
    sceneTime - instance.created - instance.timeOffset
  }

  /// How many instances from `live[first]` (active itself) form a cohort: active, in the
  /// same timing group, at the same instance time.
  func cohortLength(_ live: ContiguousArray<LiveInstance>, from first: Int) -> Int {
    let eps = ActiveTiming.epsilon
    // Instances of one cohort share their group, creation and time offset (`LiveInstance.cohort`),
    // so the first's being active means each is active but for its own end.
    let cohort = live[first].cohort
    let available = min(live.count - first, Self.maxCohort)
    var n = 1
    while n < available && live[first &+ n].cohort == cohort && sceneTime < live[first &+ n].end - eps { n &+= 1 }
    return n
  }

  /// Samples the cohort's members and writes their records after those written so far;
  /// `owners` are the records' owners (`Simulator.recordOwners`). Returns the index (from
  /// the cohort's first) of a member with a value that is not finite, if any: its record and
  /// those after it are left unfinished, for the caller to drop.
  mutating func sample(
    _ live: ContiguousArray<LiveInstance>, _ cohort: Cohort, _ phases: inout PhaseCache, _ scratch: inout CohortScratch,
    _ column: inout LiveColumn, into records: inout [NodeFrame], owners: inout [Int]
  ) -> Int? {
    if scratch.extras.count < cohort.count {
      scratch.extras = Array(repeating: 0, count: cohort.count)
    }
    let body = live[cohort.first].body
    let group = body.timingGroup
    phases.update(body.stack, group: group, at: instanceTime(live[cohort.first]))
    let facts = GroupFacts(
      sharedModel: group.sharedModel, animatesStyle: group.animatesStyle, shapes: group.shapes,
      firstModel: body.model)
    let styleKept = Self.compose(
      live, cohort, body.stack.animations.count, facts, phases.phases, &column, at: written, &records, &owners,
      &scratch.extras)
    return write(live, cohort, scratch.extras, styleKept: styleKept, into: &records)
  }
}
