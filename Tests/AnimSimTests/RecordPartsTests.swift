import AnimCheck
import AnimIR
import AnimMath
import AnimSource
import Testing

@testable import AnimModel
@testable import AnimSim

/// A record's rare parts (tint, gradients, contentsRect) live in a shared box
/// (`NodeFrameParts`), its matrix3d in its frame's column (`DepthColumnTests`); a record
/// must still behave as a value. And when the oldest
/// instances end, the records are moved up (`Simulator.realignRecords`) so that each
/// later record is found holding its own instance.
@Suite struct RecordPartsTests {
  @Test func rarePartsAreValues() {
    let red = Color(r: 1, g: 0, b: 0)
    let rect = ContentsRect(x: 0, y: 0, width: 0.5, height: 0.5)
    var a = NodeFrame.placeholder
    #expect(a.tint == nil && a.gradients == nil && a.matrix3d == nil && a.contentsRect == nil)
    a.tint = red
    let b = a
    a.tint = nil
    a.contentsRect = rect
    // b was copied before the changes: it keeps what a held then.
    #expect(b.tint == red)
    #expect(b.contentsRect == nil)
    #expect(a.tint == nil)
    #expect(a.contentsRect == rect)
    a.contentsRect = nil
    #expect(a.tint == nil && a.gradients == nil && a.matrix3d == nil && a.contentsRect == nil)
    a.setParts(tint: red, gradients: nil, matrix3d: nil, contentsRect: rect)
    #expect(a.tint == red && a.contentsRect == rect && a.matrix3d == nil)
    #expect(b.contentsRect == nil)
  }

  /// Bursts of 3 every 0.1 s living 0.25 s: every 6th frame (at 60 fps) the oldest burst
  /// ends before the others.
  @Test func recordsMoveUpWhenTheOldestEnd() throws {
    let analysis = analyze(
      SourceFile(
        name: "t.anim",
        text: """
          scene "t" { size 200, 200; fps 60; duration 1s }
          emitter dots {
            every 0.1s
            burst 3
            spawn circle(5) {
              position (10, 20)
              remove after 0.25s
              animate x by 10 over 1s
            }
          }
          """))
    #expect(analysis.diagnostics.isEmpty, "\(analysis.diagnostics.map(\.message))")
    let sim = try Simulator(try #require(analysis.ir as SceneIR?))
    var moved = 0
    for _ in 0..<sim.frameCount {
      // No pause or speed: the next frame's scene time is its run time.
      let s = sim.nextRunTime
      let owners = sim.recordOwners
      var nodes = sim.frame.nodes
      sim.realignRecords(&nodes, at: s)
      if sim.recordOwners != owners {
        moved += 1
        // The ended instances' records are gone; the others' are in the same order.
        let active = sim.live.filter { s >= $0.created - 1e-9 && s < $0.end - 1e-9 }
        #expect(sim.recordOwners == Array(active.map(\.seq).prefix(sim.recordOwners.count)))
        #expect(nodes.map(\.id) == Array(active.map(\.id).prefix(nodes.count)))
        #expect(owners.count - sim.recordOwners.count == 3)
      }
      sim.frame.nodes = nodes
      try sim.step()
      // Every record holds the live instance at its own index, as the frame draws them.
      #expect(sim.recordOwners == sim.live.map(\.seq))
      #expect(sim.frame.nodes.map(\.id) == sim.live.map(\.id))
    }
    // The oldest burst ended several times in the second, each time moving the records up.
    #expect(moved >= 5)
  }
}
