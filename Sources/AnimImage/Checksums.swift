/// The two checksums a PNG carries: CRC-32 over every chunk's type and data (ISO 3309, the
/// reflected polynomial 0xEDB88320), and zlib's Adler-32 over the inflated image data.
enum Checksum {
  /// One entry per byte value: the CRC of that byte alone, computed once.
  private static let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 {
      c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1
    }
    return c
  }

  /// CRC-32 of `bytes[range]`, continuing from `crc` (0 to start).
  static func crc32(_ bytes: [UInt8], _ range: Range<Int>, continuing crc: UInt32 = 0) -> UInt32 {
    var c = ~crc
    let table = crcTable
    for i in range {
      c = table[Int((c ^ UInt32(bytes[i])) & 0xFF)] ^ (c >> 8)
    }
    return ~c
  }

  /// Adler-32 of `bytes`. Sums are reduced every 5552 bytes, the most that cannot overflow
  /// 32 bits (zlib's NMAX).
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    var i = 0
    while i < bytes.count {
      let end = min(i + 5552, bytes.count)
      while i < end {
        a &+= UInt32(bytes[i])
        b &+= a
        i += 1
      }
      a %= 65521
      b %= 65521
    }
    return (b << 16) | a
  }
}
