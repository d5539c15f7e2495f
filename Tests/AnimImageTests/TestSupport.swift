@_exported import AnimTestSupport
import Foundation

/// Runs a Python script as an independent oracle. A missing `python3`, pypng or Pillow is
/// a test failure that says what to install, never a silent pass (CI installs them).
enum Python {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `script` with `python3 -c`, `sys.argv[1]` a fresh empty directory the script may
  /// write to and `sys.argv[2...]` the `arguments`; returns stdout and the directory, which
  /// the caller removes.
  static func run(_ script: String, _ arguments: [String] = []) throws -> (stdout: String, directory: URL) {
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("animimage-\(UUID().uuidString)")
    try fm.createDirectory(at: dir, withIntermediateDirectories: true)
    let output = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, dir.path] + arguments)
    let stderr = String(decoding: output.stderr, as: UTF8.self)
    guard output.status == 0 else {
      try? fm.removeItem(at: dir)
      if output.status == 127 { throw Failure(description: "python3 not found on PATH: install Python 3") }
      if stderr.contains("No module named 'png'") {
        throw Failure(description: "pypng is missing: run `python3 -m pip install pypng`")
      }
      if stderr.contains("No module named 'PIL'") {
        throw Failure(description: "Pillow is missing: run `python3 -m pip install pillow`")
      }
      throw Failure(description: "python3 exited \(output.status):\n\(stderr)")
    }
    return (String(decoding: output.stdout, as: UTF8.self), dir)
  }

  static func read(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
}

/// Hand-assembled PNG files for structure tests. The checksums are computed here bit by bit
/// from their definitions (not with the decoder's tables); `crcCheck` pins the CRC to the
/// standard check value.
enum TestPNG {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func crc(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      c ^= UInt32(byte)
      for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
    }
    return ~c
  }

  static func adler(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  static func be32(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return be32(UInt32(data.count)) + body + be32(crc(body))
  }

  static func ihdr(width: Int, height: Int, depth: UInt8 = 8, color: UInt8 = 6, interlace: UInt8 = 0) -> [UInt8] {
    chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [depth, color, 0, 0, interlace])
  }

  /// A zlib stream of stored blocks (at most 65535 bytes each).
  static func storedZlib(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let n = min(65535, data.count - start)
      let final: UInt8 = start + n == data.count ? 1 : 0
      out += [final, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)]
      out += data[start..<start + n]
      start += n
    } while start < data.count
    return out + be32(adler(data))
  }

  /// A whole file: signature, IHDR, `before` chunks, one IDAT holding `raw` (filtered rows)
  /// in stored blocks, IEND.
  static func file(
    width: Int, height: Int, depth: UInt8 = 8, color: UInt8 = 6, interlace: UInt8 = 0, before: [[UInt8]] = [],
    raw: [UInt8]
  ) -> [UInt8] {
    signature + ihdr(width: width, height: height, depth: depth, color: color, interlace: interlace)
      + before.joined() + chunk("IDAT", storedZlib(raw)) + chunk("IEND", [])
  }
}
