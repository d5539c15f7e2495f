import AnimCheck
import AnimFormat
import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax
import AnimTestSupport
import Foundation
import Testing

/// Mutates every example thousands of times with a fixed seed and runs the whole check
/// on each result: nothing may crash or hang, and every diagnostic's ranges (primary,
/// labels, fix edits) must lie inside the file.
@Suite struct MutationFuzzTests {
  static let mutationsPerFile = 2_000

  static var examples: [URL] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let dir = root.appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".anim") }.sorted().map { dir.appendingPathComponent($0) }
  }

  @Test func examplesExist() {
    #expect(Self.examples.count >= 5)
  }

  @Test(arguments: examples)
  func mutatedExamplesNeverBreakTheChecker(_ url: URL) throws {
    Self.fuzz(try [UInt8](Data(contentsOf: url)), name: url.lastPathComponent)
  }

  /// Scenes that use the layer tree (§14), which the examples do not yet: nested nodes,
  /// groups, children of spawns and replicator copies, `spawn … in`, `.scenePosition`.
  static let treeSeeds: [(name: String, text: String)] = [
    ("tree-check", LayerTreeCheckTests.scene),
    (
      "tree-deep",
      """
      replicate bars count 4 {
        position (40, 300)
        instance transform translate(60, 0)
        node bar = rect(20, 120) {
          node cap = circle(10) {
            position (10, 0)
            node shine {
              node dot = circle(2) { position (1, 1) }
            }
          }
        }
      }
      node hinge {
        position (187, 333)
        animate rotationX from 0deg to 180deg over 1s
        node top = rect(200, 100) { anchor (0.5, 1) }
      }
      node probe = circle(3) { position hinge.scenePosition }
      emitter drops {
        on tap cap
        every 300ms from 1s until 3s
        spawn circle(4) in hinge {
          animate position from (0, 0) to (0, 60) over 1s
          node tail = circle(1) { node tip = circle(1) }
        }
      }
      input {
        tap hinge at 1s
      }

      """
    ),
  ]

  @Test(arguments: treeSeeds.map(\.name))
  func mutatedTreeScenesNeverBreakTheChecker(_ name: String) throws {
    let seed = try #require(Self.treeSeeds.first { $0.name == name })
    Self.fuzz(Array(seed.text.utf8), name: name)
  }

  /// Checks `mutationsPerFile` mutants of `original` (see the type's comment).
  static func fuzz(_ original: [UInt8], name: String) {
    let watchdog = Watchdog(limit: 20)
    defer { watchdog.stop() }
    var mutator = SourceMutator(original, seed: 20_261_121, name: name)
    for i in 0..<Self.mutationsPerFile {
      let mutated = mutator.next()
      watchdog.working(on: mutated, label: "\(name) mutation \(i)")
      let file = SourceFile(name: "fuzz.anim", bytes: mutated)
      let analysis = analyze(file)
      for d in analysis.diagnostics {
        let ranges = [d.range] + d.labels.map(\.range) + d.fixes.flatMap { $0.edits.map(\.range) }
        for r in ranges {
          #expect(
            r.start >= 0 && r.end <= mutated.count && r.start <= r.end,
            "range \(r) outside \(mutated.count) bytes, mutation \(i): \(d.message)")
        }
      }
      _ = DiagnosticRenderer().render(analysis.diagnostics, in: file)
      // The formatter takes every mutant that parses; its output must parse too (it checks
      // itself, and reports E0801 rather than writing anything else).
      if !analysis.diagnostics.contains(where: { $0.code.hasPrefix("E01") || $0.code.hasPrefix("E02") }) {
        // `animc check` without `--emit-ir` does not lower values; it must say the same.
        #expect(analyze(file, keepingIR: false).diagnostics == analysis.diagnostics, "mutation \(i)")
        let formatted = AnimFormat.Formatter.format(file)
        #expect(formatted.formatted != nil || formatted.diagnostics.contains { $0.code == "E0801" })
      }
    }
  }
}

/// Fails the run loudly if one analysis takes longer than `limit` seconds, printing the
/// input that hung, instead of letting the suite hang.
final class Watchdog: @unchecked Sendable {
  private let lock = NSLock()
  private var stamp = Date()
  private var input: [UInt8] = []
  private var label = ""
  private var running = true

  init(limit: TimeInterval) {
    let thread = Thread { [self] in
      while true {
        Thread.sleep(forTimeInterval: 1)
        lock.lock()
        let done = !running
        let stuck = Date().timeIntervalSince(stamp) > limit
        let text = String(decoding: input, as: UTF8.self)
        let name = label
        lock.unlock()
        if done { return }
        if stuck {
          let saved = NSTemporaryDirectory() + "animc-hang.anim"
          _ = FileManager.default.createFile(atPath: saved, contents: Data(text.utf8))
          FileHandle.standardError.write(
            Data(
              "HANG: \(name) took over \(limit)s; input saved to \(NSTemporaryDirectory())animc-hang.anim:\n\(text)\n"
                .utf8))
          exit(1)
        }
      }
    }
    thread.start()
  }

  func working(on bytes: [UInt8], label: String) {
    lock.lock()
    stamp = Date()
    input = bytes
    self.label = label
    lock.unlock()
  }

  func stop() {
    lock.lock()
    running = false
    lock.unlock()
  }
}
