import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The writers of `WriterFaultTests` on a really full disk, where the machine allows
/// mounting a 64 KiB tmpfs: exit 2 with `cannot write …: No space left on device`, the old
/// output as it was, nothing left beside it.
@Suite struct WriterFullDiskTests {
  @Test(
    .enabled(if: FmtSafetyTests.canMount, "skipped: needs Linux, root, and permission to `mount -t tmpfs`"),
    arguments: WriterFaultTests.writers)
  func aFullDiskLeavesTheOldOutput(_ writer: WriterFaultTests.Writer) throws {
    let dir = try FmtSafetyTests.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    guard FmtSafetyTests.mount(dir) else {
      Issue.record("the probe could mount a tmpfs, this test could not")
      return
    }
    defer { _ = FmtSafetyTests.run("/bin/umount", [dir]) }
    try FmtSafetyTests.save(dir + "/scene.anim", Array(WriterFaultTests.scene.utf8))
    let target = dir + "/" + writer.output
    if writer.isFolder {
      try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
      try FmtSafetyTests.save(target + "frame-00000.png", WriterFaultTests.old)
    } else {
      try FmtSafetyTests.save(target, WriterFaultTests.old)
    }
    let before = WriterFaultTests.snapshot(target)
    // Fill every page left.
    let fd = open(dir + "/filler", O_WRONLY | O_CREAT, 0o644)
    let block = [UInt8](repeating: 0, count: 4096)
    while write(fd, block, block.count) == block.count {}
    while write(fd, block, 1) == 1 {}
    close(fd)
    let r = try WriterFaultTests.run(writer, dir, target)
    #expect(r.status == 2, "\(writer): \(r.stderr)")
    #expect(r.stderr.hasPrefix("animc: error: cannot write `\(target)"), "\(writer): \(r.stderr)")
    #expect(r.stderr.hasSuffix(": \(String(cString: strerror(ENOSPC)))\n"), "\(writer): \(r.stderr)")
    #expect(WriterFaultTests.snapshot(target) == before, "\(writer)")
    let name = writer.isFolder ? String(writer.output.dropLast()) : writer.output
    #expect(FmtSafetyTests.names(dir) == ["filler", name, "scene.anim"].sorted(), "\(writer)")
  }
}
