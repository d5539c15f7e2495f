/// Decimal digits of unsigned integers, made eight at a time in one 64-bit word and
/// appended to a byte buffer a whole number at a time.
///
/// `digitBytes` splits `n < 10^8` into its digits with three multiply-and-shift steps that
/// work on every lane of the word at once (4 + 4 digits, then 2 + 2 per half, then 1 + 1
/// per quarter), so no digit costs a division or a table lookup. Each multiplier is exact
/// for its lane's range: `x · 10486 >> 20 = x / 100` for `x < 10^4`, and
/// `x · 103 >> 10 = x / 10` for `x < 100`, and no product overflows into the next lane.
/// A number's bytes are gathered in two words (`PackedBytes`) and appended in one short
/// loop, where the array's uniqueness check is made once rather than once per call.
@usableFromInline enum DecimalDigits {
  /// ASCII `0` in every byte: added to digit values 0...9 it makes their characters.
  @usableFromInline static let asciiZeros: UInt64 = 0x3030_3030_3030_3030

  /// The 8 digits of `n < 10^8`, leading zeros included, as byte values 0...9: the most
  /// significant digit in the lowest byte, so the word's bytes read in writing order.
  @inlinable @inline(__always)
  static func digitBytes(_ n: UInt64) -> UInt64 {
    let high = n / 10_000
    var v = high | ((n &- high &* 10_000) &<< 32)
    let hundreds = ((v &* 10_486) &>> 20) & 0x0000_007F_0000_007F
    v = hundreds | ((v &- hundreds &* 100) &<< 16)
    let tens = ((v &* 103) &>> 10) & 0x000F_000F_000F_000F
    return tens | ((v &- tens &* 10) &<< 8)
  }

  /// The characters of `n < 10^8` without leading zeros (`0` for zero), and their count.
  @inlinable @inline(__always)
  static func shortDigits(_ n: UInt64) -> (word: UInt64, count: Int) {
    let d = digitBytes(n)
    let leadingZeros = min(d.trailingZeroBitCount &>> 3, 7)
    return ((d | asciiZeros) &>> UInt64(leadingZeros &* 8), 8 &- leadingZeros)
  }

  /// The digits of `n` without leading zeros; `0` for zero.
  static func appendInteger(_ n: UInt64, to out: inout [UInt8]) {
    if n < 100_000_000 {
      let (word, count) = shortDigits(n)
      PackedBytes(word, count: count).append(to: &out)
    } else if n < 10_000_000_000_000_000 {
      let high = n / 100_000_000
      let (word, count) = shortDigits(high)
      let low = digitBytes(n &- high &* 100_000_000) | asciiZeros
      PackedBytes(word, count: count, then: low, count: 8).append(to: &out)
    } else {
      // n < 2^64 < 1845 · 10^16: at most four digits above sixteen fixed ones.
      let high = n / 10_000_000_000_000_000
      appendInteger(high, to: &out)
      appendFixed16(n &- high &* 10_000_000_000_000_000, to: &out)
    }
  }

  /// Sixteen digits of `n < 10^16`, with leading zeros.
  static func appendFixed16(_ n: UInt64, to out: inout [UInt8]) {
    let high = n / 100_000_000
    let first = digitBytes(high) | asciiZeros
    let second = digitBytes(n &- high &* 100_000_000) | asciiZeros
    PackedBytes(first, count: 8, then: second, count: 8).append(to: &out)
  }

  /// Nineteen digits of `n < 10^19`, with leading zeros (a group of `LimbInteger`'s).
  static func appendFixed19(_ n: UInt64, to out: inout [UInt8]) {
    let top = n / 10_000_000_000_000_000  // < 1000: the last 3 of 8 digit bytes
    PackedBytes((digitBytes(top) | asciiZeros) &>> 40, count: 3).append(to: &out)
    appendFixed16(n &- top &* 10_000_000_000_000_000, to: &out)
  }

  /// `.` and the six digits of `n` in `1...999_999` after it, trailing zeros dropped, as
  /// a word and its count (2...7).
  @inlinable @inline(__always)
  static func millionths(_ n: UInt64) -> (word: UInt64, count: Int) {
    // Bytes 0 and 1 are the two leading zeros of a 6-digit number; the top bytes that
    // are zero are its trailing zeros (n ≠ 0, so there are at most 5).
    let d = digitBytes(n)
    let trailingZeros = d.leadingZeroBitCount &>> 3
    let word = (((d &>> 16) | 0x0000_3030_3030_3030) &<< 8) | 0x2E
    return (word, 7 &- trailingZeros)
  }
}
