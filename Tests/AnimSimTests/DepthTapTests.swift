import AnimMath
import Testing

@testable import AnimModel
@testable import AnimSim

/// §12.1: a tap hits a 3-D node where the inverse projection of the tap point has W > 0
/// and lies inside the shape. The card is 100 × 100 at (100, 100), rotateX(60°) with
/// d = 200; by hand (see ProjectionTests) it shows as a trapezoid with top edge y = 79.45
/// (x 58.90…141.10) and bottom edge y = 131.91 (x 36.18…163.82).
@Suite struct DepthTapTests {
  static func spawnTimes(taps: [Point]) throws -> [Double] {
    let text = """
      scene "Tap" { size 200, 200; duration 1s; fps 10 }
      node card = rect(100, 100) {
        position (100, 100)
        rotationX 60deg
        perspective 200
      }
      emitter hits {
        on tap card
        spawn circle(2) { remove after 5s }
      }
      """
    var options = SimulationOptions()
    options.taps = taps.enumerated().map {
      SimulationOptions.Tap(time: 0.1 + 0.2 * Double($0.offset), point: $0.element)
    }
    let sim = try Simulator(try Example.ir("tap", text: text), options: options)
    var created: [String: Double] = [:]
    for _ in 0..<sim.frameCount {
      try sim.step()
      for node in sim.frame.nodes where node.id.kind == .spawn && created[node.id.description] == nil {
        created[node.id.description] = sim.frame.time
      }
    }
    return created.values.sorted()
  }

  @Test func hitsTheProjectedShapeNotTheFlatBox() throws {
    // Inside the trapezoid, left of the flat box (x < 50): a hit.
    #expect(try Self.spawnTimes(taps: [Point(45, 125)]).count == 1)
    // Inside the flat box, below the trapezoid (y > 131.91): a miss.
    #expect(try Self.spawnTimes(taps: [Point(100, 140)]).isEmpty)
    // Above the trapezoid's top edge, inside the flat box: a miss.
    #expect(try Self.spawnTimes(taps: [Point(100, 70)]).isEmpty)
    // The centre: a hit.
    #expect(try Self.spawnTimes(taps: [Point(100, 105)]).count == 1)
  }
}
