import AnimTestSupport
import Foundation
import Testing

@testable import AnimImage

/// Files by path, and how errors are placed in them.
@Suite struct PNGFileTests {
  private func message(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "no error"
    } catch {
      return (error as? ImageError)?.message ?? "not an ImageError: \(error)"
    }
  }

  @Test(.timeLimit(.minutes(1))) func files() throws {
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("animimage-files-\(UUID().uuidString)")
    try fm.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: dir) }
    let good = dir.appendingPathComponent("good.png")
    try Data(TestPNG.file(width: 2, height: 1, color: 0, raw: [0, 7, 9])).write(to: good)
    let link = dir.appendingPathComponent("link.png")
    try fm.createSymbolicLink(at: link, withDestinationURL: good)
    #expect(try PNGFile.header(atPath: link.path).width == 2)
    #expect(try PNGFile.decode(atPath: good.path).rgba8 == [7, 7, 7, 255, 9, 9, 9, 255])
    #expect(
      message { _ = try PNGFile.header(atPath: dir.appendingPathComponent("none.png").path) }.contains("not exist"))
    #expect(message { _ = try PNGFile.decode(atPath: dir.path) }.contains("a directory, not a regular file"))
    #expect(message { _ = try PNGFile.header(atPath: "/dev/null") }.contains("a device, not a regular file"))
    // Regular by its type, but a kernel file whose size (0) says nothing of its length.
    if fm.fileExists(atPath: "/proc/self/status") {
      #expect(
        message { _ = try PNGFile.header(atPath: "/proc/self/status") }.contains(
          "the path names a file of the kernel's /proc or /sys, not a regular file"))
    }
    // A named pipe without a writer would block a blocking open for ever: it is opened
    // without waiting and refused by what the open descriptor is.
    let fifo = dir.appendingPathComponent("pipe.png")
    let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["mkfifo", fifo.path])
    #expect(made.status == 0)
    let pipe = "the path names a pipe or socket, not a regular file"
    #expect(message { _ = try PNGFile.header(atPath: fifo.path) } == pipe)
    #expect(message { _ = try PNGFile.bytes(atPath: fifo.path) } == pipe)
    // Links that name each other: a loop, said as one.
    try fm.createSymbolicLink(atPath: dir.appendingPathComponent("a.png").path, withDestinationPath: "b.png")
    try fm.createSymbolicLink(atPath: dir.appendingPathComponent("b.png").path, withDestinationPath: "a.png")
    #expect(
      message { _ = try PNGFile.decode(atPath: dir.appendingPathComponent("a.png").path) }
        == "the path's symbolic links form a loop")
    let empty = dir.appendingPathComponent("empty.png")
    try Data().write(to: empty)
    #expect(message { _ = try PNGFile.decode(atPath: empty.path) }.contains("ends inside the PNG signature"))
    var small = ImageLimits.standard
    small.maxFileBytes = 10
    #expect(message { _ = try PNGFile.header(atPath: good.path, limits: small) }.contains("more than the 10 allowed"))
  }

  @Test func headerAloneEnforcesLimits() {
    let big = TestPNG.signature + TestPNG.ihdr(width: 9000, height: 9000)
    #expect(message { _ = try PNGImage.header(big) }.contains("9000×9000 pixels, more than"))
  }

  /// An inflate error in the second IDAT is reported at its place in the file.
  @Test func inflateOffsetsAcrossChunks() {
    // Stored block header at stream offset 2: BFINAL/BTYPE byte, then LEN 2, NLEN wrong.
    let stream: [UInt8] = [0x78, 0x01, 0x01, 0x02, 0x00, 0x00, 0x00, 0, 0]
    let first = TestPNG.chunk("IDAT", Array(stream[..<3]))
    let second = TestPNG.chunk("IDAT", Array(stream[3...]))
    let png =
      TestPNG.signature + TestPNG.ihdr(width: 1, height: 1, color: 0) + first + second + TestPNG.chunk("IEND", [])
    do {
      _ = try PNGImage.decode(png)
      Issue.record("no error")
    } catch {
      #expect(error.message.contains("length check"))
      // LEN starts at stream offset 3: the first byte of the second IDAT's data.
      #expect(error.offset == 33 + first.count + 8)
    }
  }
}
