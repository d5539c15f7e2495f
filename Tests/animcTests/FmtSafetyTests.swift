import AnimTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `animc fmt` trusted with the user's files: metadata, links, failures (issue 17), and
/// line endings and byte-order marks (issue 20, item 13).
@Suite struct FmtSafetyTests {
  /// Needs formatting: the canonical layout separates the words of a `let` by one space,
  /// so the formatted text is `tidy` (written by hand, not taken from animc's output).
  static let messy = "let  a = 1\n"
  static let tidy = "let a = 1\n"

  static func scratch() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-fmt-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  static func save(_ path: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
  static func bytes(_ path: String) -> [UInt8] { FileManager.default.contents(atPath: path).map { Array($0) } ?? [] }
  static func names(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
  }
  static func info(_ path: String) -> stat {
    var s = stat()
    lstat(path, &s)
    return s
  }

  @Test func aPrivateFileThroughALinkIsFormattedAndKeepsItsMode() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Self.save(dir + "/real.anim", Array(Self.messy.utf8))
    chmod(dir + "/real.anim", 0o600)
    try FileManager.default.createSymbolicLink(atPath: dir + "/link.anim", withDestinationPath: "real.anim")
    let r = try CLITests.animc(["fmt", dir + "/link.anim"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(Self.bytes(dir + "/real.anim") == Array(Self.tidy.utf8))
    #expect(Self.info(dir + "/link.anim").st_mode & S_IFMT == S_IFLNK)
    #expect(Self.info(dir + "/real.anim").st_mode & 0o7777 == 0o600)
    #expect(Self.names(dir) == ["link.anim", "real.anim"])
  }

  @Test func aHardLinkNeedsForce() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try Self.save(dir + "/a.anim", Array(Self.messy.utf8))
    try FileManager.default.linkItem(atPath: dir + "/a.anim", toPath: dir + "/b.anim")
    let refused = try CLITests.animc(["fmt", dir + "/a.anim"])
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "animc: error: cannot write `\(dir)/a.anim`: it has 1 other hard link, which replacing it would break"
        + " (use --force to write it in place)\n")
    #expect(Self.bytes(dir + "/a.anim") == Array(Self.messy.utf8))
    let forced = try CLITests.animc(["fmt", "--force", dir + "/a.anim"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(Self.bytes(dir + "/b.anim") == Array(Self.tidy.utf8))
    #expect(Self.info(dir + "/a.anim").st_ino == Self.info(dir + "/b.anim").st_ino)
    #expect(Self.names(dir) == ["a.anim", "b.anim"])
  }

  @Test func crlfAndAByteOrderMarkAreKeptOnStdout() throws {
    let r = try CLITests.animc(["fmt", "-"], stdin: "\u{FEFF}let  a = 1\r\nlet  b = a\r\n")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(Array(r.stdout.utf8) == [0xEF, 0xBB, 0xBF] + Array("let a = 1\r\nlet b = a\r\n".utf8))
    let lf = try CLITests.animc(["fmt", "-"], stdin: Self.messy)
    #expect(Array(lf.stdout.utf8) == Array(Self.tidy.utf8))
  }

  @Test func crlfAndAByteOrderMarkAreKeptInPlace() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    try Self.save(dir + "/f.anim", bom + Array("let  a = 1\r\nlet  b = a\r\n".utf8))
    let r = try CLITests.animc(["fmt", dir + "/f.anim"])
    #expect(r.status == 0, "\(r.stderr)")
    let tidy = bom + Array("let a = 1\r\nlet b = a\r\n".utf8)
    #expect(Self.bytes(dir + "/f.anim") == tidy)
    // Already canonical with its CRLF and mark: nothing to change.
    let check = try CLITests.animc(["fmt", "--check", dir + "/f.anim"])
    #expect(check.status == 0 && check.stdout.isEmpty, "\(check.stdout)")
    let modified = Self.info(dir + "/f.anim").st_ino
    #expect(try CLITests.animc(["fmt", dir + "/f.anim"]).status == 0)
    #expect(Self.info(dir + "/f.anim").st_ino == modified, "an unchanged file is not rewritten")
  }

  /// Every counted call `fmt` makes writing a file in place fails in turn (the binary's
  /// `ANIMC_TEST_FAIL_CALL` hook): exit 2 with one line naming the file and the reason,
  /// the file as it was (or, when only syncing its folder after the rename failed,
  /// formatted and whole), and nothing left beside it. The first N past the calls a
  /// run makes succeeds, which ends the loop.
  @Test(arguments: ["ENOSPC", "EIO"])
  func everyFailingCallLeavesTheFileAsItWas(_ code: String) throws {
    let reason = String(cString: strerror(code == "EIO" ? EIO : ENOSPC))
    let binary = CLITests.root.appendingPathComponent(".build/debug/animc")
    var n = 1
    while n <= 100 {
      let dir = try Self.scratch()
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let path = dir + "/f.anim"
      try Self.save(path, Array(Self.messy.utf8))
      chmod(path, 0o600)
      var environment = ProcessInfo.processInfo.environment
      environment["ANIMC_TEST_FAIL_CALL"] = "\(n):\(code)"
      let r = try ChildProcess.run(binary, ["fmt", path], environment: environment)
      let stderr = String(decoding: r.stderr, as: UTF8.self)
      if r.status == 0 {
        #expect(Self.bytes(path) == Array(Self.tidy.utf8))
        break
      }
      #expect(r.status == 2, "call \(n): \(stderr)")
      #expect(stderr.hasPrefix("animc: error: cannot write `\(path)`: \(reason)"), "call \(n): \(stderr)")
      #expect(stderr.firstIndex(of: "\n") == stderr.index(before: stderr.endIndex), "call \(n): \(stderr)")
      let expected = stderr.contains("may not survive a crash") ? Self.tidy : Self.messy
      #expect(Self.bytes(path) == Array(expected.utf8), "call \(n): \(stderr)")
      #expect(Self.info(path).st_mode & 0o7777 == 0o600, "call \(n)")
      #expect(Self.names(dir) == ["f.anim"], "call \(n)")
      n += 1
    }
    // open, fchmod, write, fsync, close, rename, and the folder's open, fsync, close.
    #expect(n == 10)
  }

  /// Standard output that cannot be written is an error, not a silent success.
  @Test func aFullStandardOutputIsAnError() throws {
    guard let full = FileHandle(forWritingAtPath: "/dev/full") else { return }
    let p = Process()
    p.executableURL = CLITests.root.appendingPathComponent(".build/debug/animc")
    p.arguments = ["fmt", "-"]
    let input = Pipe()
    let errors = Pipe()
    p.standardInput = input
    p.standardOutput = full
    p.standardError = errors
    try p.run()
    input.fileHandleForWriting.write(Data(Self.messy.utf8))
    try input.fileHandleForWriting.close()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(p.terminationStatus == 2)
    #expect(stderr == "animc: error: cannot write standard output: \(String(cString: strerror(ENOSPC)))\n")
  }

  /// A real full disk, where the machine allows mounting a 64 KiB tmpfs.
  @Test(.enabled(if: canMount, "skipped: needs Linux, root, and permission to `mount -t tmpfs`"))
  func aFullDiskLeavesTheSourceAsItWas() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    guard Self.mount(dir) else {
      Issue.record("the probe could mount a tmpfs, this test could not")
      return
    }
    defer { _ = Self.run("/bin/umount", [dir]) }
    // 30 KB that needs formatting, then the disk filled to within a few KB.
    let source = Array(String(repeating: Self.messy, count: 3000).utf8)
    try Self.save(dir + "/f.anim", source)
    let fd = open(dir + "/filler", O_WRONLY | O_CREAT, 0o644)
    let block = [UInt8](repeating: 0, count: 4096)
    while write(fd, block, block.count) == block.count {}
    close(fd)
    let r = try CLITests.animc(["fmt", dir + "/f.anim"])
    #expect(r.status == 2)
    #expect(r.stderr == "animc: error: cannot write `\(dir)/f.anim`: \(String(cString: strerror(ENOSPC)))\n")
    #expect(Self.bytes(dir + "/f.anim") == source)
    #expect(Self.names(dir) == ["f.anim", "filler"])
  }

  static func run(_ tool: String, _ args: [String]) -> Bool {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = args
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return false }
    p.waitUntilExit()
    return p.terminationStatus == 0
  }

  static func mount(_ dir: String) -> Bool {
    #if os(Linux)
      geteuid() == 0 && run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir])
    #else
      false
    #endif
  }

  static let canMount: Bool = {
    guard let dir = try? scratch() else { return false }
    defer { try? FileManager.default.removeItem(atPath: dir) }
    guard mount(dir) else { return false }
    return run("/bin/umount", [dir])
  }()
}
