/// CRC-32 as used by PNG chunks and gzip (ISO 3309, reflected polynomial 0xEDB88320):
/// what the PNG encoder writes and the decoder checks.
package struct CRC32: Sendable {
  /// One 256-entry table, built once: a byte per step rather than a bit.
  private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
    var c = UInt32(n)
    for _ in 0..<8 {
      c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1
    }
    return c
  }

  /// The running register, kept inverted as the algorithm specifies.
  private var register: UInt32 = 0xFFFF_FFFF

  package init() {}

  /// Feeds more bytes; the checksum of a concatenation equals feeding the parts in order.
  /// Concrete types, not a generic sequence: callers in other modules then run this
  /// module's compiled loop rather than an unspecialized generic one.
  package mutating func update(_ bytes: ArraySlice<UInt8>) {
    // The register in a local, so it stays in a register through the loop.
    var c = register
    let table = Self.table
    for byte in bytes {
      c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8)
    }
    register = c
  }

  package mutating func update(_ bytes: [UInt8]) { update(bytes[...]) }

  /// The CRC of everything fed so far.
  package var value: UInt32 { register ^ 0xFFFF_FFFF }

  /// The CRC-32 of `bytes` in one call.
  package static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }

  package static func checksum(_ bytes: [UInt8]) -> UInt32 { checksum(bytes[...]) }
}

/// Adler-32, the checksum that ends a zlib stream (RFC 1950).
package struct Adler32: Sendable {
  private var a: UInt32 = 1
  private var b: UInt32 = 0

  package init() {}

  /// Feeds more bytes. Sums are reduced every 5552 bytes, the largest run that cannot
  /// overflow 32 bits, so the expensive modulo is rare.
  package mutating func update(_ bytes: ArraySlice<UInt8>) { (a, b) = Self.sums(a, b, bytes) }

  package mutating func update(_ bytes: [UInt8]) { update(bytes[...]) }

  /// The sums after `bytes`. A plain function of its inputs, so `a` and `b` stay in
  /// registers (captured variables would be written to memory on every byte). Eight
  /// bytes at a time: over them `a` grows by their sum and `b` by 8a plus their sum
  /// weighted 8, 7, …, 1, the same totals as byte by byte, with a shorter dependency chain.
  private static func sums(_ a0: UInt32, _ b0: UInt32, _ bytes: ArraySlice<UInt8>) -> (UInt32, UInt32) {
    var a = a0
    var b = b0
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let end = min(index + 5552, bytes.endIndex)
      while index + 8 <= end {
        let x0 = UInt32(bytes[index])
        let x1 = UInt32(bytes[index + 1])
        let x2 = UInt32(bytes[index + 2])
        let x3 = UInt32(bytes[index + 3])
        let x4 = UInt32(bytes[index + 4])
        let x5 = UInt32(bytes[index + 5])
        let x6 = UInt32(bytes[index + 6])
        let x7 = UInt32(bytes[index + 7])
        let sum = (x0 &+ x1) &+ (x2 &+ x3) &+ ((x4 &+ x5) &+ (x6 &+ x7))
        let weighted =
          (x0 &* 8 &+ x1 &* 7) &+ (x2 &* 6 &+ x3 &* 5) &+ ((x4 &* 4 &+ x5 &* 3) &+ (x6 &* 2 &+ x7))
        b &+= a &* 8 &+ weighted
        a &+= sum
        index += 8
      }
      while index < end {
        a &+= UInt32(bytes[index])
        b &+= a
        index += 1
      }
      a %= 65521
      b %= 65521
    }
    return (a, b)
  }

  /// The checksum of everything fed so far.
  package var value: UInt32 { (b << 16) | a }

  /// The Adler-32 of `bytes` in one call.
  package static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var adler = Adler32()
    adler.update(bytes)
    return adler.value
  }

  package static func checksum(_ bytes: [UInt8]) -> UInt32 { checksum(bytes[...]) }
}
