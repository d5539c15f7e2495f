import AnimJSON
import Testing

/// `ByteBuffer`, the unsafe kernel behind dump text, against plain `[UInt8]` appends, and
/// the two-word number texts (`JSONNumber.shortText`, `PackedBytes.negatedNumber`)
/// against `JSONNumber.appendGeneral`, the general algorithm (checked against Python
/// through `append` in `NumberWriterTests`).
@Suite struct ByteBufferTests {
  typealias Mix = TestRandom

  /// Doubles a scene writes, and the edges of the short form.
  static func sample(_ mix: inout Mix) -> Double {
    switch mix.below(6) {
    case 0: return Double(bitPattern: mix.next())
    case 1: return (Double(mix.below(2_000_001)) - 1_000_000) / 1000
    case 2: return (Double(mix.below(2_000_000_001)) - 1_000_000_000) * 1e-6 + 5e-7
    case 3: return Double(sign: mix.below(2) == 0 ? .plus : .minus, exponent: mix.below(60) - 30, significand: 1)
    case 4: return [0x1p26, 0x1p26 - 0.5, 99_999_999.9999995, 1e8, 67_108_863.9999999, -0.0, 0][mix.below(7)]
    default: return (Double(mix.below(1 << 30)) / Double(1 << 20)) * (mix.below(2) == 0 ? 1 : -1)
    }
  }

  @Test func appendsMatchPlainArrays() {
    var mix = Mix(state: 21)
    var buffer = ByteBuffer()
    var plain: [UInt8] = []
    for round in 0..<200 {
      for _ in 0..<mix.below(3000) {
        switch mix.below(6) {
        case 0:
          let v = Self.sample(&mix)
          if let text = JSONNumber.shortText(v) {
            buffer.append(text)
            plain.append(contentsOf: text.bytes)
          }
        case 1:
          let byte = UInt8(truncatingIfNeeded: mix.next())
          buffer.append(byte)
          plain.append(byte)
        case 2:
          buffer.append(",\"strokeStart\":")
          plain.append(contentsOf: Array(",\"strokeStart\":".utf8))
        case 3:
          // Longer than a packed literal, and two short ones that may share a slot.
          buffer.append("{\"type\":\"header\",\"scene\":")
          plain.append(contentsOf: Array("{\"type\":\"header\",\"scene\":".utf8))
          let short: StaticString = mix.below(2) == 0 ? ",\"x\":" : "]}"
          buffer.append(short)
          plain.append(contentsOf: Array(short.description.utf8))
        case 4 where mix.below(2) == 0:
          let key: StaticString = ["x", "scaleX", "strokeStart", "lineWidth"][mix.below(4)]
          buffer.append(member: key)
          plain.append(contentsOf: Array(",\"\(key)\":".utf8))
        case 4:
          let text = String(repeating: "é,\"", count: mix.below(5))
          buffer.append(utf8: text)
          plain.append(contentsOf: Array(text.utf8))
        default:
          let bytes = (0..<mix.below(40)).map { _ in UInt8(truncatingIfNeeded: mix.next()) }
          buffer.append(contentsOf: bytes)
          plain.append(contentsOf: bytes)
        }
      }
      #expect(buffer.count == plain.count)
      let taken = buffer.takeBytes()
      #expect(taken == plain, "round \(round)")
      // Sometimes kept by the caller past the next appends (the buffer must not change it).
      if round % 3 == 0 {
        buffer.append(0xFF)
        #expect(taken == plain)
      }
      buffer.removeAll()
      plain.removeAll()
    }
  }

  @Test func shortTextsAreTheNumberWritersText() {
    var mix = Mix(state: 16)
    var shortSeen = 0
    for _ in 0..<1_000_000 {
      let v = Self.sample(&mix)
      var expected: [UInt8] = []
      JSONNumber.appendGeneral(v, to: &expected)
      guard let text = JSONNumber.shortText(v) else {
        // Only what is not finite, or at least 2^26, goes the long way.
        #expect(!v.isFinite || v.magnitude >= 0x1p26, "\(v)")
        continue
      }
      shortSeen += 1
      #expect(text.bytes == expected, "\(v)")
      #expect(text.count <= 16)
      var negated: [UInt8] = []
      JSONNumber.appendGeneral(-v, to: &negated)
      #expect(text.negatedNumber.bytes == negated, "-(\(v))")
    }
    #expect(shortSeen > 500_000)
  }

  /// `double(_:since:)` against doubling by hand: quotes before `start` stay single,
  /// those after it are doubled, and the buffer's room is honoured at every size.
  @Test func doublingAQuoteAfterAStart() {
    let q = UInt8(ascii: "\"")
    var buffer = ByteBuffer()
    buffer.append(contentsOf: Array("a\"b,".utf8))
    let start = buffer.count
    buffer.append(contentsOf: Array("{\"type\":\"linear\"}".utf8))
    buffer.double(q, since: start)
    #expect(buffer.takeBytes() == Array("a\"b,{\"\"type\"\":\"\"linear\"\"}".utf8))

    var mix = Mix(state: 7)
    for length in [0, 1, 31, 32, 33, 4095, 4096, 5000] {
      var buffer = ByteBuffer()
      let head = Array(repeating: q, count: length % 5)
      buffer.append(contentsOf: head)
      let body = (0..<length).map { _ in mix.next() % 3 == 0 ? q : UInt8(ascii: "x") }
      buffer.append(contentsOf: body)
      buffer.double(q, since: head.count)
      buffer.append(UInt8(ascii: "!"))
      var expected = head
      for b in body {
        if b == q { expected.append(q) }
        expected.append(b)
      }
      expected.append(UInt8(ascii: "!"))
      #expect(buffer.takeBytes() == expected, "length \(length)")
    }
  }

  @Test func packedConstants() {
    #expect(PackedBytes(",\"x\":").bytes == Array(",\"x\":".utf8))
    #expect(PackedBytes("0123456789ABCDEF").bytes == Array("0123456789ABCDEF".utf8))
    #expect(PackedBytes("").count == 0)
  }
}
