import AnimKit
import Foundation
import Testing

/// The public API as an app uses it: only `import AnimKit`.
@Suite struct LibraryTests {
  static let scene = """
    scene "Tap" {
      size 200, 200
      fps 60
      duration 2s
    }
    node button = circle(20) {
      position (100, 150)
      fill #FF2D55
    }
    emitter sparks {
      on tap button
      burst 5
      origin button.position
      spawn circle(4) {
        animate y by -80 over 1.5s
        animate opacity to 0 over 1.5s
      }
    }
    """

  @Test func compileTapStepAndCount() throws {
    let compiled = compile(source: Self.scene, fileName: "tap.anim")
    #expect(compiled.diagnostics.isEmpty, "\(compiled.renderedDiagnostics())")
    let scene = try #require(compiled.scene)
    #expect(scene.width == 200 && scene.title == "Tap")
    let simulation = try Simulation(scene)
    simulation.tap(at: Point(100, 150))
    var last: Frame? = nil
    for _ in 0..<60 { last = try simulation.step() }
    // The button, and the burst of 5 released at the tap in frame 0, alive for 1.5 s.
    #expect(last?.nodes.count == 6)
    #expect(last?.index == 59)
  }

  @Test func tapOutsideTheNodeReleasesNothing() throws {
    let scene = try #require(compile(source: Self.scene).scene)
    let simulation = try Simulation(scene)
    simulation.tap(at: Point(10, 10))
    var last: Frame? = nil
    for _ in 0..<10 { last = try simulation.step() }
    #expect(last?.nodes.count == 1)
  }

  @Test func errorsAreDiagnosticsWithPositions() {
    let compiled = compile(
      source: "scene \"x\" { size 10, 10 }\nnode a = circle(5) { opacity red }\n", fileName: "bad.anim")
    #expect(compiled.hasErrors && compiled.scene == nil)
    #expect(compiled.renderedDiagnostics().hasPrefix("bad.anim:2:"))
  }

  @Test func pausedSceneTimeStands() throws {
    let simulation = try Simulation(try #require(compile(source: Self.scene).scene))
    for _ in 0..<10 { _ = try simulation.step() }
    simulation.pause()
    _ = try simulation.step()
    let paused = simulation.sceneTime
    for _ in 0..<10 { _ = try simulation.step() }
    #expect(simulation.isPaused && simulation.sceneTime == paused)
    // Resumed at the next frame's run time: scene time moves on from the frame after.
    simulation.resume()
    _ = try simulation.step()
    _ = try simulation.step()
    #expect(simulation.sceneTime > paused)
  }

  @Test func writesADump() throws {
    let simulation = try Simulation(try #require(compile(source: Self.scene).scene), duration: 0.1)
    let sink = MemorySink()
    var writer = JSONLinesWriter(to: sink)
    try simulation.write(to: &writer)
    let lines = sink.text.split(separator: "\n")
    // §9: a header, the button's shape line, then round(0.1 × 60) = 6 frame lines.
    #expect(lines.count == 8)
    #expect(lines.first?.hasPrefix("{\"type\":\"header\",\"scene\":\"Tap\"") == true)
  }
}

/// `compile` gives no scene for one that uses the parts of the layer tree (§14) the
/// simulator does not run yet, and says why; children of nodes, spawns and replicator
/// children compile.
@Suite struct LayerTreeCompileTests {
  @Test func aScenePositionReadBeforeTheRunCompilesToAnErrorAndNoScene() {
    let compiled = compile(source: "node a = circle(1)\nnode b = circle(1) {\n  position a.scenePosition\n}\n")
    #expect(compiled.scene == nil)
    #expect(compiled.hasErrors)
    #expect(compiled.diagnostics.map(\.code) == ["E0381"])
    // `a.scenePosition`: lines of 19 and 21 bytes with their newlines, then `  position `.
    #expect(compiled.diagnostics.first?.range.start == 51)
  }

  @Test func aReplicatorChildsChildCompiles() {
    let compiled = compile(
      source: "replicate r count 2 {\n  node card = rect(20, 10) {\n    node dot = circle(2)\n  }\n}\n")
    #expect(compiled.scene != nil)
    #expect(!compiled.hasErrors)
  }

  @Test func aSpawnsChildCompiles() {
    let compiled = compile(source: "emitter e {\n  spawn rect(20, 10) {\n    node dot = circle(2)\n  }\n}\n")
    #expect(compiled.scene != nil)
    #expect(!compiled.hasErrors)
  }

  @Test func aNodesChildCompiles() {
    let compiled = compile(source: "node card = rect(20, 10) {\n  node dot = circle(2)\n}\n")
    #expect(compiled.scene != nil)
    #expect(!compiled.hasErrors)
  }
}
