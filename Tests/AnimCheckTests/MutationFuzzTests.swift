import AnimCheck
import AnimFormat
import AnimMath
import AnimSyntax
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
    let original = try [UInt8](Data(contentsOf: url))
    var random = RandomStream(seed: 20_261_121, name: url.lastPathComponent)
    let watchdog = Watchdog(limit: 20)
    defer { watchdog.stop() }
    let tokens = tokenRanges(original)
    for i in 0..<Self.mutationsPerFile {
      let mutated = mutate(original, tokens: tokens, &random)
      watchdog.working(on: mutated, label: "\(url.lastPathComponent) mutation \(i)")
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

  func tokenRanges(_ bytes: [UInt8]) -> [SourceRange] {
    var lexer = Lexer(bytes: bytes)
    return lexer.tokenize().dropLast().map(\.range)
  }

  static let vocabulary = [
    "{", "}", "(", ")", "[", "]", ",", ":", ";", "=", "..", "...", "-", "*", "/", ".", "animate", "node", "let",
    "scene",
    "spawn", "from", "to", "over", "keyframes", "along", "repeat", "forever", "#FF0000", "1s", "30deg", "\"s", "/*",
    "\n", "emitter", "replicate", "count", "instance", "input", "tap", "at", "every", "self.index", "trigger.position",
    "random(0..1)", "1e999", "0/0", "sqrt(-1)",
  ]

  func mutate(_ original: [UInt8], tokens: [SourceRange], _ random: inout RandomStream) -> [UInt8] {
    var b = original
    let n = b.count
    func pick(_ count: Int) -> Int { count <= 0 ? 0 : random.int(0, count - 1) }
    switch pick(8) {
    case 0:  // delete a run of bytes
      let s = pick(n)
      b.removeSubrange(s..<min(n, s + 1 + pick(20)))
    case 1:  // duplicate a run
      let s = pick(n)
      let run = b[s..<min(n, s + 1 + pick(40))]
      b.insert(contentsOf: run, at: pick(n))
    case 2:  // swap two tokens
      guard tokens.count > 2 else { break }
      var x = tokens[pick(tokens.count)]
      var y = tokens[pick(tokens.count)]
      if x.start > y.start { swap(&x, &y) }
      guard x.end <= y.start else { break }
      let bx = Array(b[x.start..<x.end])
      let by = Array(b[y.start..<y.end])
      b.replaceSubrange(y.start..<y.end, with: bx)
      b.replaceSubrange(x.start..<x.end, with: by)
    case 3:  // truncate
      b = Array(b.prefix(pick(n)))
    case 4:  // random bytes, invalid UTF-8 included
      var junk: [UInt8] = []
      for _ in 0...pick(6) { junk.append(UInt8(pick(256))) }
      b.insert(contentsOf: junk, at: pick(n))
    case 5:  // a token from the language, somewhere
      let word = Self.vocabulary[pick(Self.vocabulary.count)]
      b.insert(contentsOf: Array((" " + word + " ").utf8), at: pick(n))
    case 6:  // delete a token
      guard !tokens.isEmpty else { break }
      let t = tokens[pick(tokens.count)]
      b.removeSubrange(t.start..<t.end)
    default:  // swap two bytes
      guard n > 1 else { break }
      b.swapAt(pick(n), pick(n))
    }
    return b
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
