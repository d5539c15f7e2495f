import AnimMath
import AnimModel
import Testing

@testable import AnimSim

/// §14: an emitter's `origin` is evaluated at each trigger, before the spawn's block, from
/// the emitter's stream.
@Suite struct OriginPerTriggerTests {
  static func positions(_ text: String, frame: Int = 9) throws -> [Point] {
    let run = try Example.run("origin", text: text, keep: [frame])
    let nodes = try #require(run.frames[frame]?.nodes)
    return nodes.sorted { $0.id.description < $1.id.description }.map(\.state.position)
  }

  @Test func aRandomOriginDrawsAtEveryTriggerAsTheSpawnsOwnDrawWould() throws {
    // Both emitters are named `drops`, so they draw from the same stream (§7). One draws x
    // in its origin, the other in its block; either way one number per trigger, before
    // anything else the spawn draws, so the five instances stand at the same places.
    let fromOrigin = """
      \(tenFPSScene(seconds: 1))
      emitter drops {
        every 0.2s
        origin (random(0..300), 50)
        spawn circle(2) { remove after 5s }
      }
      """
    let fromBlock = """
      \(tenFPSScene(seconds: 1))
      emitter drops {
        every 0.2s
        spawn circle(2) {
          position (random(0..300), 50)
          remove after 5s
        }
      }
      """
    let a = try Self.positions(fromOrigin)
    let b = try Self.positions(fromBlock)
    #expect(a.count == 5)
    #expect(a == b)
    // Evaluated once, every drop would fall from one place.
    #expect(Set(a.map(\.x)).count == 5)
  }

  @Test func theOriginsDrawComesBeforeTheBlocks() throws {
    // The origin's draw is the trigger's first; the block's own `random` is the second.
    let both = """
      \(tenFPSScene(seconds: 1))
      emitter drops {
        every 0.5s
        origin (random(0..300), 50)
        spawn circle(2) {
          position (trigger.position.x, random(0..300))
          remove after 5s
        }
      }
      """
    let oneBlock = """
      \(tenFPSScene(seconds: 1))
      emitter drops {
        every 0.5s
        spawn circle(2) {
          position (random(0..300), random(0..300))
          remove after 5s
        }
      }
      """
    #expect(try Self.positions(both) == Self.positions(oneBlock))
  }
}
