import AnimTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every writer of `dump` and `render` under a failing file system (issue 17): the Nth
/// counted call (`open`, `write`, `fsync`, `close`, `rename`, …) of a real animc run fails
/// with ENOSPC or EIO through the binary's `ANIMC_TEST_FAIL_CALL` hook, for every N up to
/// the calls a clean run makes. Each time: exit status 2 with one line naming the output
/// and the reason, the target as it was (or still absent), and nothing left beside it.
@Suite struct WriterFaultTests {
  /// One writer: the command line before `-o`, and the output's name.
  struct Writer: CustomStringConvertible, Sendable {
    var name: String
    var args: [String]
    var output: String
    var description: String { name }
    var isFolder: Bool { output.hasSuffix("/") }
  }

  /// Three frames of a small scene at a tenth of its size: enough for every writer to
  /// make all its kinds of calls, cheap enough to run a few hundred times.
  static let scene = """
    scene "faults" {
      size 40, 30
      fps 30
      duration 1s
    }
    node dot = circle(6) {
      position (10, 15)
      fill #FF0000
      animate x to 30 over 1s
    }

    """

  static let writers: [Writer] = [
    Writer(name: "dump JSON Lines", args: ["dump", "--duration", "0.1s"], output: "out.jsonl"),
    Writer(name: "dump CSV", args: ["dump", "--format", "csv", "--duration", "0.1s"], output: "out.csv"),
    Writer(name: "GIF", args: ["render", "--duration", "0.1s", "--scale", "0.5"], output: "out.gif"),
    Writer(name: "PNG still", args: ["render", "--frame", "2", "--scale", "0.5"], output: "out.png"),
    Writer(name: "SVG still", args: ["render", "--frame", "2", "--scale", "0.5"], output: "out.svg"),
    Writer(name: "PNG sequence", args: ["render", "--duration", "0.1s", "--scale", "0.5"], output: "frames/"),
    Writer(name: "APNG", args: ["render", "--duration", "0.1s", "--scale", "0.5"], output: "out.apng"),
    // ffmpeg writes its video in a private folder, which animc then copies into the output.
    Writer(name: "MP4", args: ["render", "--duration", "0.1s", "--scale", "0.5"], output: "out.mp4"),
    Writer(name: "WebM", args: ["render", "--duration", "0.1s", "--scale", "0.5"], output: "out.webm"),
    Writer(
      name: "MP4 segment", args: ["render", "--frames", "1..2", "--scale", "0.5"], output: "out.mp4"),
    Writer(name: "Lottie", args: ["render", "--duration", "0.1s"], output: "out.json"),
    Writer(
      name: "Telegram sticker", args: ["render", "--duration", "0.1s", "--width", "512", "--height", "512"],
      output: "out.tgs"),
  ]

  static let old = Array("the previous output, which must survive\n".utf8)

  /// What a folder or file holds: each file's name and bytes, hidden ones included.
  static func snapshot(_ path: String) -> [String: [UInt8]] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [:] }
    guard isDirectory.boolValue else { return ["": FmtSafetyTests.bytes(path)] }
    var all: [String: [UInt8]] = [:]
    for name in FmtSafetyTests.names(path) { all[name] = FmtSafetyTests.bytes(path + "/" + name) }
    return all
  }

  /// A scratch folder with the scene, and the target made as `existing` says: an old file
  /// (or, for a folder, two old frames and a file of the user's) or nothing.
  static func prepare(_ writer: Writer, existing: Bool) throws -> (dir: String, target: String) {
    let dir = try FmtSafetyTests.scratch()
    try FmtSafetyTests.save(dir + "/scene.anim", Array(scene.utf8))
    let target = dir + "/" + writer.output
    if existing {
      if writer.isFolder {
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try FmtSafetyTests.save(target + "frame-00000.png", old)
        try FmtSafetyTests.save(target + "frame-00001.png", old + old)
        try FmtSafetyTests.save(target + "notes.txt", old)
      } else {
        try FmtSafetyTests.save(target, old)
      }
    }
    return (dir, target)
  }

  static func run(_ writer: Writer, _ dir: String, _ target: String, environment extra: [String: String] = [:])
    throws -> CLITests.Run
  {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    for (k, v) in extra { environment[k] = v }
    let binary = CLITests.root.appendingPathComponent(".build/debug/animc")
    let r = try ChildProcess.run(
      binary, writer.args + [dir + "/scene.anim", "-o", target], environment: environment)
    return CLITests.Run(
      status: r.status, stdout: String(decoding: r.stdout, as: UTF8.self),
      stderr: String(decoding: r.stderr, as: UTF8.self))
  }

  static let codes = ["ENOSPC", "EIO"]

  /// The loop of `FmtSafetyTests.everyFailingCallLeavesTheFileAsItWas`, for each writer
  /// and code, over an existing target and an absent one.
  @Test(arguments: writers, codes)
  func everyFailingCallLeavesTheTargetAsItWas(_ writer: Writer, _ code: String) throws {
    let reason = String(cString: strerror(code == "EIO" ? EIO : ENOSPC))
    for existing in [true, false] {
      var n = 1
      while n <= 200 {
        let (dir, target) = try Self.prepare(writer, existing: existing)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = Self.snapshot(target)
        let r = try Self.run(writer, dir, target, environment: ["ANIMC_TEST_FAIL_CALL": "\(n):\(code)"])
        let label = "\(writer) call \(n) \(code) existing \(existing)"
        if r.status == 0 {
          #expect(Self.snapshot(target) != before, "\(label): a clean run changes the target")
          break
        }
        #expect(r.status == 2, "\(label): \(r.stderr)")
        // One line, naming the output (the folder, or a file in it) and the reason.
        #expect(r.stderr.hasPrefix("animc: error: cannot write `\(target)"), "\(label): \(r.stderr)")
        #expect(r.stderr.contains(": \(reason)"), "\(label): \(r.stderr)")
        #expect(r.stderr.firstIndex(of: "\n") == r.stderr.index(before: r.stderr.endIndex), "\(label): \(r.stderr)")
        #expect(!r.stderr.contains("NSCocoaErrorDomain"), "\(label)")
        // Only syncing the folder after the new output is in place may fail with the new
        // output kept, and then the message says so.
        if !r.stderr.contains("may not survive a crash") {
          #expect(Self.snapshot(target) == before, "\(label): \(r.stderr)")
        }
        // Nothing beside the target: no temporary file or folder.
        let expectedNames = ["scene.anim"] + (existing || Self.snapshot(target) != [:] ? [writer.output] : [])
        #expect(
          FmtSafetyTests.names(dir) == expectedNames.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.sorted(),
          "\(label)")
        n += 1
      }
      // Every writer makes at least its open, write, fsync, close and rename.
      #expect(n > 5, "\(writer): only \(n - 1) counted calls")
      #expect(n <= 200, "\(writer): a clean run was never reached")
    }
  }
}
