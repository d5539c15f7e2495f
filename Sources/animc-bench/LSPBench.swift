import AnimCheck
import AnimIR
import AnimModel
import AnimSource
import AnimSyntax
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `animc-bench lsp`: latency of the language server from `didChange` to
/// `publishDiagnostics` on a 5,000-line document, measured against the real `animc lsp`
/// process next to this benchmark (or `$ANIMC`), as an editor sees it. Once with the
/// debounce set to 0 (the server's own work plus the pipe: target ≤ 20 ms), once with
/// the default debounce, and a burst of keystrokes that must give one publication.
enum LSPBench {
  static func run() {
    let text = generate(lines: 5_000)
    let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    print("document: \(lineCount) lines, \(text.utf8.count / 1000) kB")
    let file = SourceFile(name: "bench.anim", text: text)
    let analyzeSeconds = Measure.best(runs: 5) { _ = analyze(file) }
    print(String(format: "analyze() in process:       %6.2f ms (best of 5)", analyzeSeconds * 1000))

    guard let fast = Session(debounceMilliseconds: 0) else { return }
    let noDebounce = fast.measureEdits(text, count: 40)
    report("didChange → publish, no debounce", noDebounce)
    fast.close()

    guard let normal = Session(debounceMilliseconds: nil) else { return }
    let withDebounce = normal.measureEdits(text, count: 15)
    report("didChange → publish, while typing", withDebounce)
    let afterPause = normal.measureEdits(text, count: 15, pauseMilliseconds: 150)
    report("didChange → publish, after a pause", afterPause)
    let (published, latency) = normal.burst(keystrokes: 20, gapMilliseconds: 10)
    print(
      String(
        format: "burst of 20 keystrokes 10 ms apart: %d publication(s), last %.2f ms after the last keystroke",
        published, latency * 1000))
    normal.close()
  }

  static func report(_ label: String, _ samples: [Double]) {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return print("\(label): no samples") }
    let median = sorted[sorted.count / 2] * 1000
    let p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)] * 1000
    let worst = (sorted.last ?? 0) * 1000
    print(
      String(
        format: "%@: median %6.2f ms, p90 %6.2f ms, max %6.2f ms (%d edits)",
        label.padding(toLength: 40, withPad: " ", startingAt: 0), median, p90, worst, sorted.count))
  }

  /// Repeats a realistic block (nodes, an emitter, lets, comments) with fresh names.
  static func generate(lines: Int) -> String {
    var out =
      "scene \"LSP bench\" {\n  size 375, 667\n  fps 60\n}\n\ntiming pop = spring(damping: 0.6, velocity: 0.8)\n"
    var i = 0
    var count = out.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
    while count < lines {
      let part = """

        // Part \(i): a button and its hearts.
        let drift\(i) = 60 + \(i % 7) * 2
        node button\(i) = circle(40) {
          position (scene.width - drift\(i), 600)
          fill #007AFF
          animate opacity from 0.5 to 1 over 1s repeat forever autoreverse timing easeInOut
        }
        emitter likes\(i) {
          on tap button\(i)
          max 50
          spawn heart(36) {
            let dir = choose(-1, 1)
            position trigger.position
            animate scale from 0 to 1 over 0.5s timing pop
            animate rotation to dir * 180deg over 6s
            animate opacity from 0.9 to 0 over 6s
          }
        }

        """
      out += part
      count += part.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
      i += 1
    }
    return out
  }
}

/// One `animc lsp` process, driven synchronously: write a message, read until the
/// awaited one arrives.
private final class Session {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  var buffer: [UInt8] = []
  var version = 1
  let uri = "file:///bench.anim"

  init?(debounceMilliseconds: Int?) {
    let env = ProcessInfo.processInfo.environment["ANIMC"]
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let path = env ?? here.appendingPathComponent("animc").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      print(
        "no animc at \(path): build it in the same configuration (swift build -c release --product animc) or set ANIMC")
      return nil
    }
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["lsp"]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch {
      print("cannot start \(path): \(error)")
      return nil
    }
    var options: [String: Any] = [:]
    if let ms = debounceMilliseconds { options["debounceMilliseconds"] = ms }
    send([
      "jsonrpc": "2.0", "id": 1, "method": "initialize",
      "params": ["capabilities": [:], "initializationOptions": options],
    ])
    _ = waitFor { $0["id"] as? Int == 1 }
    send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
  }

  func send(_ message: [String: Any]) {
    guard let body = try? JSONSerialization.data(withJSONObject: message) else { return }
    input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
  }

  /// Reads messages until one satisfies `predicate`.
  func waitFor(_ predicate: ([String: Any]) -> Bool) -> [String: Any]? {
    while true {
      while let body = nextBody() {
        if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], predicate(object) {
          return object
        }
      }
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { return nil }
      buffer += data
    }
  }

  func nextBody() -> [UInt8]? {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = (0..<max(0, buffer.count - 3)).first(where: { Array(buffer[$0..<$0 + 4]) == separator }) else {
      return nil
    }
    let header = String(decoding: buffer[0..<end], as: UTF8.self)
    let length = Int(header.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
    guard buffer.count >= end + 4 + length else { return nil }
    let body = Array(buffer[(end + 4)..<(end + 4 + length)])
    buffer.removeFirst(end + 4 + length)
    return body
  }

  func isDiagnostics(_ m: [String: Any], version: Int) -> Bool {
    guard m["method"] as? String == "textDocument/publishDiagnostics", let params = m["params"] as? [String: Any] else {
      return false
    }
    return params["version"] as? Int == version
  }

  func change(line: Int, character: Int, deleting: Int, insert: String) {
    version += 1
    let range: [String: Any] = [
      "start": ["line": line, "character": character], "end": ["line": line, "character": character + deleting],
    ]
    send([
      "jsonrpc": "2.0", "method": "textDocument/didChange",
      "params": [
        "textDocument": ["uri": uri, "version": version], "contentChanges": [["range": range, "text": insert]],
      ] as [String: Any],
    ])
  }

  /// Opens the document, then types and deletes one character in a comment in the
  /// middle of it, timing each edit until its diagnostics arrive.
  /// didChange → publish for `count` edits, each `pauseMilliseconds` after the previous
  /// publication (0: typing continuously; past the debounce: an edit after a pause).
  func measureEdits(_ text: String, count: Int, pauseMilliseconds: Int = 0) -> [Double] {
    version = 1
    send([
      "jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": ["textDocument": ["uri": uri, "languageId": "anim", "version": 1, "text": text]],
    ])
    _ = waitFor { self.isDiagnostics($0, version: 1) }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let middle = lines.indices.first { $0 >= lines.count / 2 && lines[$0].hasPrefix("// Part") } ?? 0
    var samples: [Double] = []
    for k in 0..<count {
      if pauseMilliseconds > 0 { usleep(UInt32(pauseMilliseconds) * 1000) }
      let start = DispatchTime.now().uptimeNanoseconds
      if k % 2 == 0 {
        change(line: middle, character: 3, deleting: 0, insert: "x")
      } else {
        change(line: middle, character: 3, deleting: 1, insert: "")
      }
      guard waitFor({ self.isDiagnostics($0, version: self.version) }) != nil else { break }
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return samples
  }

  /// Keystrokes `gapMilliseconds` apart (faster than the debounce): how many
  /// publications, and how long after the last keystroke the last one came.
  func burst(keystrokes: Int, gapMilliseconds: Int) -> (Int, Double) {
    let first = version + 1
    var last = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<keystrokes {
      change(line: 0, character: 0, deleting: 0, insert: " ")
      last = DispatchTime.now().uptimeNanoseconds
      usleep(useconds_t(gapMilliseconds * 1000))
    }
    var published = 0
    let target = version
    while let m = waitFor({ $0["method"] as? String == "textDocument/publishDiagnostics" }) {
      published += 1
      let v = (m["params"] as? [String: Any])?["version"] as? Int ?? 0
      if v >= target || v < first { break }
    }
    return (published, Double(DispatchTime.now().uptimeNanoseconds - last) / 1e9)
  }

  func close() {
    send(["jsonrpc": "2.0", "id": 99, "method": "shutdown"])
    _ = waitFor { $0["id"] as? Int == 99 }
    send(["jsonrpc": "2.0", "method": "exit"])
    process.waitUntilExit()
  }
}
