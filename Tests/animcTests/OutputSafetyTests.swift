import AnimTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `dump` and `render` trusted with the user's files (issue 17, items 2 to 5): a linked
/// target keeps its link, a private one its mode, a hard-linked one is refused without
/// `--force`, a link to standard output captures the output, a refused render writes
/// nothing, and an interrupted folder render leaves the old frames.
@Suite struct OutputSafetyTests {
  typealias F = FmtSafetyTests

  /// The two commands that write a file, each with its own kind of output.
  static let commands: [[String]] = [
    ["dump", "--duration", "0.1s"],
    ["render", "--frame", "1", "--scale", "0.5"],
  ]

  static func output(_ command: [String]) -> String { command[0] == "dump" ? "out.jsonl" : "out.svg" }

  static func prepare() throws -> String {
    let dir = try F.scratch()
    try F.save(dir + "/scene.anim", Array(WriterFaultTests.scene.utf8))
    return dir
  }

  static func animc(_ args: [String]) throws -> CLITests.Run { try CLITests.animc(args) }

  @Test(arguments: commands)
  func aPrivateTargetThroughALinkKeepsItsLinkAndMode(_ command: [String]) throws {
    let dir = try Self.prepare()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let name = Self.output(command)
    try F.save(dir + "/real", WriterFaultTests.old)
    chmod(dir + "/real", 0o600)
    try FileManager.default.createSymbolicLink(atPath: dir + "/" + name, withDestinationPath: "real")
    let r = try Self.animc(command + [dir + "/scene.anim", "-o", dir + "/" + name])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(F.info(dir + "/" + name).st_mode & S_IFMT == S_IFLNK)
    let written = F.bytes(dir + "/real")
    #expect(written != WriterFaultTests.old && !written.isEmpty)
    // What was written is the output itself: a dump starts with its header line, an SVG
    // with its document.
    let text = String(decoding: written, as: UTF8.self)
    #expect(text.hasPrefix(command[0] == "dump" ? #"{"type":"header""# : "<svg") || text.hasPrefix("<?xml"))
    #expect(F.info(dir + "/real").st_mode & 0o7777 == 0o600)
    #expect(F.names(dir) == [name, "real", "scene.anim"].sorted())
  }

  @Test(arguments: commands)
  func aHardLinkedTargetNeedsForce(_ command: [String]) throws {
    let dir = try Self.prepare()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let name = Self.output(command)
    let target = dir + "/" + name
    try F.save(target, WriterFaultTests.old)
    try FileManager.default.linkItem(atPath: target, toPath: dir + "/other")
    let refused = try Self.animc(command + [dir + "/scene.anim", "-o", target])
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "animc: error: cannot write `\(target)`: it has 1 other hard link, which replacing it would break"
        + " (use --force to write it in place)\n")
    #expect(F.bytes(target) == WriterFaultTests.old)
    let forced = try Self.animc(command + ["--force", dir + "/scene.anim", "-o", target])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(F.bytes(dir + "/other") == F.bytes(target))
    #expect(F.bytes(target) != WriterFaultTests.old)
    #expect(F.info(target).st_ino == F.info(dir + "/other").st_ino)
    #expect(F.names(dir) == [name, "other", "scene.anim"].sorted())
  }

  /// `-o` through a link to `/proc/self/fd/1` writes to what the link names: animc's own
  /// standard output, captured here.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd/1"), "needs /proc"))
  func aLinkToStandardOutputCapturesTheOutput() throws {
    let dir = try Self.prepare()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createSymbolicLink(atPath: dir + "/stdout.jsonl", withDestinationPath: "/proc/self/fd/1")
    let r = try Self.animc(["dump", "--duration", "0.1s", dir + "/scene.anim", "-o", dir + "/stdout.jsonl"])
    #expect(r.status == 0, "\(r.stderr)")
    let direct = try Self.animc(["dump", "--duration", "0.1s", dir + "/scene.anim"])
    #expect(!direct.stdout.isEmpty)
    #expect(r.stdout == direct.stdout)
    #expect(F.info(dir + "/stdout.jsonl").st_mode & S_IFMT == S_IFLNK)
    #expect(F.names(dir) == ["scene.anim", "stdout.jsonl"])
  }

  /// Item 5: the scene is itself named like a frame in the output folder. Frames 0 to 2
  /// come before it, but the refusal leaves the folder as it was: nothing is written.
  @Test func aRenderRefusedForOverwritingItsInputWritesNothing() throws {
    let dir = try F.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/fr", withIntermediateDirectories: false)
    let input = dir + "/fr/frame-00003.png"
    try F.save(input, Array(WriterFaultTests.scene.utf8))
    let r = try Self.animc(["render", input, "--duration", "0.2s", "--scale", "0.5", "-o", dir + "/fr/"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("refusing to write over the input file"), "\(r.stderr)")
    #expect(r.stderr.firstIndex(of: "\n") == r.stderr.index(before: r.stderr.endIndex), "\(r.stderr)")
    #expect(F.names(dir + "/fr") == ["frame-00003.png"])
    #expect(F.bytes(input) == Array(WriterFaultTests.scene.utf8))
    #expect(F.names(dir) == ["fr"])
  }

  /// SIGTERM during a folder render: the frames already there are as they were, and the
  /// temporary folder is gone.
  @Test func anInterruptedFolderRenderLeavesTheOldFrames() throws {
    let dir = try Self.prepare()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let frames = dir + "/frames"
    try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
    try F.save(frames + "/frame-00000.png", WriterFaultTests.old)
    try F.save(frames + "/frame-00001.png", WriterFaultTests.old + WriterFaultTests.old)
    let before = WriterFaultTests.snapshot(frames)
    let p = Process()
    p.executableURL = CLITests.root.appendingPathComponent(".build/debug/animc")
    // An hour of tiny frames: far more than it writes before the signal.
    p.arguments = ["render", dir + "/scene.anim", "--duration", "3600s", "--scale", "0.25", "-o", frames + "/"]
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    // Wait until the temporary folder beside the target holds a few frames.
    let deadline = Date().addingTimeInterval(30)
    var started = false
    while Date() < deadline && p.isRunning && !started {
      let temporary = F.names(dir).filter { $0.hasPrefix(".frames") }
      started = temporary.contains { F.names(dir + "/" + $0).count >= 3 }
      if !started { usleep(20_000) }
    }
    #expect(started, "the render never started writing frames")
    p.terminate()
    p.waitUntilExit()
    #expect(p.terminationReason == .uncaughtSignal)
    #expect(WriterFaultTests.snapshot(frames) == before)
    #expect(F.names(dir) == ["frames", "scene.anim"])
  }
}
