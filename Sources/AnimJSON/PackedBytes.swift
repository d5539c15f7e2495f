/// Up to 16 bytes held in two words, the first byte in the lowest bits of `low`: a
/// number's text, or a short constant, moved as two words rather than byte by byte.
/// Bytes past `count` are zero.
@frozen @usableFromInline package struct PackedBytes: Equatable, Sendable {
  @usableFromInline package let low: UInt64
  @usableFromInline package let high: UInt64
  /// 0...16.
  @usableFromInline package let count: Int

  /// The first `count` (0...8) bytes of `word`.
  @inlinable @inline(__always)
  package init(_ word: UInt64, count: Int) {
    low = count == 8 ? word : word & ((1 &<< UInt64(count &* 8)) &- 1)
    high = 0
    self.count = count
  }

  /// The first `count` (1...8) bytes of `first`, then the first `secondCount` (0...8)
  /// bytes of `second`.
  @inlinable @inline(__always)
  package init(_ first: UInt64, count: Int, then second: UInt64, count secondCount: Int) {
    let bits = UInt64(count &* 8)
    let tail = PackedBytes(second, count: secondCount)
    // A shift by 64 would wrap to 0 with `&<<`: the whole first word is then `low`.
    let head = PackedBytes(first, count: count).low
    low = count == 8 ? head : head | (tail.low &<< bits)
    high = count == 8 ? tail.low : tail.low &>> (64 &- bits)
    self.count = count &+ secondCount
  }

  @inlinable @inline(__always)
  init(low: UInt64, high: UInt64, count: Int) {
    self.low = low
    self.high = high
    self.count = count
  }

  /// The UTF-8 of `text`, at most 16 bytes (a longer text is cut to its first 16).
  package init(_ text: StaticString) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var count = 0
    text.withUTF8Buffer { utf8 in
      count = min(utf8.count, 16)
      for i in 0..<count {
        let byte = UInt64(utf8[i])
        if i < 8 { low |= byte << UInt64(8 * i) } else { high |= byte << UInt64(8 * (i - 8)) }
      }
    }
    self.init(low: low, high: high, count: count)
  }

  /// The first 16 of `bytes`.
  package init(bytes: [UInt8]) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    for (i, byte) in bytes.prefix(16).enumerated() {
      if i < 8 { low |= UInt64(byte) << UInt64(8 * i) } else { high |= UInt64(byte) << UInt64(8 * (i - 8)) }
    }
    self.init(low: low, high: high, count: min(bytes.count, 16))
  }

  /// The bytes, in order.
  package var bytes: [UInt8] {
    (0..<count).map { i in UInt8(truncatingIfNeeded: (i < 8 ? low : high) >> UInt64(8 * (i % 8))) }
  }

  /// `-` before the bytes (count at most 15), the first byte `-` dropped, or `0` kept: a
  /// number's text turned into its negation's text. §9's text of −v is the text of v with
  /// its sign changed, since the rounding works on the magnitude and a magnitude that
  /// rounds to zero is written `0` either way.
  @inlinable @inline(__always)
  package var negatedNumber: PackedBytes {
    let minus: UInt64 = 0x2D
    if low & 0xFF == minus {
      return PackedBytes(low: (low &>> 8) | (high &<< 56), high: high &>> 8, count: count &- 1)
    }
    if count == 1 && low == 0x30 { return self }
    return PackedBytes(low: (low &<< 8) | minus, high: (high &<< 8) | (low &>> 56), count: count &+ 1)
  }

  /// Appends the bytes in order. A plain loop of `append` measured as fast as copying
  /// them through a raw buffer, without needing one.
  @inline(__always)
  func append(to out: inout [UInt8]) {
    var low = low
    var high = high
    for _ in 0..<count {
      out.append(UInt8(truncatingIfNeeded: low))
      low = (low &>> 8) | (high &<< 56)
      high &>>= 8
    }
  }
}
