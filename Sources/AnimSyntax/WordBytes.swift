import AnimSource

/// Finding where a word (`[A-Za-z0-9_]+`) ends, eight bytes at a time.
///
/// Most tokens are words of five or six bytes, so testing them a byte at a time is a
/// large part of the parse. Eight bytes loaded as one
/// number are classified together with carry-free byte arithmetic (no byte's sum
/// reaches the next byte), and the first byte that is not a word byte is found by
/// counting trailing zero bits.
enum WordBytes {
  /// Each byte's high bit.
  private static let highBits: UInt64 = 0x8080_8080_8080_8080
  /// Each byte's low seven bits.
  private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

  /// `byte` repeated in all eight bytes.
  @inline(__always) private static func spread(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

  /// The high bit of each byte of `v` (bytes below 0x80) that lies in `lo...hi`.
  @inline(__always) private static func inRange(_ v: UInt64, _ lo: UInt8, _ hi: UInt8) -> UInt64 {
    let atLeastLo = v &+ spread(0x80 - lo)  // high bit set when v >= lo
    let aboveHi = v &+ spread(0x7F - hi)  // high bit set when v > hi
    return atLeastLo & ~aboveHi & highBits
  }

  /// The high bit of each of the eight bytes of `chunk` (the first in its low byte) that is a word byte.
  @inline(__always) static func wordMask(_ chunk: UInt64) -> UInt64 {
    let ascii = ~chunk & highBits  // bytes of 0x80 and above are never word bytes
    let v = chunk & lowBits
    let letters = inRange(v | spread(0x20), 0x61, 0x7A)  // a-z, and A-Z folded onto them
    let digits = inRange(v, 0x30, 0x39)
    let underscore = ~((v ^ spread(0x5F)) &+ lowBits) & highBits  // high bit set when the byte is 0
    return (letters | digits | underscore) & ascii
  }

  /// The offset of the first byte from `start` on that is not a word byte (or the end).
  @inline(__always) static func wordEnd(_ bytes: [UInt8], from start: Int) -> Int {
    var end = start
    while end &+ 8 <= bytes.count {
      let others = ~wordMask(ByteChunks.chunk(bytes, at: end)) & highBits
      if others != 0 { return end &+ others.trailingZeroBitCount / 8 }
      end &+= 8
    }
    while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
    return end
  }
}

@inline(__always) func isWordByte(_ b: UInt8) -> Bool {
  (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
}
