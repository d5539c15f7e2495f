import AnimCheck
import AnimIR
import AnimMath
import AnimSource
import Testing

@testable import AnimModel
@testable import AnimSim

/// A record that holds the same instance as in the frame before keeps its id, shape,
/// flags, tint, z and (when nothing animates it) style: sampling writes only the matrix
/// and the leading values (`FrameSampler.compose`). These scenes move instances from record
/// to record (older ones end, newer ones begin, emitters interleave) and check every
/// record of every frame against what its id says it must hold, from the source. Each
/// runs twice: sampling into the last frame's records, and into the frame before last's
/// (`Simulator.samplesIntoSpareRecords`).
@Suite struct RecordReuseTests {
  func simulator(_ source: String, spare: Bool) throws -> Simulator {
    let analysis = analyze(SourceFile(name: "t.anim", text: source))
    #expect(analysis.diagnostics.isEmpty, "\(analysis.diagnostics.map(\.message))")
    let sim = try Simulator(try #require(analysis.ir as SceneIR?))
    sim.samplesIntoSpareRecords = spare
    return sim
  }

  @Test(arguments: [false, true]) func recordsThatChangeHandsHoldTheirNewInstance(spare: Bool) throws {
    try checkReds(z: nil, spare: spare)
  }

  @Test(arguments: [false, true]) func recordsSortedByZHoldTheirInstancesToo(spare: Bool) throws {
    // Reds drawn above blues: every frame is sorted, and a record holds another instance
    // after the sort than sampling put in it.
    try checkReds(z: 1, spare: spare)
  }

  /// Reds: two every 0.1 s, living 0.25 s; blues: one every 0.15 s, living 0.6 s. Every
  /// few frames the oldest end and the rest move to earlier records, beside the other kind.
  func checkReds(z: Double?, spare: Bool) throws {
    let sim = try simulator(
      """
      scene "t" { size 200, 200; fps 60; duration 2s }
      emitter reds {
        every 0.1s
        burst 2
        spawn circle(5) {
          fill #FF0000
          position (10, 20)
          \(z.map { "z \($0)" } ?? "")
          remove after 0.25s
          animate x by 10 over 1s
        }
      }
      emitter blues {
        every 0.15s
        spawn rect(4, 4) {
          fill #0000FF
          position (100, 150)
          stroke #00FF00
          lineWidth 3
          remove after 0.6s
          animate opacity from 1 to 0.5 over 1s
        }
      }
      """, spare: spare)
    var seen = (reds: 0, blues: 0, frames: 0)
    for _ in 0..<sim.frameCount {
      try sim.step()
      for record in sim.frame.nodes {
        let red = record.id.name == "reds"
        #expect(record.state.fill == (red ? Color(r: 1, g: 0, b: 0) : Color(r: 0, g: 0, b: 1)), "\(record.id)")
        #expect(record.hasStroke == !red, "\(record.id)")
        #expect(record.state.lineWidth == (red ? 1 : 3), "\(record.id)")
        #expect(red || record.state.stroke == Color(r: 0, g: 1, b: 0), "\(record.id)")
        #expect(record.shape.id == (red ? "reds" : "blues"), "\(record.id)")
        #expect(record.z == (red ? z ?? 0 : 0), "\(record.id)")
        // Composed values are written in every frame: they must be the same instance's.
        #expect(record.state.position.y == (red ? 20 : 150), "\(record.id)")
        // Red k is created at 0.1·⌊k/2⌋ s for 0.25 s, blue k at 0.15·k s for 0.6 s: a
        // record left with an id it held before would soon name an ended instance.
        let created = red ? 0.1 * Double(record.id.index / 2) : 0.15 * Double(record.id.index)
        let age = sim.frame.sceneTime - created
        #expect(age > -1e-9 && age < (red ? 0.25 : 0.6) + 1e-9, "\(record.id) at \(sim.frame.sceneTime)")
        if red { seen.reds += 1 } else { seen.blues += 1 }
      }
      // Paint order: z, then creation order, so the ids of one emitter ascend; with reds
      // above, every blue comes before every red.
      let reds = sim.frame.nodes.filter { $0.id.name == "reds" }.map(\.id.index)
      #expect(reds == reds.sorted())
      if z != nil, let firstRed = sim.frame.nodes.firstIndex(where: { $0.id.name == "reds" }) {
        #expect(sim.frame.nodes[firstRed...].allSatisfy { $0.id.name == "reds" })
      }
      seen.frames += 1
    }
    // 2 s at 60 fps; about 5 reds and 4 blues live at a time.
    #expect(seen.frames == 120)
    #expect(seen.reds > 400 && seen.blues > 400)
  }

  @Test(arguments: [false, true]) func anAnimatedStyleIsComposedInEveryFrame(spare: Bool) throws {
    // Spawn k begins at 0.25·k s and its fill goes from black to white over 1 s, linearly:
    // at scene time s its red, green and blue are s − 0.25·k.
    let sim = try simulator(
      """
      scene "t" { size 200, 200; fps 60; duration 2s }
      emitter fades {
        every 0.25s
        spawn circle(5) {
          fill #000000
          remove after 1s
          animate fill to #FFFFFF over 1s timing linear
        }
      }
      """, spare: spare)
    var checked = 0
    for _ in 0..<sim.frameCount {
      try sim.step()
      for record in sim.frame.nodes {
        let u = sim.frame.sceneTime - 0.25 * Double(record.id.index)
        #expect(abs(record.state.fill.r - u) < 1e-9, "\(record.id) at \(sim.frame.sceneTime)")
        #expect(abs(record.state.fill.b - u) < 1e-9, "\(record.id) at \(sim.frame.sceneTime)")
        checked += 1
      }
    }
    // Live at s: spawns k with 0.25·k ≤ s < 0.25·k + 1. 15 frames each with 1, 2 and 3
    // live, then 75 with 4: 15 + 30 + 45 + 300.
    #expect(checked == 390)
  }

  @Test(arguments: [false, true]) func aFrameHeldByAConsumerKeepsWhatItDrew(spare: Bool) throws {
    // A flat scene samples each frame into the last frame's records, or with `spare` the
    // frame before last's (`Simulator.samplesIntoSpareRecords`). A consumer may hold
    // frames longer: every frame kept here must still read as it did when it was made,
    // whatever the steps after it did.
    let source = """
      scene "t" { size 200, 200; fps 60; duration 1s }
      emitter dots {
        every 0.05s
        burst 3
        spawn circle(5) {
          position (random(0..100), 20)
          fill #FF0000
          remove after 0.2s
          animate x by 50 over 0.2s
          animate fill to #0000FF over 0.2s
        }
      }
      """
    let sim = try simulator(source, spare: spare)
    var held: [Frame] = []
    var seenThen: [[String]] = []
    for _ in 0..<sim.frameCount {
      try sim.step()
      held.append(sim.frame)
      seenThen.append(sim.frame.nodes.map { "\($0.id) \($0.state.position) \($0.state.fill) \($0.matrix)" })
    }
    #expect(held.count == 60)
    #expect(held.contains { $0.nodes.count >= 9 })
    for (frame, then) in zip(held, seenThen) {
      #expect(frame.nodes.map { "\($0.id) \($0.state.position) \($0.state.fill) \($0.matrix)" } == then)
    }
  }
}
