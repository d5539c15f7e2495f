import AnimIR
import AnimMath
import AnimSource
import Testing

@testable import AnimModel
@testable import AnimSim

// `TimelinePlan`: a block's timeline items laid out flat, and what its spawns share
// evaluated once.

/// `over random(lo..hi)`: a duration drawn at each spawn.
private func randomDuration(_ lo: Double, _ hi: Double) -> Expr { call(.random, .range(num(lo), num(hi))) }

/// A group holding an animation and a sequence of two, then a top-level animation.
private let nested: [BlockStatement] = [
  .bind(slot: 0, call(.random, .range(num(0), num(1)))),
  .timeline(
    .group(
      clauses(delay: 1),
      [
        animate(.opacity, from: num(1), to: num(0), over: 1),
        .sequence(clauses(), [animate(.x, to: num(4), over: 1), animate(.y, to: .local(0), over: 2)]),
      ])),
  .timeline(animate(.rotation, to: num(90), over: 3)),
]

@Test func aPlanLaysOutItemsDepthFirstWithTheirDescendants() {
  let plan = TimelinePlan(nested)
  // group, opacity, sequence, x, y, rotation
  let kinds = plan.items.map { item -> String in
    switch item.kind {
    case .animation(let n): return "a\(n)"
    case .group: return "g"
    case .sequence: return "s"
    }
  }
  #expect(kinds == ["g", "a0", "s", "a1", "a2", "a3"])
  #expect(plan.items.map(\.descendants) == [4, 0, 2, 0, 0, 0])
  #expect(plan.animations.map(\.property) == [.opacity, .x, .y, .rotation])
  #expect(plan.hasGroups)
  // `to: 0` is fixed; `to: local 0` is not.
  #expect(plan.fixedValues == [true, true, false, true])
  #expect(TimelinePlan([.timeline(animate(.x, to: num(1), over: 1))]).hasGroups == false)
}

@Test func aTimingIsFixedOnlyWhenEveryClauseIs() {
  var drawn = animation(.x, .basic(from: nil, to: num(1), by: nil), over: 1)
  drawn.timing.delay = randomDuration(0, 1)
  var counted = animation(.x, .basic(from: nil, to: num(1), by: nil), over: 1)
  counted.timing.repeatCount = .count(.selfIndex)
  let plan = TimelinePlan([
    .timeline(animate(.x, to: num(1), over: 2, delay: 1, timing: .easeIn, repeatCount: .count(num(2)))),
    .timeline(.animation(drawn)),
    .timeline(.animation(counted)),
    .timeline(.group(clauses(repeatCount: .forever), [])),
  ])
  #expect(plan.items.map(\.fixedTiming) == [true, false, false, true])
}

/// Evaluates `body` for `spawns` spawns in a row from one stream, with one plan kept for
/// all of them, or a fresh plan for each: the stacks' timings and kinds, and the stream.
private func spawnStacks(_ body: [BlockStatement], spawns: Int, keepPlan: Bool) throws
  -> (timings: [[ActiveTiming]], kinds: [[String]], stream: RandomStream)
{
  let template = node("e", circle(5), locals: 1, body)
  let kept = TimelinePlan(body)
  var groups = TimingGroups()
  var ctx = EvaluationContext(random: RandomStream(seed: 5, name: "e"))
  var timings: [[ActiveTiming]] = []
  var kinds: [[String]] = []
  for index in 0..<spawns {
    ctx.selfIndex = index
    let instance = try BlockEvaluator.evaluate(
      template, defaultPosition: .zero, plan: keepPlan ? kept : nil, groups: &groups, &ctx)
    timings.append(instance.stack.timings)
    kinds.append(instance.stack.animations.map { "\($0.kind)" })
  }
  return (timings, kinds, ctx.random)
}

@Test func aKeptPlanGivesEverySpawnWhatAFreshPlanGivesIt() throws {
  // Fixed and drawn timings and values, in a group and a sequence: a plan kept across
  // spawns must change nothing, neither the values nor the draws after them.
  var drawnOver = animation(.scale, .basic(from: num(0), to: num(1), by: nil), over: nil)
  drawnOver.timing.duration = randomDuration(1, 2)
  let body =
    nested + [
      .timeline(.animation(drawnOver)),
      .timeline(animate(.opacity, to: call(.random, .range(num(0), num(1))), over: 1, timing: .easeOut)),
    ]
  let kept = try spawnStacks(body, spawns: 4, keepPlan: true)
  let fresh = try spawnStacks(body, spawns: 4, keepPlan: false)
  #expect(kept.timings == fresh.timings)
  #expect(kept.kinds == fresh.kinds)
  #expect(kept.stream == fresh.stream)
  // The drawn durations differ between spawns; the fixed ones do not.
  let scaleOver = kept.timings.map { $0[4].duration }
  #expect(Set(scaleOver).count == 4)
  #expect(scaleOver.allSatisfy { $0 >= 1 && $0 <= 2 })
  #expect(kept.timings.allSatisfy { $0[3].duration == 3 && $0[5].function == .easeOut })
}

@Test func aPlanLearnsAFixedTimingAndValuesAtTheFirstEvaluation() throws {
  let body: [BlockStatement] = [.timeline(animate(.opacity, from: num(1), to: num(0), over: 2))]
  let plan = TimelinePlan(body)
  #expect(plan.learntTiming(0) == nil && plan.learntValues(0) == nil)
  var groups = TimingGroups()
  var ctx = EvaluationContext(random: RandomStream(seed: 1, name: "e"))
  _ = try BlockEvaluator.evaluate(node("e", circle(5), body), defaultPosition: .zero, plan: plan, groups: &groups, &ctx)
  #expect(plan.learntTiming(0)?.timing.duration == 2)
  let values = try #require(plan.learntValues(0))
  #expect(values.from.x == 1 && values.end.x == 0 && values.hasFrom && values.endKind == .to)
}
