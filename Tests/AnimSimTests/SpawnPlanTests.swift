import AnimCheck
import AnimIR
import AnimMath
import AnimSource
import AnimWriters
import Testing

@testable import AnimModel
@testable import AnimSim

// An emitter's spawns run its `SpawnPlan` (values the same at every spawn evaluated once,
// the rest compiled to `SpawnProgram`s); `SimulationOptions.interpretsSpawns` runs them
// through `BlockEvaluator` instead. The interpreter is the reference: with and without
// plans, every dump must be the same byte for byte, errors included.

/// The whole dump of `ir` (and the error that stopped it, if any).
private func dump(_ ir: SceneIR, interpreted: Bool, duration: Double? = nil) -> String {
  var options = SimulationOptions()
  options.interpretsSpawns = interpreted
  options.duration = duration
  let sink = MemorySink()
  var out = ""
  do {
    let sim = try Simulator(ir, options: options)
    var writer = JSONLinesWriter(to: sink)
    try FrameRun.write(sim, to: &writer)
    out = sink.text
  } catch {
    out = sink.text + "\nstopped: \(error)"
  }
  return out
}

/// Which of `ir`'s emitters have a plan.
private func planned(_ ir: SceneIR) throws -> [Bool] {
  try Simulator(ir).spawnPlans.map { $0 != nil }
}

/// Scenes whose spawns cover what a plan does: per-spawn and fixed values and timings,
/// locals of both kinds, paths measured per spawn, once, or from the instance's start.
private let scenes: [(name: String, text: String)] = [
  (
    "drift",
    """
    scene "Drift" { size 375, 667; fps 30; duration 7s; seed 42 }
    emitter likes {
      every 100ms
      burst 7
      max 2000
      origin (187, 600)
      spawn heart(36) {
        let dir = choose(-1, 1)
        position trigger.position
        animate scale from 0 to 1 over 0.5s timing spring(damping: 0.6, velocity: 0.8)
        animate rotation to dir * random(20deg..30deg) over 6s
        animate position {
          along cubic(from: trigger.position, c1: (trigger.position.x + dir * 90, 400),
            c2: (trigger.position.x + dir * -180, 300), to: (trigger.position.x + dir * 72, random(110..277)))
          over 6s
        }
        animate opacity from 0.9 to 0 over 6s timing easeIn
      }
    }
    """
  ),
  (
    "variants",
    """
    scene "Variants" { size 375, 667; fps 30; duration 6s; seed 9 }
    let spread = 40
    node anchorNode = circle(10) { position (100, 100) }
    emitter a {
      every 250ms
      burst 3
      max 500
      origin (100, 500)
      spawn circle(5) {
        let dir = choose(-1, 1)
        let far = random(1..3)
        let p = (trigger.position.x + dir * spread, 200)
        let q = choose(p, -p, p * 2)
        position (trigger.position.x + self.index * 0.5, trigger.position.y - trigger.time / 1s)
        anchor (0.5, far / 3)
        opacity 0.5
        z self.index
        animate x by -dir * far * 10 over far * 1s delay 0.1s
        animate position {
          along quad(control: (anchorNode.x, anchorNode.y + far), to: q)
          over 2s
          rotate .auto
        }
        animate scale from 1 to choose(1, 2, far) over 1s
        animate rotation by 90deg over random(1s..2s) repeat 2 autoreverse
        remove after 3s
      }
    }
    emitter b {
      every 300ms
      burst 2
      max 100
      spawn rect(4, 4) {
        let d = randomInt(0..3)
        let c = choose(red, blue)
        fill c
        animate position {
          along line(from: trigger.position, to: (d * 10, -d))
          over 1s
          pacing .linear
        }
        animate position {
          along cubic(from: (0, 0), c1: (10, 10), c2: (20, -10), to: (spread, 0))
          over 2s
          additive
        }
        animate opacity from 1 to 0 over 2s
      }
    }
    """
  ),
  (
    "fromInstance",
    """
    scene "FromInstance" { size 375, 667; fps 20; duration 4s; seed 5 }
    emitter e {
      every 200ms
      burst 3
      origin (50, 60)
      spawn circle(3) {
        let dir = choose(-1, 1)
        position trigger.position + (dir * 5, 0)
        animate position {
          along cubic(c1: (dir * 90, 400), c2: (dir * -180, 300), to: (dir * 72, random(110..277)))
          over 2s
          delay random(0s..0.5s)
        }
      }
    }
    """
  ),
]

@Test func plannedSpawnsDumpWhatTheInterpreterDumps() throws {
  for (name, text) in scenes {
    let ir = try Example.ir(name, text: text)
    #expect(try planned(ir).allSatisfy { $0 }, "\(name): every emitter has a plan")
    let withPlans = dump(ir, interpreted: false)
    #expect(!withPlans.contains("stopped"), "\(name)")
    #expect(withPlans == dump(ir, interpreted: true), "\(name)")
  }
}

@Test func examplesDumpTheSameWithAndWithoutPlans() throws {
  for name in ["heart-view", "love-burst", "floating-hearts", "add-to-cart", "ca-sticky", "ca-timing"] {
    let ir = try Example.ir(name)
    #expect(dump(ir, interpreted: false) == dump(ir, interpreted: true), "\(name)")
  }
}

/// A spawn that fails stops the run with the interpreter's error, at the same spawn.
@Test func failingSpawnsStopWithTheInterpretersError() throws {
  let bodies = [
    // `dir` is 0 at some spawn: 10 / 0.
    "let dir = choose(-1, 1, 0)\n animate x to 10 / dir over 1s",
    // A point that is not finite, through a local of point kind.
    "let p = (choose(0, 1), 1)\n animate position to p / p.x over 1s",
    "let k = choose(0, 1)\n opacity 1 / k",
    "let k = choose(0, 1)\n animate x to 1 over 1s / k",
  ]
  for body in bodies {
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
    let withPlans = dump(ir, interpreted: false)
    #expect(withPlans.contains("stopped"), "\(body)")
    #expect(withPlans == dump(ir, interpreted: true), "\(body)")
  }
}

@Test func groupsSequencesAndKeyframesHaveNoPlan() {
  let ctx = EvaluationContext(random: RandomStream(seed: 1, name: "e"))
  let fade = animate(.opacity, from: num(1), to: num(0), over: 1)
  let group = TimelineItem.group(clauses(), [fade])
  let keyframes = TimelineItem.animation(
    animation(
      .x,
      .keyframes(
        [Keyframe(key: 0, value: num(0), timing: nil), Keyframe(key: 1, value: num(5), timing: nil)], .linear),
      over: 1))
  #expect(SpawnPlan(node("a", circle(1), [.timeline(fade)]), ctx) != nil)
  #expect(SpawnPlan(node("b", circle(1), [.timeline(fade), .timeline(group)]), ctx) == nil)
  #expect(SpawnPlan(node("c", circle(1), [.timeline(keyframes)]), ctx) == nil)
}

// SpawnProgram on its own: values worked out by hand.

private let at = SourceRange(start: 3, end: 9)

private func context(locals: [Value] = []) -> EvaluationContext {
  var ctx = EvaluationContext(random: RandomStream(seed: 11, name: "p"))
  ctx.locals = locals
  ctx.triggerPosition = Point(10, 20)
  ctx.selfIndex = 3
  ctx.triggerTime = 1.5
  return ctx
}

private func program(_ e: Expr, locals: [SpawnProgram.Kind?] = []) throws -> SpawnProgram {
  var ctx = context()
  return try #require(SpawnProgram.compile(e, locals: locals, &ctx))
}

@Test func programsComputeNumbersAndPoints() throws {
  let dir = Expr.local(0)
  let tx = Expr.component(.triggerPosition, .x)
  // (10 + 2·90, 400) = (190, 400)
  let point = Expr.makePoint(.arithmetic(.add, tx, .arithmetic(.multiply, dir, num(90), at), at), num(400))
  var ctx = context(locals: [.number(2)])
  #expect(try program(point, locals: [.number]).run(&ctx) == Point(190, 400))
  // −((1, 2)·2 − (10, 20)) = (8, 16)
  let negated = Expr.negate(.arithmetic(.subtract, .arithmetic(.multiply, pt(1, 2), dir, at), .triggerPosition, at))
  #expect(try program(negated, locals: [.number]).run(&ctx) == Point(8, 16))
  // self.index / trigger.time = 3 / 1.5 = 2, and a point local's y: 7
  let ratio = Expr.arithmetic(.divide, .selfIndex, .triggerTime, at)
  #expect(try program(ratio).value(&ctx).number == 2)
  var pointLocal = context(locals: [.point(Point(4, 7))])
  #expect(try program(.component(.local(0), .y), locals: [.point]).value(&pointLocal).number == 7)
}

/// Draws come from the context's stream, in the interpreter's order.
@Test func programsDrawAsTheInterpreterDraws() throws {
  let draws = Expr.arithmetic(
    .add, .call(.choose, [num(-1), num(1), num(5)], at), .call(.random, [.range(num(20), num(30))], at), at)
  var compiled = context()
  var interpreted = context()
  let value = try program(draws).value(&compiled).number
  #expect(value == (try Evaluator.evaluate(draws, &interpreted)).number)
  #expect(compiled.random == interpreted.random)
}

@Test func programsFailWhereTheInterpreterFails() throws {
  var ctx = context(locals: [.number(4)])
  let zero = Expr.arithmetic(.subtract, .local(0), .local(0), at)
  let divide = try program(.arithmetic(.divide, num(1), zero, at), locals: [.number])
  do {
    _ = try divide.run(&ctx)
    Issue.record("1 / 0 is not finite")
  } catch {
    #expect(error.message == "division by zero: the value is not finite")
    #expect(error.range == at)
  }
  let nanPoint = try program(.arithmetic(.multiply, .triggerPosition, pt(2, 2), at))
  do {
    _ = try nanPoint.run(&ctx)
    Issue.record("a point times a point is not finite")
  } catch {
    #expect(error.message == "arithmetic overflow: the point is not finite")
  }
}

@Test func programsRefuseWhatTheyCannotType() {
  var ctx = context()
  // A local whose kind is unknown, a choice among kinds, a built-in without a program,
  // a slot out of range, and a part the same at every spawn that fails (the interpreter
  // meets its error at every spawn).
  #expect(SpawnProgram.compile(.arithmetic(.multiply, pt(1, 1), pt(2, 2), at), locals: [], &ctx) == nil)
  #expect(SpawnProgram.compile(.local(0), locals: [nil], &ctx) == nil)
  #expect(SpawnProgram.compile(.call(.choose, [num(1), .triggerPosition], at), locals: [], &ctx) == nil)
  #expect(SpawnProgram.compile(.call(.sin, [.triggerTime], at), locals: [], &ctx) == nil)
  #expect(SpawnProgram.compile(.local(2), locals: [.number], &ctx) == nil)
}
