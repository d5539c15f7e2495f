import Testing

@testable import AnimSyntax

/// `WordBytes.wordEnd` reads eight bytes at a time; it must stop where a byte-at-a-time
/// scan stops, for every byte value at every place in a chunk and near the buffer's end.
@Suite struct WordBytesTests {
  func byteAtATime(_ bytes: [UInt8], from start: Int) -> Int {
    var end = start
    while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
    return end
  }

  @Test func everyByteAtEveryPlace() {
    for stop in 0...255 {
      for place in 0..<20 {
        for length in [place + 1, place + 3, 24] {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          if place < length { bytes[place] = UInt8(stop) }
          let fast = WordBytes.wordEnd(bytes, from: 0)
          #expect(fast == byteAtATime(bytes, from: 0), "byte \(stop) at \(place) of \(length)")
        }
      }
    }
  }

  @Test func mixedWords() {
    let text = Array("a_b9 Zz_09_xyzXYZ+quite_a_long_name_1234567890(é_x)`@[{".utf8)
    for start in text.indices {
      let fast = WordBytes.wordEnd(text, from: start)
      #expect(fast == byteAtATime(text, from: start), "from \(start)")
    }
  }
}
