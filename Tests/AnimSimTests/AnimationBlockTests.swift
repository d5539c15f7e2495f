import AnimCheck
import AnimIR
import AnimMath
import Testing

@testable import AnimModel
@testable import AnimSim

/// A block keeps each basic animation's first `from` and end channel (what sampling reads of a one-number animation), zeros for other kinds.
@Test func animationBlockKeepsEachBasicAnimationsScalars() throws {
  let turn = animate(.rotation, from: num(10), to: num(20), over: 1)
  let drift = TimelineItem.animation(
    animation(.position, .along(call(.line, pt(0, 0), pt(100, 0)), .paced, .none), over: 1))
  let fade = animate(.opacity, by: num(-0.5), over: 1)
  let grow = animate(.scale, from: num(0.5), to: num(2), over: 1)
  let sim = try Simulator(oneNode([.timeline(turn), .timeline(drift), .timeline(fade), .timeline(grow)]))
  try sim.step()
  let block = try #require(sim.live.first).body.block
  let pairs = Array(block.scalars)
  // `by` is the end channel; an omitted `from` is 0; a path has none; scale keeps x.
  #expect(pairs == [SIMD2(10, 20), SIMD2(0, 0), SIMD2(0, -0.5), SIMD2(0.5, 2)])
}
