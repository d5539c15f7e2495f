import AnimChecksum
import Testing

@testable import AnimRender

@Suite struct ChecksumTests {
  @Test func crc32KnownValues() {
    #expect(CRC32.checksum([UInt8]()) == 0)
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
  }

  @Test func crc32IsIncremental() {
    var r = TestRandom(state: 7)
    let data = r.bytes(1000)
    var crc = CRC32()
    crc.update(data[0..<333])
    crc.update(data[333...])
    #expect(crc.value == CRC32.checksum(data))
  }

  @Test func adler32KnownValues() {
    #expect(Adler32.checksum([UInt8]()) == 1)
    #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
    // Long runs of 0xFF exercise the deferred modulo.
    let ones = [UInt8](repeating: 0xFF, count: 100_000)
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in ones {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    #expect(Adler32.checksum(ones) == (b << 16 | a))
  }

  @Test func checksumsAgreeWithPythonZlib() throws {
    // Lengths around the 8-byte steps and the 5552-byte reductions of Adler-32.
    var r = TestRandom(state: 17)
    let lengths = [0, 1, 7, 8, 9, 15, 16, 17, 5551, 5552, 5553, 5560, 11_104, 100_003]
    var inputs = lengths.map { r.bytes($0) }
    inputs.append([UInt8](repeating: 0xFF, count: 5552 * 3 + 5))
    let result = try PythonDecoder.run(
      "import sys, zlib\nfor p in sys.argv[2:]:\n  d = open(p, 'rb').read(); print(zlib.adler32(d), zlib.crc32(d))",
      inputs: inputs)
    let expected = result.stdout.split(separator: "\n").map(String.init)
    #expect(expected == inputs.map { "\(Adler32.checksum($0)) \(CRC32.checksum($0))" })
  }
}

@Suite struct ZlibTests {
  static func inputs() -> [[UInt8]] {
    var r = TestRandom(state: 42)
    var list: [[UInt8]] = [[], [0], [255], Array("a".utf8), Array("abcabcabcabc".utf8)]
    list.append(r.bytes(100))
    list.append(r.bytes(70_000))  // random: forces stored blocks > 65535 bytes
    list.append([UInt8](repeating: 7, count: 100_000))
    // Words from a small vocabulary: many matches at many distances.
    let words = ["heart", "spring", "emitter", " ", "node", "fill", "#FF2D55", "\n"]
    var text: [UInt8] = []
    while text.count < 200_000 { text += Array(words[r.below(words.count)].utf8) }
    list.append(text)
    // 1 MB mixing random runs and repeats, so blocks switch between kinds.
    var mixed: [UInt8] = []
    mixed.reserveCapacity(1 << 20)
    while mixed.count < 1 << 20 {
      if r.below(2) == 0 {
        mixed += r.bytes(r.below(300))
      } else if mixed.count > 40_000 {
        let start = mixed.count - 1 - r.below(40_000)
        let length = r.below(500)
        for i in 0..<length { mixed.append(mixed[start + i]) }
      }
    }
    list.append(Array(mixed.prefix(1 << 20)))
    // Small alphabets produce skewed frequencies and long Huffman codes.
    var skewed: [UInt8] = []
    for i in 0..<50_000 {
      skewed.append(UInt8(truncatingIfNeeded: (i * i) % 37 == 0 ? r.below(256) : 0))
    }
    list.append(skewed)
    for n in [1, 2, 3, 4, 257, 258, 259, 32767, 32768, 32769] {
      list.append((0..<n).map { UInt8(truncatingIfNeeded: $0 % 251) })
    }
    return list
  }

  @Test(arguments: [Deflate.Level.fast, .default, .best])
  func pythonZlibDecompressesEveryInput(level: Deflate.Level) throws {
    let originals = Self.inputs()
    var files: [[UInt8]] = []
    for original in originals {
      files.append(original)
      files.append(Zlib.compress(original, level: level))
    }
    let script = """
      import sys, zlib
      files = sys.argv[2:]
      for i in range(0, len(files), 2):
          original = open(files[i], 'rb').read()
          compressed = open(files[i + 1], 'rb').read()
          ok = zlib.decompress(compressed) == original
          print('ok' if ok else 'MISMATCH %d' % (i // 2))
      """
    let result = try PythonDecoder.run(script, inputs: files)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == originals.count)
    #expect(lines.allSatisfy { $0 == "ok" }, "\(result.stdout)")
  }

  @Test func repetitiveDataReallyCompresses() {
    var data: [UInt8] = []
    let pattern = Array("Floating hearts rise and fade. ".utf8)
    while data.count < 100_000 { data += pattern }
    #expect(Zlib.compress(data).count < 2_000)
    #expect(Zlib.compress([UInt8](repeating: 0, count: 100_000)).count < 200)
  }

  @Test func textCompressesLikeZlib() throws {
    // A Huffman-heavy input: the dynamic blocks should be within 10% of zlib -6.
    var r = TestRandom(state: 3)
    let words = ["heart", "spring", "emitter", " ", "node", "fill", "#FF2D55", "\n", "let"]
    var text: [UInt8] = []
    while text.count < 100_000 { text += Array(words[r.below(words.count)].utf8) }
    let ours = Zlib.compress(text).count
    let result = try PythonDecoder.run(
      "import sys, zlib; print(len(zlib.compress(open(sys.argv[2], 'rb').read(), 6)))",
      inputs: [text])
    let reference = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    #expect(reference > 0)
    #expect(Double(ours) <= Double(reference) * 1.10, "ours \(ours) vs zlib \(reference)")
  }

  @Test func huffmanLengthsRespectTheLimit() {
    // Fibonacci frequencies make the unrestricted tree as deep as possible.
    var frequencies = [UInt32](repeating: 0, count: 286)
    var a: UInt32 = 1
    var b: UInt32 = 1
    for i in 0..<30 {
      frequencies[i] = a
      (a, b) = (b, a &+ b)
    }
    let lengths = HuffmanCode.lengths(frequencies: frequencies, maxLength: 15)
    #expect(lengths.allSatisfy { $0 <= 15 })
    let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + 1.0 / Double(1 << Int($1)) }
    #expect(kraft == 1.0)
  }
}
