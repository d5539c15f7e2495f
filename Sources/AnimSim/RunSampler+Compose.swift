import AnimMath

// Composing a run's states: each member's model values, then every animation of the run,
// one loop per animation over all members (see `RunSampler`).

/// The states of a run's members, composed where they end up: in the members' records,
/// so that writing a record copies no state. Member r's is in record r from `start`.
struct StateColumn {
  private let start: UnsafeMutablePointer<NodeFrame>
  /// Member 0's state.
  private let base: UnsafeMutableRawPointer

  init(_ start: UnsafeMutablePointer<NodeFrame>) {
    self.start = start
    // The state follows the matrix (`NodeFrame`); the offset asked of a key path is not a
    // constant the compiler folds, so it is only checked, in debug builds.
    assert(MemoryLayout<NodeFrame>.offset(of: \.state) == MemoryLayout<AffineTransform>.size)
    base = UnsafeMutableRawPointer(start) + MemoryLayout<AffineTransform>.size
  }

  @inline(__always) subscript(r: Int) -> UnsafeMutablePointer<NodeState> {
    (base + r &* MemoryLayout<NodeFrame>.stride).assumingMemoryBound(to: NodeState.self)
  }

  @inline(__always) func record(_ r: Int) -> UnsafeMutablePointer<NodeFrame> { start + r }
}

extension RunSampler {
  /// What sampling a run needs of its timing group (`TimingGroup`): whether the members'
  /// model values are the first's, whether they animate their style, and how each
  /// member applies each animation.
  struct GroupFacts {
    let sharedModel: Bool
    let animatesStyle: Bool
    let shapes: [AnimationShape]
  }

  /// Each member's model values, then every animation in source order on top (§6.3).
  /// `owners` are the run's records' (`Simulator.recordOwners`). Returns whether every
  /// record held its member already, with its style as last frame left it.
  @inline(__always)
  static func compose(
    _ first: UnsafePointer<LiveInstance>, _ count: Int, _ animations: Int, _ group: GroupFacts,
    _ phases: UnsafePointer<AnimationPhase>, _ states: StateColumn, _ owners: UnsafeMutablePointer<Int>,
    _ extras: UnsafeMutablePointer<Double>
  ) -> Bool {
    let styleKept = startStates(first, count, group, states, owners)
    for r in 0..<count { extras[r] = 0 }
    for k in 0..<animations where phases[k].active {
      if phases[k].shared {
        writeShared(phases[k].value, phases[k].target, count, states)
        continue
      }
      let phase = phases[k]
      // A flat curve gives `apply`'s point part-way along, with no iteration to add.
      let flat = phase.progress > 0 && phase.progress < 1 && phase.repeats == 0
      switch group.shapes[k] {
      case .flatCurve where flat:
        composeFlatCurve(first, count, k, at: phase.progress, states, extras)
      case .scalar(let offset, let hasFrom, let end, let additive):
        let shape = ScalarShape(offset: offset, hasFrom: hasFrom, end: end, additive: additive)
        composeScalar(first, count, k, phase, shape, states)
      default:
        composeGeneral(first, count, k, phase, flat: flat, states, extras)
      }
    }
    return styleKept
  }

  /// Starts each member's state from its model values. A record that holds its member
  /// since an earlier frame keeps its id, shape, tint, z and, when no member animates it,
  /// its style: only the leading values are copied, and the lines of memory after them
  /// (most of a record) are not touched. Returns whether every record was kept so.
  @inline(__always)
  private static func startStates(
    _ first: UnsafePointer<LiveInstance>, _ count: Int, _ group: GroupFacts, _ states: StateColumn,
    _ owners: UnsafeMutablePointer<Int>
  ) -> Bool {
    var styleKept = !group.animatesStyle
    for r in 0..<count {
      let member = first + r
      let kept = owners[r] == member.pointee.seq
      if !kept {
        fill(states.record(r), member)
        owners[r] = member.pointee.seq
        styleKept = false
      }
      let leadingOnly = kept && !group.animatesStyle
      if group.sharedModel && r > 0 {
        copyModel(states[0], to: states[r], leadingOnly: leadingOnly)
      } else {
        member.pointee.unretainedBody._withUnsafeGuaranteedRef { body in
          withUnsafePointer(to: body.model) { copyModel($0, to: states[r], leadingOnly: leadingOnly) }
        }
      }
    }
    return styleKept
  }

  @inline(__always)
  private static func copyModel(
    _ model: UnsafePointer<NodeState>, to state: UnsafeMutablePointer<NodeState>, leadingOnly: Bool
  ) {
    if leadingOnly { NodeState.copyLeading(model, to: state) } else { NodeState.copy(model, to: state) }
  }

  /// Fills in what a record holds of its instance besides the composed values.
  @inline(__always)
  private static func fill(_ record: UnsafeMutablePointer<NodeFrame>, _ instance: UnsafePointer<LiveInstance>) {
    // Compared first: assigning the same id retains and releases its name.
    if record.pointee.id != instance.pointee.id { record.pointee.id = instance.pointee.id }
    // Compared first, as the id: assigning the same shape retains and releases it.
    if record.pointee.shape !== instance.pointee.shape { record.pointee.shape = instance.pointee.shape }
    record.pointee.hasStroke = instance.pointee.hasStroke
    record.pointee.hasTrim = instance.pointee.hasTrim
    // Tested before it is bound: binding retains, and only copies have one.
    record.pointee.tint = instance.pointee.placement != nil ? instance.pointee.placement?.tint : nil
    record.pointee.z = instance.pointee.z
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
    for r in 0..<count {
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
    for r in 0..<count {
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
    for r in 0..<count {
      // Every member's animation k is basic (the group's shape says so): its scalars are all it needs.
      let scalars = AnimationBlock.scalars((first + r).pointee.animations, k).pointee
      let field = UnsafeMutableRawPointer(states[r]) + shape.offset
      let below = field.load(as: Double.self)
      let value = BasicValues.value(
        from: scalars.x, end: scalars.y, implicit: shape.additive ? 0 : below, hasFrom: shape.hasFrom,
        endKind: shape.end, progress: phase.progress, repeats: phase.repeats)
      field.storeBytes(of: shape.additive ? below + value : value, as: Double.self)
    }
  }
}
