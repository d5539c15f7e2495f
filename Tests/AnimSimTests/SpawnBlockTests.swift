import AnimCheck
import AnimIR
import AnimMath
import AnimSource
import Testing

@testable import AnimModel
@testable import AnimSim

// A spawn's block is evaluated by `BlockEvaluator`, the one evaluator of blocks, as a
// node's is. Expected values are worked out by hand from §6–§7: each spawn draws from its
// emitter's stream (`RandomStream(seed:name:)`) in source order.

/// Emitter `e` spawning `burst` instances of `spawn`'s block at time 0 (fps 100).
private func burstAtZero(_ body: [BlockStatement], locals: Int, burst: Int = 1, seed: UInt64 = 0) -> SceneIR {
  var ir = scene(fps: 100, duration: 3, seed: seed)
  var e = EmitterTemplate(
    name: "e", triggers: [.at([0])], spawn: node("e", circle(5), shapeID: "dot", locals: locals, body))
  e.burst = burst
  ir.emitters = [e]
  return ir
}

/// The states of the live spawns at frame `frame`.
private func spawnStates(_ ir: SceneIR, frame: Int) throws -> [NodeState] {
  let sim = try Simulator(ir)
  for _ in 0...frame { try sim.step() }
  return sim.frame.nodes.map(\.state)
}

@Test func spawnsDrawFromTheEmittersStreamInSourceOrder() throws {
  // let d = choose(-1, 1); let k = random(10..20); position (d · k, k + self.index)
  let body: [BlockStatement] = [
    .bind(slot: 0, call(.choose, num(-1), num(1))),
    .bind(slot: 1, call(.random, .range(num(10), num(20)))),
    .set(
      .position,
      .makePoint(
        .arithmetic(.multiply, .local(0), .local(1), here), .arithmetic(.add, .local(1), .selfIndex, here))),
  ]
  let states = try spawnStates(burstAtZero(body, locals: 2, burst: 3, seed: 7), frame: 0)
  var stream = RandomStream(seed: 7, name: "e")
  #expect(states.count == 3)
  for (index, state) in states.enumerated() {
    let d = [-1.0, 1.0][stream.chooseIndex(2)]
    let k = stream.uniform(10, 20)
    #expect(state.position == Point(d * k, k + Double(index)))
  }
}

@Test func spawnsRunGroupsSequencesAndKeyframes() throws {
  // keyframes x: 0 at 0, 10 at 1, over 2 s; a group delayed 1 s fades opacity 1 → 0 over
  // 1 s; a sequence moves y 0 → 4 over 1 s, then 4 → 8 over 1 s. All linear.
  let keyframes = TimelineItem.animation(
    animation(
      .x,
      .keyframes(
        [Keyframe(key: 0, value: num(0), timing: nil), Keyframe(key: 1, value: num(10), timing: nil)], .linear),
      over: 2, timing: .linear))
  let fade = animate(.opacity, from: num(1), to: num(0), over: 1, timing: .linear)
  let up = animate(.y, from: num(0), to: num(4), over: 1, timing: .linear)
  let on = animate(.y, from: num(4), to: num(8), over: 1, timing: .linear)
  let body: [BlockStatement] = [
    .timeline(keyframes), .timeline(.group(clauses(delay: 1), [fade])), .timeline(.sequence(clauses(), [up, on])),
  ]
  let ir = burstAtZero(body, locals: 0)
  // At 0.5 s: x = 10 · 0.5 / 2 = 2.5, the fade not begun (opacity 1), y = 4 · 0.5 = 2.
  let early = try #require(try spawnStates(ir, frame: 50).first)
  #expect(near(early.position.x, 2.5) && near(early.opacity, 1) && near(early.position.y, 2))
  // At 1.5 s: x = 7.5, the fade half done (0.5), y = 4 + 4 · 0.5 = 6.
  let late = try #require(try spawnStates(ir, frame: 150).first)
  #expect(near(late.position.x, 7.5) && near(late.opacity, 0.5) && near(late.position.y, 6))
}

// Expressions on their own: values worked out by hand.

private let at = SourceRange(start: 3, end: 9)

private func context(locals: [Value] = []) -> EvaluationContext {
  var ctx = EvaluationContext(random: RandomStream(seed: 11, name: "p"))
  ctx.locals = locals
  ctx.triggerPosition = Point(10, 20)
  ctx.selfIndex = 3
  ctx.triggerTime = 1.5
  return ctx
}

@Test func expressionsComputeNumbersAndPoints() throws {
  let dir = Expr.local(0)
  let tx = Expr.component(.triggerPosition, .x)
  var ctx = context(locals: [.number(2)])
  // (10 + 2·90, 400) = (190, 400)
  let point = Expr.makePoint(.arithmetic(.add, tx, .arithmetic(.multiply, dir, num(90), at), at), num(400))
  #expect(try Evaluator.evaluate(point, &ctx).point == Point(190, 400))
  // −((1, 2)·2 − (10, 20)) = (8, 16)
  let negated = Expr.negate(.arithmetic(.subtract, .arithmetic(.multiply, pt(1, 2), dir, at), .triggerPosition, at))
  #expect(try Evaluator.evaluate(negated, &ctx).point == Point(8, 16))
  // self.index / trigger.time = 3 / 1.5 = 2, and a point local's y: 7
  #expect(try Evaluator.number(.arithmetic(.divide, .selfIndex, .triggerTime, at), &ctx) == 2)
  var pointLocal = context(locals: [.point(Point(4, 7))])
  #expect(try Evaluator.number(.component(.local(0), .y), &pointLocal) == 7)
}

@Test func expressionsDrawInSourceOrder() throws {
  // choose(-1, 1, 5) + random(20..30): the choice is drawn first.
  let draws = Expr.arithmetic(
    .add, .call(.choose, [num(-1), num(1), num(5)], at), .call(.random, [.range(num(20), num(30))], at), at)
  var ctx = context()
  let value = try Evaluator.number(draws, &ctx)
  var stream = RandomStream(seed: 11, name: "p")
  let chosen = [-1.0, 1, 5][stream.chooseIndex(3)]
  #expect(value == chosen + stream.uniform(20, 30))
  #expect(ctx.random == stream)
}

@Test func expressionsFailWithTheirRange() throws {
  var ctx = context(locals: [.number(4)])
  let zero = Expr.arithmetic(.subtract, .local(0), .local(0), at)
  let failing: [(Expr, String)] = [
    (.arithmetic(.divide, num(1), zero, at), "division by zero: the value is not finite"),
    (.arithmetic(.multiply, .triggerPosition, pt(2, 2), at), "arithmetic overflow: the point is not finite"),
  ]
  for (e, message) in failing {
    do {
      _ = try Evaluator.evaluate(e, &ctx)
      Issue.record("\(message): no error")
    } catch {
      #expect(error.message == message)
      #expect(error.range == at)
    }
  }
}

/// A spawn that fails stops the run with the failing expression's error.
@Test func failingSpawnsStopTheRun() throws {
  let cases = [
    ("let k = choose(0, 0)\n opacity 1 / k", "division by zero: the value is not finite"),
    ("let p = (choose(0, 0), 1)\n animate position to p / p.x over 1s", "division by zero: the point is not finite"),
    ("let k = choose(0, 0)\n animate x to 1 over 1s / k", "division by zero: the value is not finite"),
  ]
  for (body, message) in cases {
    let text = """
      scene "Errors" { size 100, 100; fps 10; duration 3s; seed 3 }
      emitter e {
        every 100ms
        burst 4
        spawn circle(5) {
          \(body)
        }
      }
      """
    let ir = try Example.ir("errors", text: text)
    do {
      _ = try dump(ir)
      Issue.record("\(body): the run should stop")
    } catch {
      #expect((error as? SimulationError)?.message == message, "\(body): \(error)")
    }
  }
}
