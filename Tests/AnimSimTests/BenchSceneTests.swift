import AnimCheck
import AnimIR
import AnimSource
import Foundation
import Testing

@testable import AnimModel
@testable import AnimSim

/// The scenes of `animc-bench suite` (issue 32): the particle scenes in
/// `Sources/animc-bench/Scenes` and every example scaled in `Scenes/scaled`. Each must
/// check clean and reach 5,000–15,000 live instances at its peak, so that the suite's
/// figures are throughput at scale and the suite cannot silently shrink (or an example be
/// left unscaled). The bounds are the "about 10,000"; they are not read from a run.
@Suite struct BenchSceneTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let folders = ["Sources/animc-bench/Scenes", "Sources/animc-bench/Scenes/scaled"]

  /// Every `.anim` file of both folders, as paths relative to the package root.
  static let scenes: [String] = folders.flatMap { folder in
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
    return names.filter { $0.hasSuffix(".anim") }.sorted().map { "\(folder)/\($0)" }
  }

  /// Scenes written to another size on purpose, with their own bounds:
  /// `fireworks-20k` (issue 30) is examples/fireworks.anim past 20,000 live sparks.
  static let ownBounds: [String: ClosedRange<Int>] = ["fireworks-20k.anim": 20_000...40_000]

  /// The checked scene; fails the test with the diagnostics when there are any (warnings
  /// included: `animc check` must print nothing).
  static func ir(_ path: String) throws -> SceneIR {
    let url = root.appendingPathComponent(path)
    let text = try String(contentsOf: url, encoding: .utf8)
    // The whole path, so that an image or font named relative to the scene resolves.
    let analysis = analyze(SourceFile(name: url.path, bytes: Array(text.utf8)))
    #expect(analysis.diagnostics.isEmpty, "\(path): \(analysis.diagnostics.map(\.message))")
    return try #require(analysis.ir, "\(path) has errors")
  }

  /// The most instances in one frame among every 10th frame and the last: each scene's
  /// peak is a plateau (a steady state of births and deaths, or replicator copies that
  /// are always there) far longer than 10 frames, so sampling cannot miss it, and the
  /// skipped frames only fire their events (fast enough for a debug build).
  static func peak(_ ir: SceneIR) throws -> Int {
    let simulator = try Simulator(ir)
    var most = 0
    for n in 0..<simulator.frameCount {
      let sampled = n % 10 == 0 || n == simulator.frameCount - 1
      try simulator.step(sampling: sampled)
      if sampled { most = max(most, simulator.frame.nodes.count) }
    }
    return most
  }

  @Test func everyExampleHasAScaledScene() throws {
    let examples = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("examples").path
    )
    .filter { $0.hasSuffix(".anim") }
    #expect(examples.count >= 17)
    for example in examples {
      let scaled = "Sources/animc-bench/Scenes/scaled/\(example.dropLast(5))-10k.anim"
      #expect(Self.scenes.contains(scaled), "no \(scaled)")
    }
    // The three particle scenes written for the benchmark are still there.
    for name in ["bubbles", "confetti", "sparks"] {
      #expect(Self.scenes.contains("Sources/animc-bench/Scenes/\(name).anim"))
    }
  }

  /// Whether this is an optimized build: simulating 21 scenes of 10,000 instances takes
  /// about 13 minutes in a debug build and about one in a release build, so the counts
  /// are checked in CI's release run (`.ci/run`) and only the checking in the debug one.
  static let optimized: Bool = {
    #if DEBUG
      false
    #else
      true
    #endif
  }()

  @Test(arguments: scenes) func checksClean(_ path: String) throws {
    _ = try Self.ir(path)
  }

  @Test(.enabled(if: optimized, "simulates 10,000 instances per scene: release builds only"), arguments: scenes)
  func peaksNearTenThousand(_ path: String) throws {
    let most = try Self.peak(try Self.ir(path))
    let bounds = Self.ownBounds[(path as NSString).lastPathComponent] ?? 5_000...15_000
    #expect(bounds.contains(most), "\(path): \(most) live at its peak")
  }

  /// Scenes whose count is fixed by replicators (and a known number of spawns) have an
  /// exact count in the last frame, worked out from their text.
  @Test(
    .enabled(if: optimized, "simulates 10,000 instances per scene: release builds only"),
    arguments: [
      // 2,500 bars + 2,500 dots + 800 × 3 mirrored nodes + 2,500 trail dots + the drawn line
      ("ca-replicators-10k", 2_500 + 2_500 + 800 * 3 + 2_500 + 1),
      // 416 copies × 25 nodes, and the page curls of the 3 taps (none is removed in 600 s)
      ("ca-timing-10k", 416 * 25 + 3),
      // 2,500 × (the card group, front, label, back)
      ("card-flip-10k", 2_500 * 4),
      // the example's 4 nodes + 2,500 × 4 copies
      ("fold-10k", 4 + 2_500 * 4),
      // 2,000 × (sky, sun, fold, ring, card)
      ("gradients-10k", 2_000 * 5),
      ("handwriting-10k", 10_000),
      ("rocket-10k", 10_000),
    ])
  func replicatedScenesHaveTheirExactCount(_ name: String, _ expected: Int) throws {
    let simulator = try Simulator(try Self.ir("Sources/animc-bench/Scenes/scaled/\(name).anim"))
    for n in 0..<simulator.frameCount { try simulator.step(sampling: n == simulator.frameCount - 1) }
    #expect(simulator.frame.nodes.count == expected)
  }
}
