import AnimMath
import AnimModel

// Composing a cohort's states: each member's model values, then every animation of the
// cohort, one loop per animation over all members (see `FrameSampler`). Member r's state is
// composed where it ends up, in record `base + r`, so that writing a record copies no
// state.

extension FrameSampler {
  /// What sampling a cohort needs of its timing group (`TimingGroup`): whether the members'
  /// model values are the first's (`firstModel`), whether they animate their style, and
  /// how each member applies each animation.
  struct GroupFacts {
    let sharedModel: Bool
    let animatesStyle: Bool
    let shapes: [AnimationShape]
    let firstModel: NodeState
  }

  /// Each member's model values, then every animation in source order on top (§6.3),
  /// into records `base…`; `owners` are the records' owners (`Simulator.recordOwners`),
  /// `extras` receives each member's `along` rotation. Returns whether every record held
  /// its member already, with its style as last frame left it.
  @inline(__always)
  static func compose(
    _ live: ContiguousArray<LiveInstance>, _ cohort: Cohort, _ animations: Int, _ group: GroupFacts,
    _ phases: [AnimationPhase], _ column: inout LiveColumn, at base: Int, _ records: inout [NodeFrame],
    _ owners: inout [Int],
    _ extras: inout [Double]
  ) -> Bool {
    let styleKept = startStates(live, cohort, group, at: base, &records, &owners)
    for r in 0..<cohort.count { extras[r] = 0 }
    for k in 0..<animations where phases[k].active {
      let phase = phases[k]
      if phase.shared {
        writeShared(phase.value, phase.target, cohort.count, at: base, &records)
        continue
      }
      // A flat curve gives `apply`'s point part-way along, with no iteration to add.
      let flat = phase.progress > 0 && phase.progress < 1 && phase.repeats == 0
      switch group.shapes[k] {
      case .flatCurve where flat:
        composeFlatCurve(live, cohort, k, &column, at: phase.progress, base, &records, &extras)
      case .scalar(let slot, let hasFrom, let end, let additive):
        let shape = ScalarShape(slot: slot, hasFrom: hasFrom, end: end, additive: additive)
        composeScalar(live, cohort, k, phase, shape, column, base, &records)
      default:
        composeGeneral(live, cohort, k, phase, flat: flat, base, &records, &extras)
      }
    }
    return styleKept
  }

  /// Starts each member's state from its model values. A record that holds its member
  /// since an earlier frame keeps its id, shape, tint, z and, when no member animates it,
  /// its style: only the leading values are copied. Returns whether every record was
  /// kept so.
  @inline(__always)
  private static func startStates(
    _ live: ContiguousArray<LiveInstance>, _ cohort: Cohort, _ group: GroupFacts, at base: Int,
    _ records: inout [NodeFrame], _ owners: inout [Int]
  ) -> Bool {
    var styleKept = !group.animatesStyle
    for r in 0..<cohort.count {
      let m = cohort.first &+ r
      let w = base &+ r
      let seq = live[m].seq
      let kept = owners[w] == seq
      if !kept {
        fill(&records[w], live, m)
        owners[w] = seq
        styleKept = false
      }
      let leadingOnly = kept && !group.animatesStyle
      if group.sharedModel {
        start(&records[w].state, from: group.firstModel, leadingOnly: leadingOnly)
      } else {
        start(&records[w].state, from: live[m].body.model, leadingOnly: leadingOnly)
      }
    }
    return styleKept
  }

  @inline(__always)
  private static func start(_ state: inout NodeState, from model: NodeState, leadingOnly: Bool) {
    if leadingOnly { state.takeLeading(of: model) } else { state = model }
  }

  /// Fills in what a record holds of instance `m` besides the composed values.
  @inline(__always)
  private static func fill(_ record: inout NodeFrame, _ live: ContiguousArray<LiveInstance>, _ m: Int) {
    // Compared first: assigning the same id retains and releases its name.
    if record.id != live[m].id { record.id = live[m].id }
    // Compared first, as the id: assigning the same shape retains and releases it.
    if record.shape !== live[m].shape { record.shape = live[m].shape }
    record.hasStroke = live[m].hasStroke
    record.hasTrim = live[m].hasTrim
    record.z = live[m].z
    // The body is another object: read only when it holds something. A 3-D member's
    // record gets its matrix3d in every frame (`RecordWriter.write`); a 2-D member's
    // keeps none for as long as it holds the member, so that frames need not look.
    let tint = live[m].placement?.tint
    if live[m].hasPaintExtras {
      let body = live[m].body
      record.setParts(tint: tint, gradients: body.gradients, matrix3d: nil, contentsRect: body.contentsRect)
    } else {
      record.setParts(tint: tint, gradients: nil, matrix3d: nil, contentsRect: nil)
    }
  }

  /// `PropertyTarget.write` of one value into every member's state: a loop per channel,
  /// each copied per slot to write a known lane (`NodeState+FixedSlot`).
  @inline(__always)
  private static func writeShared(
    _ value: Channels, _ target: PropertyTarget, _ count: Int, at base: Int, _ records: inout [NodeFrame]
  ) {
    // A point's or a colour's channels are written one slot at a time.
    for c in 0..<target.width {
      let x = c == 0 ? value.x : c == 1 ? value.y : c == 2 ? value.z : value.w
      NodeState.withFixedSlot(target.slot &+ c, &records) { slot, records in
        for w in base..<base &+ count { records[w].state[slot] = x }
      }
    }
  }

  /// Animation `k` of every member, each deciding how it applies.
  @inline(__always)
  private static func composeGeneral(
    _ live: ContiguousArray<LiveInstance>, _ cohort: Cohort, _ k: Int, _ phase: AnimationPhase, flat: Bool, _ base: Int,
    _ records: inout [NodeFrame], _ extras: inout [Double]
  ) {
    let p = phase.progress
    for r in 0..<cohort.count {
      let m = cohort.first &+ r
      if flat && live[m].block.curveSlot == k, let point = live[m].block.curve?.point(at: p) {
        records[base &+ r].state.position = point
      } else {
        applyOne(live, m, k, phase, &records[base &+ r].state, &extras[r])
      }
    }
  }

  /// Animation `k` of member `m`, the general way.
  @inline(__always)
  private static func applyOne(
    _ live: ContiguousArray<LiveInstance>, _ m: Int, _ k: Int, _ phase: AnimationPhase, _ state: inout NodeState,
    _ extra: inout Double
  ) {
    guard !AnimationStack.applyBasic(live[m].block.animations[k], phase, &state) else { return }
    live[m].body.applyAnimation(k, phase, &state, &extra)
  }

  /// Animation `k`, every member's drift along its flat curve, part-way along (progress p).
  @inline(__always)
  private static func composeFlatCurve(
    _ live: ContiguousArray<LiveInstance>, _ cohort: Cohort, _ k: Int, _ column: inout LiveColumn, at p: Double,
    _ base: Int, _ records: inout [NodeFrame], _ extras: inout [Double]
  ) {
    // Every member's curve drives animation k (the group's shape says so): no member is
    // asked which animation its curve belongs to. The curves are read from the column,
    // in live order (`LiveColumn`).
    for r in 0..<cohort.count {
      let m = cohort.first &+ r
      let at = live[m].curveAt
      if at >= 0, let point = column.cachedPoint(at: at, p) {
        records[base &+ r].state.position = point
      } else if at >= 0, let curve = live[m].block.curve {
        records[base &+ r].state.position = column.point(at: at, p, curve)
      } else {
        let phase = AnimationPhase(active: true, progress: p, repeats: 0)
        applyOne(live, m, k, phase, &records[base &+ r].state, &extras[r])
      }
    }
  }

  /// What `AnimationShape.scalar` says of every member's animation.
  struct ScalarShape {
    /// The `NodeState` slot it writes.
    let slot: Int
    let hasFrom: Bool
    let end: BasicValues.End
    let additive: Bool
  }

  /// Animation `k`, a basic animation of a one-number property in every member:
  /// `AnimationStack.applyBasic` on that number alone.
  @inline(__always)
  private static func composeScalar(
    _ live: ContiguousArray<LiveInstance>, _ cohort: Cohort, _ k: Int, _ phase: AnimationPhase, _ shape: ScalarShape,
    _ column: LiveColumn, _ base: Int, _ records: inout [NodeFrame]
  ) {
    // One copy of the loop per slot, each reading and writing a known lane
    // (`NodeState+FixedSlot`).
    NodeState.withFixedSlot(shape.slot, &records) { slot, records in
      for r in 0..<cohort.count {
        // Every member's animation k is basic (the group's shape says so): its scalars
        // are all it needs, read from the column (`LiveColumn`).
        let scalars = column.scalars(at: live[cohort.first &+ r].scalarsAt, k)
        let below = records[base &+ r].state[slot]
        let value = BasicValues.value(
          from: scalars.from, end: scalars.end, implicit: shape.additive ? 0 : below, hasFrom: shape.hasFrom,
          endKind: shape.end, progress: phase.progress, repeats: phase.repeats)
        records[base &+ r].state[slot] = shape.additive ? below + value : value
      }
    }
  }
}
