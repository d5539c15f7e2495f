import AnimCheck
import AnimIR
import AnimMath
import Foundation
import Testing

@testable import AnimModel
@testable import AnimSim

/// A scene built without the checker (as the benchmark builds them) can ask for
/// endless events between two frames; the run stops with E0904 instead of looping.
@Suite struct FrameEventLimitTests {
  /// Steps through the whole run; the error it stops with, if any. (How long a stop takes
  /// is the benchmark's to measure, not a unit test's: a shared machine makes any bound flaky.)
  static func run(_ ir: SceneIR, limit: Int? = nil) throws -> SimulationError? {
    let sim = try Simulator(ir)
    if let limit { sim.eventLimit = limit }
    do {
      for _ in 0..<sim.frameCount { try sim.step() }
      return nil
    } catch {
      return error
    }
  }

  @Test func aTinyPeriodStopsPromptlyAtTheRealLimit() throws {
    // `every 1e-9s max 5`: 1e8 events before the first frame after 0.
    var ir = scene(fps: 10, duration: 1)
    ir.emitters = [randomEmitter("e", triggers: [.every(period: 1e-9, from: 0, until: nil)], max: 5)]
    // Stopping at the millionth event, not after the 1e8 the period asks for.
    let e = try #require(try Self.run(ir))
    #expect(e.code == "E0904")
    #expect(e.message == "emitter `e` fires more than 1000000 times between two frames; the run stops")
    #expect(e.range == ir.emitters[0].spawn.range)
  }

  @Test func inputTapsEveryTinyPeriodStop() throws {
    var ir = InputTests.taps([.tap(.point(Point(1, 1)), .every(period: 1e-300, from: 0, until: nil))])
    for i in ir.emitters.indices { ir.emitters[i].max = 5 }
    let e = try #require(try Self.run(ir, limit: 1000))
    #expect(e.code == "E0904")
    #expect(e.message == "input events fire more than 1000 times between two frames; the run stops")
  }

  @Test func aHugeSpeedStops() throws {
    // `speed 1e300 at 0s` with `every 1s`: the first frame after 0 is 1e299 s of scene time away.
    var ir = scene(fps: 10, duration: 1)
    ir.emitters = [randomEmitter("e", triggers: [.every(period: 1, from: 0, until: nil)])]
    ir.input = [.speed(1e300, at: 0)]
    let e = try #require(try Self.run(ir, limit: 1000))
    #expect(e.code == "E0904")
  }

  @Test func shortLivedSpawnsBetweenFramesStop() throws {
    // 100 spawns every 1 ms, each gone after 0.5 ms: never many live, but every one is
    // held until the next frame.
    var ir = scene(fps: 1, duration: 2)
    var e = randomEmitter("spray", triggers: [.every(period: 0.001, from: 0, until: nil)], burst: 100)
    e.spawn.body = [.removeAfter(num(0.0005))]
    ir.emitters = [e]
    let error = try #require(try Self.run(ir, limit: 5000))
    #expect(error.code == "E0904")
    #expect(
      error.message == "emitter `spray` would spawn more than 5000 instances between two frames; the run stops")
  }

  @Test func eventsUpToTheLimitRun() throws {
    // `every 1ms` at 1 fps: the frame at 1 s follows the 1000 firings at 1 ms … 1 s.
    var ir = scene(fps: 1, duration: 2)
    ir.emitters = [randomEmitter("e", triggers: [.every(period: 0.001, from: 0, until: nil)], max: 5)]
    #expect(try Self.run(ir, limit: 1000) == nil)
    #expect(try Self.run(ir, limit: 999)?.code == "E0904")
  }
}
