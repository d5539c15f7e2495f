import AnimTestSupport
import Foundation
import Testing

/// Item 8 of issue 17: a picture's memory is checked before the first frame against what
/// the process may use (here a real `ulimit -v`), so a render completes or is refused up
/// front with the memory it would need, never ends in a failed allocation.
///
/// The bounds below are computed by hand from the budget `MemoryBudget` documents: 512 MiB
/// kept for the program, and per pixel at most 21 bytes for a GIF or a PNG sequence, 17
/// for a PNG still. Under a 640 MiB limit that leaves 128 MiB = 134,217,728 bytes for the
/// picture; under 544 MiB, 32 MiB = 33,554,432 (smaller pictures, for the slower PNGs):
/// - GIF, 2000 rows: 3195 columns need 134,190,000 bytes (fits), 3196 need 134,232,000.
/// - PNG still, 1000 rows: 1973 columns need 33,541,000 bytes (fits), 1974 need 33,558,000.
/// - PNG sequence, 1000 rows: 1597 columns need 33,537,000 (fits), 1598 need 33,558,000.
/// The run that fits must then really finish under the kernel's limit: the kernel is the
/// independent judge that the budget is not too small.
@Suite struct PictureMemoryTests {
  static let limitKiB = 640 * 1024
  static let smallLimitKiB = 544 * 1024
  static let twoGiBInKiB = 2 * 1024 * 1024

  /// animc under `ulimit -v kib`.
  static func animc(limit kib: Int, _ args: [String]) throws -> CLITests.Run {
    let binary = CLITests.root.appendingPathComponent(".build/debug/animc").path
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    let r = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -v \(kib) && exec \"$0\" \"$@\"", binary] + args,
      environment: environment, directory: CLITests.root)
    return CLITests.Run(
      status: r.status, stdout: String(decoding: r.stdout, as: UTF8.self),
      stderr: String(decoding: r.stderr, as: UTF8.self))
  }

  static func render(limit kib: Int, _ size: (Int, Int), _ output: String, _ extra: [String] = []) throws -> (
    CLITests.Run, dir: String
  ) {
    let dir = try FmtSafetyTests.scratch()
    let r = try animc(
      limit: kib,
      ["render", "examples/love-burst.anim", "--width", "\(size.0)", "--height", "\(size.1)"] + extra + [
        "-o", dir + "/" + output,
      ])
    return (r, dir)
  }

  /// The refusal: exit 2, one line naming the size, the memory needed and the limit,
  /// and no file.
  static func expectRefused(_ r: CLITests.Run, _ dir: String, _ what: String, needs mib: Int, limit: Int) {
    #expect(r.status == 2, "\(r.stderr)")
    #expect(
      r.stderr == "animc: error: a \(what) needs about \(mib) MiB of memory, more than the address-space limit"
        + " (ulimit -v) of \(limit) MiB allows; render it smaller (`--width`, `--scale`)\n")
    #expect(FmtSafetyTests.names(dir).isEmpty)
  }

  @Test func theLargestGIFThatFitsIsWrittenUnderTheLimit() throws {
    let (r, dir) = try Self.render(limit: Self.limitKiB, (3195, 2000), "a.gif", ["--duration", "0.02s"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(r.status == 0, "\(r.stderr)")
    let gif = FmtSafetyTests.bytes(dir + "/a.gif")
    // GIF89a, then the logical screen's width and height, little-endian.
    #expect(Array(gif.prefix(10)) == Array("GIF89a".utf8) + [0x7B, 0x0C, 0xD0, 0x07])
    #expect(gif.last == 0x3B)
  }

  @Test func oneColumnMoreOfGIFIsRefusedUpFront() throws {
    let (r, dir) = try Self.render(limit: Self.limitKiB, (3196, 2000), "a.gif", ["--duration", "0.02s"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // 134,232,000 + 512 MiB = 671,102,912 bytes: 640.01 MiB, shown rounded up.
    Self.expectRefused(r, dir, "3196×2000 GIF", needs: 641, limit: 640)
  }

  @Test func theLargestPNGStillThatFitsIsWrittenUnderTheLimit() throws {
    let (r, dir) = try Self.render(limit: Self.smallLimitKiB, (1973, 1000), "a.png", ["--frame", "0"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(r.status == 0, "\(r.stderr)")
    // The PNG signature, then IHDR's width and height, big-endian.
    let png = FmtSafetyTests.bytes(dir + "/a.png")
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(Array(png.dropFirst(16).prefix(8)) == [0, 0, 0x07, 0xB5, 0, 0, 0x03, 0xE8])
  }

  @Test func theLargestPNGSequenceThatFitsIsWrittenUnderTheLimit() throws {
    let (r, dir) = try Self.render(limit: Self.smallLimitKiB, (1597, 1000), "frames/", ["--duration", "0.02s"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(r.status == 0, "\(r.stderr)")
    #expect(FmtSafetyTests.names(dir + "/frames") == ["frame-00000.png"])
    let png = FmtSafetyTests.bytes(dir + "/frames/frame-00000.png")
    #expect(Array(png.dropFirst(16).prefix(8)) == [0, 0, 0x06, 0x3D, 0, 0, 0x03, 0xE8])
  }

  @Test func oneColumnMoreOfPNGIsRefusedUpFront() throws {
    // 33,558,000 + 512 MiB = 570,428,912 bytes: 544.003 MiB, shown rounded up.
    let (r, dir) = try Self.render(limit: Self.smallLimitKiB, (1974, 1000), "a.png", ["--frame", "0"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    Self.expectRefused(r, dir, "1974×1000 PNG", needs: 545, limit: 544)
    let folder = try Self.render(limit: Self.smallLimitKiB, (1598, 1000), "frames/", ["--duration", "0.02s"])
    defer { try? FileManager.default.removeItem(atPath: folder.dir) }
    Self.expectRefused(folder.0, folder.dir, "1598×1000 PNG sequence", needs: 545, limit: 544)
  }

  /// The largest size allowed under 2 GiB: an SVG allocates no bitmap and is written; a
  /// GIF or PNG sequence (16384² × 21 bytes = 5376 MiB, with the 512 kept: 5888) and a PNG
  /// still (16384² × 17 = 4352 MiB: 4864) are refused before any frame.
  @Test func theLargestSizeUnderTwoGiB() throws {
    let svg = try Self.render(limit: Self.twoGiBInKiB, (16384, 16384), "a.svg")
    defer { try? FileManager.default.removeItem(atPath: svg.dir) }
    #expect(svg.0.status == 0, "\(svg.0.stderr)")
    let text = String(decoding: FmtSafetyTests.bytes(svg.dir + "/a.svg"), as: UTF8.self)
    #expect(text.contains(#"width="16384""#) && text.contains(#"height="16384""#))
    let gif = try Self.render(limit: Self.twoGiBInKiB, (16384, 16384), "a.gif")
    defer { try? FileManager.default.removeItem(atPath: gif.dir) }
    Self.expectRefused(gif.0, gif.dir, "16384×16384 GIF", needs: 5888, limit: 2048)
    let png = try Self.render(limit: Self.twoGiBInKiB, (16384, 16384), "a.png")
    defer { try? FileManager.default.removeItem(atPath: png.dir) }
    Self.expectRefused(png.0, png.dir, "16384×16384 PNG", needs: 4864, limit: 2048)
    let folder = try Self.render(limit: Self.twoGiBInKiB, (16384, 16384), "frames/")
    defer { try? FileManager.default.removeItem(atPath: folder.dir) }
    Self.expectRefused(folder.0, folder.dir, "16384×16384 PNG sequence", needs: 5888, limit: 2048)
  }

  /// Just past the largest size: a usage error, whatever the memory.
  @Test func pastTheLargestSizeIsAUsageError() throws {
    let (r, dir) = try Self.render(limit: Self.twoGiBInKiB, (16385, 16384), "a.svg")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(r.status == 2)
    #expect(r.stderr == "animc: error: the picture must be 1…16384 pixels each way, not 16385×16384\n")
    #expect(FmtSafetyTests.names(dir).isEmpty)
  }
}
