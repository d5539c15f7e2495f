import AnimCheck
import AnimIR
import AnimMath
import Testing

@testable import AnimModel
@testable import AnimSim

/// The live-instance limit foreseen before the first frame (issue 17, item 9): a run that
/// would cross it by the frames asked for stops before sampling any, with the error the
/// run itself would give; one that stays at the limit runs as before.
@Suite struct ForesightTests {
  /// Bursts of 5 at 0, 0.1, 0.2, 0.3 and 0.4 s (frames 0 to 4 at 10 fps), each instance
  /// living 100 s: 25 live instances at frame 4, counted by hand.
  static func flood() -> SceneIR {
    var ir = scene(fps: 10, duration: 0.5)
    var e = randomEmitter("flood", triggers: [.every(period: 0.1, from: 0, until: nil)], burst: 5, max: 1000)
    e.spawn.body.append(.removeAfter(num(100)))
    ir.emitters = [e]
    return ir
  }

  @Test func atTheLimitTheRunIsUnchanged() throws {
    let sim = try Simulator(Self.flood())
    sim.instanceLimit = 25
    #expect(sim.mayCrossInstanceLimit)
    try sim.foreseeInstanceLimit(throughFrame: 4)
    for _ in 0..<sim.frameCount { try sim.step() }
    #expect(sim.frame.nodes.count == 25)
  }

  @Test func onePastTheLimitStopsBeforeTheFirstFrame() throws {
    let sim = try Simulator(Self.flood())
    sim.instanceLimit = 24
    var foreseen: SimulationError? = nil
    do { try sim.foreseeInstanceLimit(throughFrame: 4) } catch { foreseen = error }
    #expect(foreseen?.code == "E0902")
    #expect(sim.nextFrame == 0, "nothing was stepped")
    // The same error as the run reaches at frame 4 (the 25th spawn) without foresight.
    var reached: SimulationError? = nil
    var frames = 0
    do {
      for _ in 0..<sim.frameCount {
        try sim.step()
        frames += 1
      }
    } catch { reached = error }
    #expect(frames == 4)
    #expect(reached?.message == foreseen?.message)
    #expect(foreseen?.message == "emitter `flood` would make more than 24 live instances; the run stops")
  }

  /// Only the frames asked for count: frames 0 to 3 hold 20 instances.
  @Test func framesNotAskedForAreNotForeseen() throws {
    let sim = try Simulator(Self.flood())
    sim.instanceLimit = 24
    try sim.foreseeInstanceLimit(throughFrame: 3)
  }

  /// `max`es that keep the run below the limit need no rehearsal.
  @Test func boundedEmittersAreNotRehearsed() throws {
    var ir = Self.flood()
    ir.emitters[0].max = 24
    let sim = try Simulator(ir)
    sim.instanceLimit = 24
    #expect(!sim.mayCrossInstanceLimit)
    ir.emitters[0].max = 25
    let over = try Simulator(ir)
    over.instanceLimit = 24
    #expect(over.mayCrossInstanceLimit)
  }
}
