import AnimOutput
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real full disk: a 64 KiB tmpfs, filled. Needs root and `mount`, so Linux only, and
/// skipped (saying why) where either is missing.
@Suite struct FullDiskTests {
  /// Mounts a 64 KiB tmpfs on `path`: whether it could.
  static func mountSmallDisk(_ path: String) -> Bool {
    #if os(Linux)
      guard geteuid() == 0 else { return false }
      let p = Process()
      p.executableURL = URL(fileURLWithPath: "/bin/mount")
      p.arguments = ["-t", "tmpfs", "-o", "size=64k", "tmpfs", path]
      p.standardError = FileHandle.nullDevice
      guard (try? p.run()) != nil else { return false }
      p.waitUntilExit()
      return p.terminationStatus == 0
    #else
      return false
    #endif
  }

  /// Whether this machine lets the test mount one (tried once, on a probe folder).
  static let canMount: Bool = {
    guard let probe = try? Scratch() else { return false }
    defer { probe.remove() }
    guard mountSmallDisk(probe.path) else { return false }
    unmount(probe)
    return true
  }()

  static func unmount(_ s: Scratch) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/umount")
    p.arguments = [s.path]
    try? p.run()
    p.waitUntilExit()
    s.remove()
  }

  @Test(.enabled(if: canMount, "skipped: needs Linux, root, and permission to `mount -t tmpfs`"))
  func aFullDiskLeavesTheFileAsItWas() throws {
    let s = try Scratch()
    guard Self.mountSmallDisk(s.path) else {
      s.remove()
      Issue.record("the probe could mount a tmpfs, this test could not")
      return
    }
    defer { Self.unmount(s) }
    let original = content(20_000, seed: "o")
    try s.write("f.anim", original)
    // Fill most of the rest, so the new content cannot fit.
    let filler = [UInt8](repeating: 7, count: 4096)
    let fd = open(s.file("filler"), O_WRONLY | O_CREAT, 0o644)
    var written = 0
    while written < 36_000, write(fd, filler, filler.count) == filler.count { written += filler.count }
    close(fd)
    let error = #expect(throws: OutputError.self) {
      try OutputFile.write(Array(content(40_000).utf8), to: s.file("f.anim"))
    }
    #expect(error?.message == "cannot write `\(s.file("f.anim"))`: \(String(cString: strerror(ENOSPC)))")
    #expect(s.read("f.anim") == original)
    #expect(s.names() == ["f.anim", "filler"])
    // Streaming, and a folder of frames, the same.
    let frames = #expect(throws: OutputError.self) {
      let output = try OutputDirectory(path: s.file("frames"))
      for i in 0..<10 { try output.write(Array(content(8_000).utf8), named: "frame-\(i).png") }
      try output.commit()
    }
    #expect(frames?.message.contains(String(cString: strerror(ENOSPC))) == true)
    #expect(s.names() == ["f.anim", "filler"])
  }
}
