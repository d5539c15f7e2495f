import Testing

@testable import AnimSource

/// `LineTable` and `UTF8Scan` read eight bytes at a time through raw memory (the source
/// kernels). Here they meet the plain computation, a byte or a character at a time, on
/// random text of line ends, ASCII runs longer and shorter than eight, and characters of
/// every UTF-8 length, at every alignment.
@Suite struct ScanKernelDifferentialTests {
  /// A random text: mostly ASCII runs, with `\n`, `\r\n`, lone `\r` and 2-, 3- and 4-byte characters.
  static func randomText(_ state: inout UInt64, length: Int) -> String {
    let pieces = ["a", "bcdefghijk", "\n", "\r\n", "\r", "é", "喜", "😀", " ", "0123456789abcdef", "\r\r\n\n"]
    var text = ""
    while text.utf8.count < length {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      text += pieces[Int(state >> 33) % pieces.count]
    }
    return text
  }

  /// Line starts counted a byte at a time: after `\n`, after `\r\n`, after a lone `\r`.
  static func plainLineStarts(_ bytes: [UInt8]) -> [Int] {
    var starts = [0]
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x0A {
        starts.append(i + 1)
      } else if bytes[i] == 0x0D {
        if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
        starts.append(i + 1)
      }
      i += 1
    }
    return starts
  }

  @Test func lineStartsMatchAByteAtATime() {
    var state: UInt64 = 20_261_126
    for length in 0..<400 {
      let bytes = Array(Self.randomText(&state, length: length).utf8)
      #expect(LineTable(bytes: bytes).starts == Self.plainLineStarts(bytes), "length \(length)")
    }
  }

  @Test func characterCountsMatchTheStandardLibrary() {
    var state: UInt64 = 7
    for length in stride(from: 0, to: 600, by: 3) {
      let text = Self.randomText(&state, length: length)
      let bytes = Array(text.utf8)
      // Every start offset that begins a character, to the end: all alignments.
      var offset = 0
      for scalar in text.unicodeScalars {
        let rest = String(decoding: bytes[offset...], as: UTF8.self)
        let counted = UTF8Scan.count(bytes, from: offset, to: bytes.count)
        #expect(counted.scalars == rest.unicodeScalars.count && counted.utf16 == rest.utf16.count)
        offset += String(scalar).utf8.count
      }
    }
  }
}
