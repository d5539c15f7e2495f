import AnimOutput
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Temporaries that a killed run left beside its target are removed by the next run that
/// writes the same target, and nothing else is.
@Suite struct StaleTemporaryTests {
  /// The id of a process that has exited and been reaped.
  static func deadProcess() throws -> pid_t {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sh")
    child.arguments = ["-c", "exit 0"]
    try child.run()
    child.waitUntilExit()
    let pid = child.processIdentifier
    try #require(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) is still there")
    return pid
  }

  @Test func aFileTargetRemovesItsOwnDeadLeftoversOnly() throws {
    let s = try Scratch()
    defer { s.remove() }
    let dead = try Self.deadProcess()
    let live = getppid()
    let stale = [".out.png.animc-\(dead).tmp", ".out.png.animc-\(dead)-3.tmp"]
    let kept = [
      ".out.png.animc-\(live).tmp",  // its process is running
      ".other.png.animc-\(dead).tmp",  // another target's
      ".out.png.animc-0\(dead).tmp",  // not a name this program writes
      ".out.png.animc-\(dead)-1.tmp",
      ".out.png.animc-\(dead).tmp.bak",
      "out.png.animc-\(dead).tmp",
    ]
    for name in stale + kept { try s.write(name, "left over") }
    let output = try OutputFile(path: s.file("out.png"), fileSystem: .posix)
    try output.write(Array("new".utf8))
    try output.commit()
    #expect(s.names() == (kept + ["out.png"]).sorted())
    #expect(s.read("out.png") == "new")
  }

  @Test func aFolderTargetRemovesADeadRunsFolder() throws {
    let s = try Scratch()
    defer { s.remove() }
    let dead = try Self.deadProcess()
    let leftover = ".seq.animc-\(dead).tmp"
    try FileManager.default.createDirectory(atPath: s.file(leftover), withIntermediateDirectories: false)
    try s.write(leftover + "/.0", "frame")
    try s.write(leftover + "/.1.old", "frame")
    // A folder holding a folder is not one this program made: it stays.
    let odd = ".seq.animc-\(dead)-2.tmp"
    try FileManager.default.createDirectory(atPath: s.file(odd + "/inner"), withIntermediateDirectories: true)
    let output = try OutputDirectory(path: s.file("seq"), fileSystem: .posix)
    try output.write(Array("f".utf8), named: "frame-0.png")
    try output.commit()
    #expect(s.names() == [odd, "seq"])
    #expect(s.names("seq") == ["frame-0.png"])
  }
}
