import AnimCheck
import AnimIR
import Testing

@testable import AnimModel
@testable import AnimSim

/// Spawns living 0.05 … 0.5 s (so they end out of creation order, and most frames end
/// none): after every frame exactly those not yet ended remain, in creation order.
@Test func endedInstancesLeaveAndTheRestKeepTheirOrder() throws {
  var ir = scene(fps: 60, duration: 2)
  let spawn = node("p", circle(2), [.removeAfter(call(.random, .range(num(0.05), num(0.5))))])
  var emitter = EmitterTemplate(name: "e", triggers: [.every(period: 0.05, from: 0, until: 1)], spawn: spawn)
  emitter.burst = 3
  ir.emitters = [emitter]
  let sim = try Simulator(ir)
  var created: [(seq: Int, end: Double)] = []
  var outOfOrder = false
  for _ in 0..<sim.frameCount {
    try sim.step()
    for instance in sim.live where !created.contains(where: { $0.seq == instance.seq }) {
      created.append((instance.seq, instance.end))
    }
    let s = sim.frame.sceneTime
    let expected = created.filter { $0.end > s + 1e-9 }.map(\.seq).sorted()
    #expect(sim.live.map(\.seq) == expected, "at \(s)")
    if zip(created, created.dropFirst()).contains(where: { $0.end > $1.end }) { outOfOrder = true }
  }
  #expect(outOfOrder, "the lifetimes drawn should end some spawns before older ones")
  #expect(sim.live.isEmpty)
}
