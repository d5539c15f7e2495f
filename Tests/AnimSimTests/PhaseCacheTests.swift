import AnimCheck
import AnimIR
import AnimMath
import AnimSource
import Testing

@testable import AnimModel
@testable import AnimSim

/// Sampling computes each animation's phase once per timing group and instance time
/// (`PhaseCache`); these check that it changes nothing, and that groups are what they
/// claim: same timings in, same group out.

/// An emitter firing a burst of 4 at time 0 and at 0.25 s, each spawn growing over `over`.
private func burstScene(over: Expr, shape: Expr = circle(10)) -> SceneIR {
  var ir = scene(fps: 20, duration: 1)
  var t = Timing()
  t.duration = over
  t.timingFunction = timingExpr(.easeInOut)
  let grow = Animation(property: .scale, value: .basic(from: num(0), to: num(1), by: nil), timing: t, range: here)
  let spawn = node("p", shape, [.timeline(.animation(grow))])
  var emitter = EmitterTemplate(name: "e", triggers: [.at([0, 0.25])], spawn: spawn)
  emitter.burst = 4
  ir.emitters = [emitter]
  return ir
}

private func groups(_ ir: SceneIR, frames: Int = 6) throws -> [Int] {
  let sim = try Simulator(ir)
  for _ in 0..<frames { try sim.step() }
  return sim.live.map(\.body.timingGroup.id)
}

@Test func spawnsWithEqualTimingsShareAGroup() throws {
  // Eight spawns of one template with a constant duration: one group.
  #expect(Set(try groups(burstScene(over: num(0.5)))).count == 1)
  // A duration drawn per spawn: every spawn its own group.
  let drawn = try groups(burstScene(over: call(.random, .range(num(0.5), num(1)))))
  #expect(drawn.count == 8 && Set(drawn).count == 8)
}

@Test func valuesTheSameInEveryMemberAreShared() throws {
  // Scale 0 → 1 in every spawn: shared. A `to` drawn per spawn: not shared.
  func shared(_ to: Expr) throws -> [Bool] {
    var ir = burstScene(over: num(0.5))
    let grow = Animation(
      property: .rotation, value: .basic(from: num(0), to: to, by: nil), timing: clauses(over: 1), range: here)
    ir.emitters[0].spawn.body.append(.timeline(.animation(grow)))
    let sim = try Simulator(ir)
    for _ in 0..<6 { try sim.step() }
    return sim.live[0].body.timingGroup.sharedValues
  }
  #expect(try shared(num(90)) == [true, true])
  #expect(try shared(call(.random, .range(num(0), num(90)))) == [true, false])
}

@Test func modelsTheSameInEveryMemberAreShared() throws {
  // Opacity set to a constant in every spawn: one model. Drawn per spawn: not shared,
  // and each member still shows its own.
  func run(_ opacity: Expr) throws -> (shared: Bool, opacities: Set<Double>) {
    var ir = burstScene(over: num(0.5))
    ir.emitters[0].spawn.body.append(.set(.opacity, opacity))
    let sim = try Simulator(ir)
    for _ in 0..<6 { try sim.step() }
    return (sim.live[0].body.timingGroup.sharedModel, Set(sim.frame.nodes.map(\.state.opacity)))
  }
  let constant = try run(num(0.5))
  #expect(constant.shared && constant.opacities == [0.5])
  let drawn = try run(call(.random, .range(num(0), num(1))))
  #expect(!drawn.shared && drawn.opacities.count == 8)
}

/// Every instance in every frame (sampled in runs that share their phases, animation by
/// animation) against the same instance sampled on its own, with a cache of its own
/// (group −1 recomputes), for examples with bursts, replicators and keyframes. Not
/// ca-sticky: its drags and `live` bindings (§16) replace composed values after sampling.
@Test(arguments: [
  "love-burst", "floating-hearts", "ca-replicators", "add-to-cart", "ca-timing", "heart-view", "handwriting",
])
func cachedPhasesGiveWhatEachInstanceGivesAlone(_ name: String) throws {
  var options = SimulationOptions()
  options.duration = 3
  let sim = try Simulator(try Example.ir(name), options: options)
  #expect(try compareWithEachInstanceAlone(sim, frames: sim.frameCount, name) > 20)
}

/// Runs `frames` frames, comparing every record with its instance sampled on its own;
/// returns how many records were compared.
private func compareWithEachInstanceAlone(_ sim: Simulator, frames: Int, _ name: String) throws -> Int {
  var compared = 0
  for _ in 0..<frames {
    try sim.step()
    let s = sim.frame.sceneTime
    var alone: [String: (NodeState, AffineTransform)] = [:]
    for instance in sim.live where s >= instance.created - 1e-9 && s < instance.end - 1e-9 {
      var (state, extra) = instance.body.sample(s - instance.created - instance.timeOffset)
      state.rotation += extra
      state.opacity = min(max(state.opacity, 0), 1)
      let body = instance.body
      var matrix = Simulator.localMatrix(state, boxOrigin: body.boxOrigin)
      if let placement = instance.placement { matrix = placement.prefix * matrix }
      alone[instance.id.description] = (state, matrix)
    }
    for node in sim.frame.nodes {
      var expected = alone[node.id.description]
      // A child's whole transform is its parent's times its own (§14): the parent's
      // sample, chained here, not its record (a parent's record comes first).
      if let parent = node.parent, let own = expected?.1 {
        let above = alone[sim.frame.nodes[parent].id.description]?.1
        expected?.1 = (above ?? .identity) * own
        alone[node.id.description] = expected  // for its own children, deeper down
      }
      #expect(node.state == expected?.0 && node.matrix == expected?.1, "\(name): \(node.id) at \(s)")
      compared += 1
    }
  }
  return compared
}

/// Two emitters firing together with equal timings: their spawns form one timing group,
/// and so runs that mix them. An animation both apply alike keeps its shape (sampling
/// then specialises its loop); one they apply differently is `.general`.
@Test func animationShapesOfAMixedGroup() throws {
  func spawn(_ name: String, drift: Expr, turn: TimelineItem) -> NodeTemplate {
    node(
      name, circle(5),
      [.timeline(turn), .timeline(.animation(animation(.position, .along(drift, .paced, .none), over: 1)))])
  }
  let curve = call(
    .cubic, pt(0, 0), pt(50, -80), pt(-40, -160),
    .arithmetic(.add, pt(10, -240), .makePoint(call(.random, .range(num(-20), num(20))), num(0)), here))
  let line = call(.line, pt(0, 0), pt(100, -100))
  var ir = scene(fps: 20, duration: 1)
  let a = spawn("a", drift: curve, turn: animate(.rotation, to: call(.random, .range(num(10), num(40))), over: 1))
  let b = spawn("b", drift: line, turn: animate(.rotation, from: num(5), to: num(20), over: 1, additive: true))
  let c = spawn(
    "c", drift: curve, turn: animate(.opacity, from: num(1), to: call(.random, .range(num(0), num(0.5))), over: 1))
  ir.emitters = [a, b, c].map {
    var e = EmitterTemplate(name: $0.name, triggers: [.at([0, 0.3])], spawn: $0)
    e.burst = 3
    return e
  }
  let sim = try Simulator(ir)
  #expect(try compareWithEachInstanceAlone(sim, frames: 20, "mixed") > 100)
  let groups = Dictionary(grouping: sim.live, by: { $0.body.timingGroup.id })
  // The three emitters' spawns at one time: one group, each of its shapes mixed.
  let mixed = try #require(groups.values.first { Set($0.map(\.id.name)).count == 3 })
  #expect(mixed.first?.body.timingGroup.shapes == [.general, .general])
  // One template alone keeps both shapes.
  var alone = ir
  alone.emitters = [ir.emitters[0]]
  let single = try Simulator(alone)
  for _ in 0..<3 { try single.step() }
  #expect(
    single.live[0].body.timingGroup.shapes == [
      .scalar(Property.rotation.spec.slots.lowerBound, hasFrom: false, end: .to, additive: false), .flatCurve,
    ])
}

@Test func aShapeTheSameAtEverySpawnIsEvaluatedOnce() throws {
  // Widths drawn per spawn differ; a constant shape is shared.
  let drawn = try Simulator(burstScene(over: num(0.5), shape: call(.circle, call(.random, .range(num(5), num(50))))))
  try drawn.step()
  #expect(Set(drawn.live.map(\.body.shape.outline.width)).count == 4)
  let fixed = try Simulator(burstScene(over: num(0.5)))
  try fixed.step()
  #expect(fixed.live.map(\.body.shape.outline.width) == [20, 20, 20, 20])
}

@Test func spawnInvarianceOfExpressions() {
  let r = here
  #expect(num(3).isSameAtEverySpawn)
  #expect(Expr.global(0).isSameAtEverySpawn)
  #expect(Expr.nodePosition(1).isSameAtEverySpawn)
  #expect(Expr.arithmetic(.add, num(1), .global(2), r).isSameAtEverySpawn)
  #expect(call(.heart, num(36), num(36)).isSameAtEverySpawn)
  #expect(!Expr.local(0).isSameAtEverySpawn)
  #expect(!Expr.selfIndex.isSameAtEverySpawn)
  #expect(!Expr.triggerPosition.isSameAtEverySpawn)
  #expect(!Expr.triggerTime.isSameAtEverySpawn)
  #expect(!Expr.instanceStart.isSameAtEverySpawn)
  // Draws from the stream, even with constant arguments.
  #expect(!call(.random, .range(num(1), num(2))).isSameAtEverySpawn)
  #expect(!call(.choose, num(1), num(2)).isSameAtEverySpawn)
  #expect(!call(.randomInt, .range(num(1), num(9))).isSameAtEverySpawn)
  // Deep inside a styled shape.
  let styled = Expr.styledShape(
    call(.circle, .arithmetic(.multiply, num(2), .selfIndex, r)), [StyleSetting(field: .fill, value: color(.black))])
  #expect(!styled.isSameAtEverySpawn)
  let plain = Expr.styledShape(call(.circle, num(4)), [StyleSetting(field: .fill, value: color(.black))])
  #expect(plain.isSameAtEverySpawn)
}

/// `NodeState[slot]` reads and writes what `PropertyTarget.write` writes, for every
/// one-number target; the others have no scalar.
@Test func scalarsAreWhatTargetsWrite() {
  for property in Property.allCases {
    let target = PropertyTarget(property)
    var written = NodeState()
    target.write(Channels(11, 22, 33, 44), &written)
    guard let scalar = target.scalar else {
      #expect([.position, .scale, .fill, .stroke].contains(property), "\(property)")
      continue
    }
    var placed = NodeState()
    placed[scalar] = 11
    #expect(placed == written, "\(property)")
    #expect(written[scalar] == 11, "\(property)")
  }
}

/// Instances share a cohort key exactly when they are consecutive, in one timing group,
/// and created together with the same time offset.
@Test func cohortKeysFollowGroupAndCreation() throws {
  let sim = try Simulator(burstScene(over: num(0.5)))
  for _ in 0..<6 { try sim.step() }
  let live = (0..<sim.live.count).map { sim.live[$0] }
  #expect(live.count == 8)
  for (a, b) in zip(live, live.dropFirst()) {
    let together = a.body.timingGroup.id == b.body.timingGroup.id && a.created == b.created
    #expect((a.cohort == b.cohort) == together, "\(a.id) \(b.id)")
    #expect(b.cohort >= a.cohort)
  }
  // Two bursts (at 0 and 0.25 s): two cohorts.
  #expect(Set(live.map(\.cohort)).count == 2)
}
