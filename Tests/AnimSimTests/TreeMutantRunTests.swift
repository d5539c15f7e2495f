import AnimCheck
import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimTestSupport
import Foundation
import Testing

@testable import AnimSim

/// 10,000 mutants of the layer-tree examples (§14), 2,500 of each, with a fixed seed:
/// every mutant that checks clean is also run for its first second at 10 fps, with taps
/// inside and outside its nodes. A run may stop only with a `SimulationError` (a
/// diagnostic), never a trap; and every frame's parent links point at earlier records.
@Suite struct TreeMutantRunTests {
  static let mutantsPerExample = 2_500

  @Test(arguments: ["card-flip", "fold", "add-to-cart", "love-burst"])
  func mutatedTreeExamplesRunOrStopWithADiagnostic(_ name: String) throws {
    let original = Array(try Example.text(name).utf8)
    let path = Example.root.appendingPathComponent("examples/\(name).anim").path
    var mutator = SourceMutator(original, seed: 20_261_129, name: name)
    var ran = 0
    for i in 0..<Self.mutantsPerExample {
      let mutated = mutator.next()
      guard let ir = analyze(SourceFile(name: path, bytes: mutated)).ir else { continue }
      var options = SimulationOptions()
      options.fps = 10
      options.duration = 1
      options.taps = [.init(time: 0.25, point: Point(187, 333)), .init(time: 0.5, point: Point(-40, 900))]
      let started = Date()
      do {
        let simulator = try Simulator(ir, options: options)
        // Kept small so that a mutant that multiplies a burst stays quick in a debug build.
        simulator.instanceLimit = 10_000
        // A mutant may make a replicator of many copies: slow, not wrong; move on.
        for _ in 0..<simulator.frameCount where Date().timeIntervalSince(started) < 1 {
          try simulator.step()
          for (k, node) in simulator.frame.nodes.enumerated() {
            #expect(node.parent.map { $0 < k } ?? true, "\(name) mutant \(i): a parent after its child")
          }
        }
        ran += 1
      } catch {
        // A diagnostic: the run stopped as it should.
      }
    }
    // The mutants exercised the simulator, not only the checker.
    #expect(ran > Self.mutantsPerExample / 10, "\(name): only \(ran) mutants checked clean and ran")
  }
}
