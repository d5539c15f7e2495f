import AnimCheck
import AnimIR
import AnimMath
import AnimModel
import AnimSim
import AnimSource
import AnimSyntax
import Foundation
import Testing

/// Scenes that check clean must run without trapping, whatever their numbers: each
/// example is varied by replacing number literals with extreme values (0, negatives, huge,
/// tiny); every variant the checker accepts is simulated for a few frames. A run may stop
/// with a `SimulationError` (a non-finite value, too many instances), never crash.
@Suite struct NumberFuzzTests {
  static let variantsPerExample = 60
  static let extremes = ["0", "-1", "1e9", "0.000001", "100000", "-0.5", "3", "360", "0.5", "1e-300"]

  static var examples: [URL] {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".anim") }.sorted().map { dir.appendingPathComponent($0) }
  }

  @Test(arguments: examples)
  func extremeNumbersNeverTrapTheSimulator(_ url: URL) throws {
    let original = try [UInt8](Data(contentsOf: url))
    var lexer = Lexer(bytes: original)
    let numbers = lexer.tokenize().filter { $0.kind == .number }.map(\.range)
    try #require(!numbers.isEmpty)
    var random = RandomStream(seed: 7, name: url.lastPathComponent)
    var simulated = 0
    for _ in 0..<Self.variantsPerExample {
      var bytes = original
      // Two to four literals per variant, replaced from the end so ranges stay valid.
      var picks = Set<Int>()
      for _ in 0..<random.int(2, 4) { picks.insert(random.int(0, numbers.count - 1)) }
      for i in picks.sorted(by: >) {
        let r = numbers[i]
        let unit = String(decoding: original[r.start..<r.end], as: UTF8.self).drop { $0.isNumber || $0 == "." }
        let value = Self.extremes[random.int(0, Self.extremes.count - 1)] + unit
        bytes.replaceSubrange(r.start..<r.end, with: Array(value.utf8))
      }
      guard let ir = analyze(SourceFile(name: url.path, bytes: bytes)).ir else { continue }
      var options = SimulationOptions()
      options.fps = 10
      options.duration = 1.5
      do {
        let simulator = try Simulator(ir, options: options)
        for _ in 0..<simulator.frameCount { try simulator.step() }
        simulated += 1
      } catch {
        simulated += 1  // a clean stop with a diagnostic is an acceptable outcome
      }
    }
    #expect(simulated > 0, "no variant of \(url.lastPathComponent) checked clean")
  }
}
