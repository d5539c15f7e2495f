import AnimCheck
import AnimIR
import AnimMath
import Testing

@testable import AnimModel
@testable import AnimSim

/// Spawns `let dx = random(-50..50); animate x by dx over 1s` from emitter `name`.
func randomEmitter(_ name: String, triggers: [Trigger], burst: Int = 1, max: Int = 10_000) -> EmitterTemplate {
  let range = Expr.range(num(-50), num(50))
  let spawn = node(
    name, circle(3), shapeID: "dot", locals: 1,
    [.bind(slot: 0, call(.random, range)), .timeline(animate(.x, by: .local(0), over: 1))])
  var e = EmitterTemplate(name: name, triggers: triggers, spawn: spawn)
  e.burst = burst
  e.max = max
  return e
}

/// Every frame's nodes, as (id, x) pairs, for the nodes whose id starts with `prefix`.
func trace(_ ir: SceneIR, options: SimulationOptions = SimulationOptions(), prefix: String = "") throws -> [[String]] {
  let sim = try Simulator(ir, options: options)
  var frames: [[String]] = []
  for _ in 0..<sim.frameCount {
    try sim.step()
    frames.append(sim.frame.nodes.map { "\($0.id) \($0.state.position.x)" }.filter { $0.hasPrefix(prefix) })
  }
  return frames
}

@Suite struct DeterminismTests {
  static var sparks: SceneIR {
    var ir = scene(fps: 20, duration: 2)
    ir.emitters = [randomEmitter("a", triggers: [.every(period: 0.25, from: 0, until: nil)], burst: 2)]
    return ir
  }

  @Test func sameSeedSameBytes() throws {
    var options = SimulationOptions()
    options.seed = 7
    options.taps = [.init(time: 0.3, point: Point(5, 5))]
    #expect(try dump(Self.sparks, options: options) == dump(Self.sparks, options: options))
  }

  @Test func differentSeedDifferentDraws() throws {
    var one = SimulationOptions()
    one.seed = 1
    var two = SimulationOptions()
    two.seed = 2
    #expect(try dump(Self.sparks, options: one) != dump(Self.sparks, options: two))
  }

  @Test func anotherEmitterLeavesTheDrawsAlone() throws {
    var more = Self.sparks
    more.emitters.insert(randomEmitter("b", triggers: [.every(period: 0.1, from: 0, until: nil)]), at: 0)
    let a = try trace(more, prefix: "a#")
    let b = try trace(Self.sparks, prefix: "a#")
    #expect(a == b)
    if a != b { print(a.prefix(6), b.prefix(6)) }
    #expect(try trace(more, prefix: "b#").joined().count > 0)
  }

  @Test func drawsFollowTheSpec() throws {
    // The first spawn's dx is the emitter stream's first draw: −50 + 100·u (§7).
    var stream = RandomStream(seed: 0, name: "a")
    let dx = -50 + 100 * stream.unit()
    let sim = try Simulator(Self.sparks)
    for _ in 0...10 { try sim.step() }  // t = 0.5: a#0 has ended at x = dx (model x = origin)
    let origin = 375.0 / 2
    let first = try #require(sim.frame.nodes.first { $0.id.description == "a#0" })
    #expect(near(first.state.position.x, origin + dx * 0.5))
  }

  @Test func refusedSpawnsDrawNothingAndTakeNoIndex() throws {
    // max 2: bursts of 3 at 0 s and 2 s (each lives 1 s) spawn a#0, a#1, then a#2, a#3.
    var capped = scene(fps: 10, duration: 3)
    capped.emitters = [randomEmitter("a", triggers: [.at([0, 2])], burst: 3, max: 2)]
    var exact = capped
    exact.emitters = [randomEmitter("a", triggers: [.at([0, 2])], burst: 2, max: 2)]
    let traced = try trace(capped)
    #expect(traced == (try trace(exact)))
    #expect(traced[25].map { $0.split(separator: " ")[0] } == ["a#2", "a#3"])
  }

  @Test func liveInstanceLimitNamesTheEmitter() throws {
    var ir = scene(fps: 10, duration: 5)
    var e = randomEmitter("flood", triggers: [.every(period: 0.1, from: 0, until: nil)], burst: 10, max: 100)
    e.spawn.body.append(.removeAfter(num(100)))
    ir.emitters = [e]
    let sim = try Simulator(ir)
    sim.instanceLimit = 25
    #expect {
      for _ in 0..<sim.frameCount { try sim.step() }
    } throws: { error in
      let e = error as? SimulationError
      return e?.code == "E0902" && e?.message.contains("`flood`") == true
    }
  }
}

@Suite struct InputTests {
  /// `node button = circle(40) { position (100, 100) }`; `emitter likes { on tap button;
  /// origin (10, 20) }`; `emitter any { on tap }`; spawns live 10 s.
  static func taps(_ input: [InputEvent]) -> SceneIR {
    var ir = scene(fps: 10, duration: 1.5)
    ir.nodes = [node("button", circle(40), [.set(.position, pt(100, 100))])]
    var likes = EmitterTemplate(
      name: "likes", triggers: [.tap(node: 0)], spawn: node("likes", circle(2), shapeID: "dot", [.removeAfter(num(10))])
    )
    likes.origin = pt(10, 20)
    let any = EmitterTemplate(
      name: "any", triggers: [.tap(node: nil)], spawn: node("any", circle(2), shapeID: "dot", [.removeAfter(num(10))]))
    ir.emitters = [likes, any]
    ir.input = input
    return ir
  }

  @Test func tapsHitTheNodesShape() throws {
    let ir = Self.taps([.tap(.node(0), .at([0.5])), .tap(.point(Point(65, 65)), .at([0.6]))])
    var options = SimulationOptions()
    options.taps = [.init(time: 0.7, point: Point(130, 100)), .init(time: 0.8, point: nil)]
    let last = try #require(try trace(ir, options: options).last)
    // 0.5: the button's centre (100, 100) hits; 0.6: (65, 65) is inside the box but
    // outside the circle (distance 49.5 > 40); 0.7 hits; 0.8 has no point: every `on
    // tap` emitter fires at its origin (likes: (10, 20); any: the scene centre).
    #expect(
      last == [
        "button 100.0", "likes#0 100.0", "any#0 100.0", "any#1 65.0", "likes#1 130.0", "any#2 130.0", "likes#2 10.0",
        "any#3 187.5",
      ])
  }

  @Test func inputEventsFireBeforeTriggersAtTheSameTime() throws {
    var ir = Self.taps([.tap(.point(Point(1, 1)), .at([0.5]))])
    ir.emitters.append(randomEmitter("timer", triggers: [.at([0.5])]))
    ir.emitters.swapAt(0, 2)  // the timer comes first in source order, yet fires after the tap
    let last = try #require(try trace(ir).last)
    let names = last.map { String($0.split(separator: " ")[0]) }
    #expect(names == ["button", "any#0", "timer#0"])
  }

  @Test func pauseResumeAndSpeedDriveSceneTime() throws {
    var ir = Self.taps([.pause(at: 1), .resume(at: 2), .speed(2, at: 3)])
    ir.settings.duration = 4
    ir.nodes[0].body.append(.timeline(animate(.opacity, from: num(0), to: num(1), over: 4)))
    let sim = try Simulator(ir)
    var opacity: [Int: Double] = [:]
    for n in 0..<sim.frameCount {
      try sim.step()
      opacity[n] = sim.frame.nodes[0].state.opacity
    }
    #expect(near(opacity[15]!, 0.25))  // run 1.5 → scene 1 (paused at 1)
    #expect(near(opacity[25]!, 0.375))  // run 2.5 → scene 1.5
    #expect(near(opacity[35]!, 0.75))  // run 3.5 → scene 2 + 2·0.5 = 3
  }

  @Test func spawnsBeginAtTheirEventsTimeNotTheFrames() throws {
    // `at 0.05s` at 10 fps: created at 0.05, seen first at t = 0.1 with τ = 0.05.
    var ir = scene(fps: 10, duration: 0.5)
    let spawn = node("e", circle(1), [.timeline(animate(.opacity, from: num(0), to: num(1), over: 1))])
    ir.emitters = [EmitterTemplate(name: "e", triggers: [.at([0.05])], spawn: spawn)]
    let sim = try Simulator(ir)
    try sim.step()
    #expect(sim.frame.nodes.isEmpty)
    try sim.step()
    #expect(near(sim.frame.nodes[0].state.opacity, 0.05))
  }

  @Test func lifetimesEndAtTheLastAnimation() throws {
    // Created at 0.1 and 0.2 with a 0.25 s fade: ends at 0.35 and 0.45.
    var ir = scene(fps: 10, duration: 0.6)
    let spawn = node("e", circle(1), [.timeline(animate(.opacity, from: num(1), to: num(0), over: 0.25))])
    ir.emitters = [EmitterTemplate(name: "e", triggers: [.at([0.1, 0.2])], spawn: spawn)]
    let ids = try trace(ir).map { $0.map { String($0.split(separator: " ")[0]) } }
    #expect(ids == [[], ["e#0"], ["e#0", "e#1"], ["e#0", "e#1"], ["e#1"], []])
  }
}
