import Foundation
import Testing

@testable import AnimImage

/// Bits written least significant first, as DEFLATE packs them; Huffman codes go most
/// significant bit first (RFC 1951 §3.1.1).
struct BitWriter {
  var bytes: [UInt8] = []
  var count = 0

  mutating func bits(_ value: Int, _ n: Int) {
    for i in 0..<n {
      if count % 8 == 0 { bytes.append(0) }
      if value >> i & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << (count % 8)) }
      count += 1
    }
  }

  mutating func code(_ value: Int, _ n: Int) {
    for i in stride(from: n - 1, through: 0, by: -1) { bits(value >> i & 1, 1) }
  }
}

@Suite struct InflateTests {
  /// Python's zlib (the reference implementation) compresses seeded data under many
  /// settings; each stream must inflate to exactly the original bytes.
  @Test func inflatesWhatZlibWrites() throws {
    let script = #"""
      import os, random, sys, zlib
      out = sys.argv[1]
      rng = random.Random(1951)
      texts = [b"", b"a", bytes(rng.randrange(256) for _ in range(3000)),
               b"the quick brown fox jumps over the lazy dog " * 300,
               bytes(100000), bytes(rng.randrange(256) for _ in range(70000)),
               bytes(rng.choice(b"ab") for _ in range(20000)),
               bytes((i * i) % 251 for i in range(40000))]
      settings = [(l, s, w) for l in (0, 1, 6, 9) for s in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED,
                  zlib.Z_HUFFMAN_ONLY, zlib.Z_RLE, zlib.Z_FIXED) for w in (9, 15)]
      n = 0
      for t in texts:
          for level, strategy, wbits in settings:
              c = zlib.compressobj(level, zlib.DEFLATED, wbits, 8, strategy)
              half = len(t) // 2
              z = c.compress(t[:half]) + c.flush(zlib.Z_FULL_FLUSH if n % 3 == 0 else zlib.Z_NO_FLUSH)
              z += c.compress(t[half:]) + c.flush()
              assert zlib.decompress(z) == t
              open(os.path.join(out, "%d.raw" % n), "wb").write(t)
              open(os.path.join(out, "%d.z" % n), "wb").write(z)
              n += 1
      print(n)
      """#
    let (stdout, dir) = try Python.run(script)
    defer { try? FileManager.default.removeItem(at: dir) }
    let count = Int(stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    #expect(count == 320)
    for n in 0..<count {
      let raw = try Python.read(dir.appendingPathComponent("\(n).raw"))
      let z = try Python.read(dir.appendingPathComponent("\(n).z"))
      let inflated = try Inflater.zlibDecompress(z, size: raw.count)
      #expect(inflated == raw, "stream \(n)")
    }
  }

  private func failure(_ stream: [UInt8], size: Int) -> String {
    do {
      _ = try Inflater.zlibDecompress(stream, size: size)
      return "no error"
    } catch {
      return error.message
    }
  }

  private func fixedBlock(_ body: (inout BitWriter) -> Void) -> [UInt8] {
    var w = BitWriter()
    w.bits(1, 1)
    w.bits(1, 2)
    body(&w)
    return [0x78, 0x9C] + w.bytes
  }

  @Test func headerErrors() {
    #expect(failure([0x78], size: 0).contains("truncated"))
    #expect(failure([0x78, 0x9D, 3, 0], size: 0).contains("check bits"))
    #expect(failure([0x77, 0x85, 3, 0], size: 0).contains("compression method"))
    #expect(failure([0x78, 0x20, 3, 0], size: 0).contains("preset dictionary"))
    #expect(failure([0x88, 0x98, 3, 0], size: 0).contains("window size"))
  }

  @Test func blockErrors() {
    // BFINAL 1, BTYPE 3.
    #expect(failure([0x78, 0x9C, 0x07], size: 1).contains("reserved type 3"))
    // A stored block whose NLEN is not the complement of LEN.
    #expect(failure([0x78, 0x01, 0x01, 0x05, 0x00, 0x00, 0x00], size: 5).contains("length check"))
    // A stored block longer than the stream.
    #expect(failure([0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xFF, 1, 2], size: 5).contains("truncated"))
    // A match (length 3, distance 1) before any literal.
    let tooFar = fixedBlock { w in
      w.code(0b000_0001, 7)
      w.code(0, 5)
      w.code(0, 7)
    }
    #expect(failure(tooFar, size: 10).contains("before the start"))
    // Length symbol 286 and distance symbol 30 exist in the fixed code but are invalid.
    let badLength = fixedBlock { w in
      w.code(0b0011_0000, 8)  // literal 0
      w.code(0b1100_0110, 8)  // 286
    }
    #expect(failure(badLength, size: 10).contains("invalid length code 286"))
    let badDistance = fixedBlock { w in
      w.code(0b0011_0000, 8)
      w.code(0b000_0001, 7)
      w.code(30, 5)
    }
    #expect(failure(badDistance, size: 10).contains("invalid distance code 30"))
  }

  /// One literal 'A' in a fixed block, then the Adler-32 of "A" (0x00420042).
  private let literalA: [UInt8] = {
    var w = BitWriter()
    w.bits(1, 1)
    w.bits(1, 2)
    w.code(0x30 + 0x41, 8)
    w.code(0, 7)
    return [0x78, 0x9C] + w.bytes + [0x00, 0x42, 0x00, 0x42]
  }()

  @Test func sizesAndChecksums() throws {
    #expect(try Inflater.zlibDecompress(literalA, size: 1) == [0x41])
    #expect(failure(literalA, size: 0).contains("more than the 0 bytes"))
    #expect(failure(literalA, size: 2).contains("ends after 1 of the 2 bytes"))
    var badSum = literalA
    badSum[badSum.count - 1] ^= 1
    #expect(failure(badSum, size: 1).contains("Adler-32 checksum does not match"))
    #expect(failure(Array(literalA.dropLast(2)), size: 1).contains("Adler-32 checksum is missing"))
    #expect(failure(literalA + [0], size: 1).contains("after the end of the zlib stream"))
    for n in 0..<literalA.count - 4 {
      #expect(failure(Array(literalA[..<n]), size: 1).contains("truncated"), "cut at \(n)")
    }
  }

  @Test func dynamicHeaderErrors() {
    func dynamic(_ body: (inout BitWriter) -> Void) -> [UInt8] {
      var w = BitWriter()
      w.bits(1, 1)
      w.bits(2, 2)
      body(&w)
      return [0x78, 0x9C] + w.bytes + [0, 0, 0, 0, 0, 0, 0, 0]
    }
    // All 19 code-length codes of length 1: over-subscribed.
    let over = dynamic { w in
      w.bits(0, 5)
      w.bits(0, 5)
      w.bits(15, 4)
      for _ in 0..<19 { w.bits(1, 3) }
    }
    #expect(failure(over, size: 10).contains("over-subscribed"))
    // Code-length code {16: "0", 17: "1"}; the first length is a repeat of nothing.
    let repeatFirst = dynamic { w in
      w.bits(0, 5)
      w.bits(0, 5)
      w.bits(0, 4)
      w.bits(1, 3)
      w.bits(1, 3)
      w.bits(0, 3)
      w.bits(0, 3)
      w.code(0, 1)
      w.bits(0, 2)
    }
    #expect(failure(repeatFirst, size: 10).contains("nothing to repeat"))
    // Code-length code {1: "0", 18: "1"}: 257 zero lengths, so no end-of-block code.
    let noEnd = dynamic { w in
      w.bits(0, 5)
      w.bits(0, 5)
      w.bits(14, 4)
      let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
      for symbol in order { w.bits(symbol == 18 || symbol == 1 ? 1 : 0, 3) }
      w.code(1, 1)
      w.bits(127, 7)  // 138 zeros
      w.code(1, 1)
      w.bits(108, 7)  // 119 zeros
      w.code(0, 1)  // the distance code's length 1
    }
    #expect(failure(noEnd, size: 10).contains("no end-of-block code"))
    // HLIT 30 (287 codes) is beyond the 286 DEFLATE defines.
    let tooMany = dynamic { w in
      w.bits(30, 5)
      w.bits(0, 5)
      w.bits(0, 4)
    }
    #expect(failure(tooMany, size: 10).contains("too many"))
  }
}
