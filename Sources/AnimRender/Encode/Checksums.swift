/// CRC-32 as used by PNG chunks and gzip (reflected polynomial 0xEDB88320).
public struct CRC32: Sendable {
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

  public init() {}

  /// Feeds more bytes; the checksum of a concatenation equals feeding the parts in order.
  public mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    if let c = bytes.withContiguousStorageIfAvailable({ CRC32.update(register, $0) }) {
      register = c
    } else {
      register = Array(bytes).withUnsafeBufferPointer { CRC32.update(register, $0) }
    }
  }

  /// The register after `buffer`, kept in a local so it stays in a register.
  private static func update(_ start: UInt32, _ buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
    table.withUnsafeBufferPointer { table in
      var c = start
      for byte in buffer {
        c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8)
      }
      return c
    }
  }

  /// The CRC of everything fed so far.
  public var value: UInt32 { register ^ 0xFFFF_FFFF }

  /// The CRC-32 of `bytes` in one call.
  public static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }
}

/// Adler-32, the checksum that ends a zlib stream (RFC 1950).
public struct Adler32: Sendable {
  private var a: UInt32 = 1
  private var b: UInt32 = 0

  public init() {}

  /// Feeds more bytes. Sums are reduced every 5552 bytes, the largest run that cannot
  /// overflow 32 bits, so the expensive modulo is rare.
  public mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    if let sums = bytes.withContiguousStorageIfAvailable({ Adler32.sums(a, b, $0) }) {
      (a, b) = sums
    } else {
      (a, b) = Adler32.sums(a, b, Array(bytes))
    }
  }

  /// The sums after `buffer`. A plain function of its inputs, so `a` and `b` stay in
  /// registers (captured variables would be written to memory on every byte). Eight
  /// bytes at a time: over them `a` grows by their sum and `b` by 8a plus their sum
  /// weighted 8, 7, …, 1, the same totals as byte by byte, with a shorter dependency chain.
  private static func sums(_ a0: UInt32, _ b0: UInt32, _ buffer: UnsafeBufferPointer<UInt8>)
    -> (UInt32, UInt32)
  {
    var a = a0
    var b = b0
    var index = 0
    while index < buffer.count {
      let end = min(index + 5552, buffer.count)
      while index + 8 <= end {
        let x0 = UInt32(buffer[index])
        let x1 = UInt32(buffer[index + 1])
        let x2 = UInt32(buffer[index + 2])
        let x3 = UInt32(buffer[index + 3])
        let x4 = UInt32(buffer[index + 4])
        let x5 = UInt32(buffer[index + 5])
        let x6 = UInt32(buffer[index + 6])
        let x7 = UInt32(buffer[index + 7])
        let sum = (x0 &+ x1) &+ (x2 &+ x3) &+ ((x4 &+ x5) &+ (x6 &+ x7))
        let weighted =
          (x0 &* 8 &+ x1 &* 7) &+ (x2 &* 6 &+ x3 &* 5) &+ ((x4 &* 4 &+ x5 &* 3) &+ (x6 &* 2 &+ x7))
        b &+= a &* 8 &+ weighted
        a &+= sum
        index += 8
      }
      while index < end {
        a &+= UInt32(buffer[index])
        b &+= a
        index += 1
      }
      a %= 65521
      b %= 65521
    }
    return (a, b)
  }

  private static func sums(_ a: UInt32, _ b: UInt32, _ array: [UInt8]) -> (UInt32, UInt32) {
    array.withUnsafeBufferPointer { sums(a, b, $0) }
  }

  /// The checksum of everything fed so far.
  public var value: UInt32 { (b << 16) | a }

  /// The Adler-32 of `bytes` in one call.
  public static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
    var adler = Adler32()
    adler.update(bytes)
    return adler.value
  }
}
