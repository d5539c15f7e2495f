import AnimRender
import Foundation
import Testing

@testable import AnimImage

/// Corrupt input of every kind must end in an `ImageError`, never a trap or a hang: every
/// truncation of a few small files, seeded random bit flips (with and without the CRCs
/// repaired, so damage also reaches the inflater, filters and pixel unpacking), hostile
/// chunk lengths, and a zlib stream that would expand to over 4 GB.
@Suite struct FuzzTests {
  /// Small files from pypng (palette 4-bit Adam7 with tRNS, grey 16-bit Adam7, RGB with
  /// tRNS, grey 1-bit), one from animc's encoder, and a stored-block file.
  static let seeds: [[UInt8]] = {
    let base64 = [
      "iVBORw0KGgoAAAANSUhEUgAAAAkAAAAHBAMAAAFfskrFAAAAGFBMVEWlpaXKysolJSW7u7ttbW0BAgMBAgMBAgOmKP2AAAAABXRSTlNNGDAdE6gc"
        + "LWsAAAA5SURBVHicYxBkMGAwcWBIYzBlUBEVYBAtdGBIFGAQMmRQLGcILWQwSDBQSWBgLgsvdWAQTAoqYwAArmQIdoNGW5gAAAAASUVORK5CYII=",
      "iVBORw0KGgoAAAANSUhEUgAAAAYAAAAFEAAAAAFkpC7vAAAAUklEQVR4nAFHALj/APK9AOQrAOX73G0AHxAAjkAAO/MeL5MqACFHnoSRtgD8xW+4"
        + "QjgAzaRGG46NAMWGsaoLjexjtf9WCgB+x8u5yCr+NilBVS0qmx65MMgRUQAAAABJRU5ErkJggg==",
      "iVBORw0KGgoAAAANSUhEUgAAAAUAAAAECAIAAADJUWIXAAAABnRSTlMACgAUAB7FNin/AAAAK0lEQVR4nB2LMRIAAAzBzGZz/v/MqixODpEQD+wI"
        + "p7WOahDFX0pT226xxwGRLAR1ZYUJXQAAAABJRU5ErkJggg==",
      "iVBORw0KGgoAAAANSUhEUgAAAA0AAAADAQAAAABgmrihAAAAEUlEQVR4nGNwfcDw4wGDdwAAEY8DmeycugwAAAAASUVORK5CYII=",
    ]
    var files = base64.compactMap { Data(base64Encoded: $0).map { [UInt8]($0) } }
    var random = TestRandom(state: 99)
    let bitmap = Bitmap(width: 7, height: 5, pixels: random.bytes(7 * 5 * 4))
    if let encoded = try? PNGEncoder.encode(bitmap) { files.append(encoded) }
    files.append(
      TestPNG.file(width: 3, height: 2, color: 2, raw: [1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
    return files
  }()

  /// Decodes `bytes`, failing the test on a result that breaks the decoder's contract: a
  /// success whose pixels do not match its header, an empty message, or a slow answer.
  @discardableResult
  private func probe(_ bytes: [UInt8], _ label: @autoclosure () -> String) -> ImageError? {
    let clock = ContinuousClock()
    let start = clock.now
    var failure: ImageError?
    do {
      let image = try PNGImage.decode(bytes)
      #expect(image.rgba16.count == image.width * image.height * 4, "\(label())")
    } catch {
      #expect(!error.message.isEmpty, "\(label())")
      failure = error
    }
    let elapsed = clock.now - start
    // Generous for a debug build on a loaded machine: this catches hangs, not slowness.
    #expect(elapsed < .seconds(5), "\(label()) took \(elapsed)")
    if ProcessInfo.processInfo.environment["ANIMIMAGE_FUZZ_LOG"] != nil {
      print("FUZZ \(label()) | \(elapsed) | \(failure?.message ?? "decoded")")
    }
    return failure
  }

  @Test func seedsDecode() throws {
    #expect(Self.seeds.count == 6)
    for (i, file) in Self.seeds.enumerated() { #expect(probe(file, "seed \(i)") == nil) }
  }

  @Test func everyTruncationIsAnError() {
    for (i, file) in Self.seeds.enumerated() {
      for n in 0..<file.count {
        #expect(probe(Array(file[..<n]), "seed \(i) cut at \(n)") != nil, "seed \(i) cut at \(n)")
      }
    }
  }

  /// Recomputes every chunk's CRC in place, as far as the length fields still make sense.
  private func repairCRCs(_ bytes: inout [UInt8]) {
    var at = 8
    while at + 12 <= bytes.count {
      let length = Int(PNGBytes.uint32(bytes, at))
      guard length <= bytes.count - at - 12 else { return }
      let crc = TestPNG.crc(Array(bytes[at + 4..<at + 8 + length]))
      bytes.replaceSubrange(at + 8 + length..<at + 12 + length, with: TestPNG.be32(crc))
      at += 12 + length
    }
  }

  @Test func randomBitFlips() {
    var random = TestRandom(state: 2024)
    var errors = 0
    for round in 0..<3000 {
      let seed = round % Self.seeds.count
      var file = Self.seeds[seed]
      for _ in 0...random.below(3) {
        let bit = random.below(file.count * 8)
        file[bit / 8] ^= UInt8(1 << (bit % 8))
      }
      // Two rounds in three get their CRCs repaired, so the damage reaches the image data.
      if round % 3 != 0 { repairCRCs(&file) }
      if probe(file, "flip round \(round)") != nil { errors += 1 }
    }
    // Unrepaired flips always break a CRC or the signature.
    #expect(errors >= 1000)
  }

  /// Random damage straight into zlib streams, with random expected sizes.
  @Test func inflaterFlipsAndGarbage() {
    var random = TestRandom(state: 77)
    let streams = Self.seeds.compactMap { file -> [UInt8]? in
      var at = 8
      var z: [UInt8] = []
      while at + 12 <= file.count {
        let length = Int(PNGBytes.uint32(file, at))
        if String(decoding: file[at + 4..<at + 8], as: UTF8.self) == "IDAT" { z += file[at + 8..<at + 8 + length] }
        at += 12 + length
      }
      return z.isEmpty ? nil : z
    }
    for round in 0..<3000 {
      var z = round % 10 == 9 ? random.bytes(random.below(200)) : streams[round % streams.count]
      if !z.isEmpty {
        for _ in 0...random.below(4) {
          let bit = random.below(z.count * 8)
          z[bit / 8] ^= UInt8(1 << (bit % 8))
        }
      }
      do {
        let out = try Inflater.zlibDecompress(z, size: random.below(2000))
        #expect(out.count <= 2000)
      } catch {
        #expect(!error.message.isEmpty)
      }
    }
  }

  /// A seed's chunks, in order, as (type, data).
  private func chunks(_ file: [UInt8]) -> [(String, [UInt8])] {
    var at = 8
    var list: [(String, [UInt8])] = []
    while at + 12 <= file.count {
      let length = Int(PNGBytes.uint32(file, at))
      list.append((String(decoding: file[at + 4..<at + 8], as: UTF8.self), Array(file[at + 8..<at + 8 + length])))
      at += 12 + length
    }
    return list
  }

  /// Damage inside the inflated data, re-wrapped in a valid zlib stream with valid CRCs,
  /// reaches the filters and the sample unpacking: unknown filter types, palette indices
  /// past the palette, and data a little too long or too short.
  @Test func filteredDataDamage() throws {
    var random = TestRandom(state: 31)
    var outcomes: [String: Int] = [:]
    for (i, seed) in Self.seeds.enumerated() {
      let parts = chunks(seed)
      let header = try PNGImage.header(seed)
      let z = parts.filter { $0.0 == "IDAT" }.flatMap(\.1)
      let raw = try Inflater.zlibDecompress(z, size: header.filteredSize)
      for round in 0..<300 {
        var damaged = raw
        switch round % 10 {
        case 8: damaged.removeLast(1 + random.below(min(3, damaged.count)))
        case 9: damaged += random.bytes(1 + random.below(3))
        default:
          for _ in 0...random.below(3) {
            let bit = random.below(damaged.count * 8)
            damaged[bit / 8] ^= UInt8(1 << (bit % 8))
          }
        }
        var file = TestPNG.signature
        var wroteData = false
        for (type, data) in parts {
          if type != "IDAT" {
            file += TestPNG.chunk(type, data)
          } else if !wroteData {
            file += TestPNG.chunk("IDAT", TestPNG.storedZlib(damaged))
            wroteData = true
          }
        }
        let message = probe(file, "seed \(i) damage round \(round)")?.message ?? "decoded"
        let kind = message.contains("filter type") ? "filter" : message.contains("palette index") ? "palette" : message
        outcomes[kind.contains("zlib stream") ? "size" : kind, default: 0] += 1
      }
    }
    // Every path is reached: decodes, bad filter bytes, bad indices, wrong sizes.
    for kind in ["decoded", "filter", "palette", "size"] { #expect(outcomes[kind, default: 0] > 0, "\(kind)") }
    #expect(outcomes.count == 4, "unexpected outcomes: \(outcomes)")
  }

  @Test func hostileChunkLengths() {
    for (i, file) in Self.seeds.enumerated() {
      var at = 8
      while at + 12 <= file.count {
        let length = Int(PNGBytes.uint32(file, at))
        for claim: UInt32 in [0x8000_0000, 0x7FFF_FFFF, 0xFFFF_FFFF, UInt32(file.count)] {
          var hostile = file
          hostile.replaceSubrange(at..<at + 4, with: TestPNG.be32(claim))
          #expect(probe(hostile, "seed \(i) chunk at \(at) claiming \(claim)") != nil)
        }
        at += 12 + length
      }
    }
  }

  /// A dynamic block whose literal/length code is {285: "0", 0: "10", 256: "11"} and whose
  /// one distance code is "0": after one literal 0, every two zero bits are a 258-byte copy
  /// at distance 1. `zeroBytes` of zeros thus expand to about 1032 times their size.
  static func bomb(matches: Int?, zeroBytes: Int = 0) -> [UInt8] {
    var w = BitWriter()
    w.bits(1, 1)
    w.bits(2, 2)
    w.bits(29, 5)  // 286 literal/length codes
    w.bits(0, 5)  // 1 distance code
    w.bits(14, 4)  // 18 code-length codes
    for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1] {
      w.bits(symbol == 18 ? 1 : symbol == 1 || symbol == 2 ? 2 : 0, 3)
    }
    // Code-length code: 18 "0", 1 "10", 2 "11".
    w.code(0b11, 2)  // symbol 0: length 2
    w.code(0, 1)
    w.bits(127, 7)  // 138 zeros
    w.code(0, 1)
    w.bits(106, 7)  // 117 zeros: symbols 1...255
    w.code(0b11, 2)  // 256: length 2
    w.code(0, 1)
    w.bits(17, 7)  // 28 zeros: 257...284
    w.code(0b10, 2)  // 285: length 1
    w.code(0b10, 2)  // distance 0: length 1
    w.code(0b10, 2)  // literal 0
    guard let matches else { return [0x78, 0x9C] + w.bytes + [UInt8](repeating: 0, count: zeroBytes) }
    for _ in 0..<matches {
      w.code(0, 1)
      w.code(0, 1)
    }
    w.code(0b11, 2)
    return [0x78, 0x9C] + w.bytes + TestPNG.be32(TestPNG.adler([UInt8](repeating: 0, count: 1 + 258 * matches)))
  }

  /// The bomb's construction is right: a short one inflates, under CPython's zlib and ours,
  /// to the 1 + 258·n zeros it should.
  @Test func bombIsAValidStream() throws {
    let small = Self.bomb(matches: 100)
    let script = #"""
      import sys, zlib
      data = zlib.decompress(open(sys.argv[2], 'rb').read())
      print(len(data), data.count(0))
      """#
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID().uuidString).z")
    try Data(small).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let (stdout, dir) = try Python.run(script, [file.path])
    try? FileManager.default.removeItem(at: dir)
    #expect(stdout == "25801 25801\n")
    #expect(try Inflater.zlibDecompress(small, size: 25801) == [UInt8](repeating: 0, count: 25801))
  }

  @Test func fourGigabyteBombIsRefusedQuickly() {
    // 4.2 MB of zeros: over 16 million copies of 258 bytes, over 4.3 GB.
    let z = Self.bomb(matches: nil, zeroBytes: 4_200_000)
    for (width, height) in [(1, 1), (64, 64)] {
      let png =
        TestPNG.signature + TestPNG.ihdr(width: width, height: height, color: 0)
        + TestPNG.chunk("IDAT", z) + TestPNG.chunk("IEND", [])
      let error = probe(png, "bomb in \(width)×\(height)")
      #expect(error?.message.contains("inflates to more than the \(height * (width + 1)) bytes") == true)
    }
  }
}
