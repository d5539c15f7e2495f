import AnimCheck
import AnimIR
import AnimMath
import AnimSource
import Testing

@testable import AnimModel
@testable import AnimSim

/// The live column (`LiveColumn`): sampling reads each particle's drift and basic
/// animations' values from it, and must give every particle the values its own body's
/// animation stack gives it (`InstanceBody.sample`, which reads the particle's own curve
/// and animations), bit for bit, while particles end out of creation order and the
/// column drops and rebuilds its numbers.
@Suite struct LiveColumnTests {
  static let source = """
    scene "Column" {
      size 400, 400
      fps 60
      duration 8s
      seed 7
    }
    shape dot = circle(3)
    emitter drift {
      every 50ms until 6s
      burst 6
      max 2000
      origin (200, 380)
      spawn dot {
        let dir = choose(-1, 1)
        position trigger.position
        animate position along cubic(to: (200 + dir * random(20..150), random(10..120)),
                                     c1: (200 + dir * 90, 300), c2: (200 - dir * 180, 200)) over 3s
        animate opacity from 1 to 0.2 over 3s
        animate rotation to random(-30..30) * 1deg over 2s
        remove after random(0.1s..2.5s)
      }
    }
    """

  @Test func everyParticleIsWhereItsOwnCurvePutsIt() throws {
    let analysis = analyze(SourceFile(name: "column.anim", text: Self.source))
    #expect(analysis.diagnostics.isEmpty, "\(analysis.diagnostics.map(\.message))")
    let sim = try Simulator(try #require(analysis.ir as SceneIR?))
    var checked = 0
    var columnShrank = false
    var largestColumn = 0
    for _ in 0..<sim.frameCount {
      let before = sim.column.numbers.count
      try sim.step()
      if sim.column.numbers.count < before { columnShrank = true }
      largestColumn = max(largestColumn, sim.column.numbers.count)
      let s = sim.frame.sceneTime
      let byID = Dictionary(uniqueKeysWithValues: sim.live.map { ($0.id, $0) })
      for record in sim.frame.nodes {
        let instance = try #require(byID[record.id])
        let (expected, _) = instance.body.sample(s - instance.created - instance.timeOffset)
        #expect(record.state.position == expected.position, "\(record.id) at \(s)")
        #expect(record.state.opacity == min(max(expected.opacity, 0), 1), "\(record.id) at \(s)")
        #expect(record.state.rotation == expected.rotation, "\(record.id) at \(s)")
        checked += 1
      }
      // The column holds the live numbers and never much more than as many ended ones.
      #expect(sim.column.liveNumbers <= sim.column.numbers.count)
      #expect(sim.column.numbers.count <= 2 * sim.column.liveNumbers + 4096 + 64)
    }
    #expect(checked > 50_000)
    #expect(columnShrank, "particles ending should drop or rebuild the column")
    #expect(largestColumn > 0)
  }
}
