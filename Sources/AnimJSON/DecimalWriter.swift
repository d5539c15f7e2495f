/// Number text for dumps (spec §9), written as ASCII bytes straight into an output buffer.
///
/// A finite double is written as its exact binary value rounded to 6 decimal places, ties
/// to even (the rounding of C's and Python's `%.6f`), then trailing fraction zeros and a
/// bare `.` are dropped; anything that rounds to zero, `-0` included, is written `0`.
/// There is never an exponent, and every digit is exact at every magnitude. A value that
/// is not finite is written `null`.
///
/// How it stays exact without big arithmetic on the common path: a double is
/// `significand · 2^exponent` with a 53-bit significand.
/// - `exponent ≥ 0`: the value is an integer. Below 2^64 it is one `UInt64`; above, its
///   digits come from a small multi-limb integer (`LimbInteger`), the only slow path.
/// - `exponent < 0`: the whole part is `significand >> shift` and the fraction part
///   `rest / 2^shift` with `rest < 2^53`. The fraction in millionths is
///   `rest · 10^6 / 2^shift`, and `rest · 10^6 < 2^73` fits a 128-bit product, so its
///   quotient and remainder, and hence the rounding, are exact. A shift of 74 or more
///   leaves the remainder below half a millionth: the fraction rounds to 0.
/// Digits are made eight at a time in a 64-bit word (`DecimalDigits`), with divisions
/// only by constants, and a number's bytes, gathered in two words, are appended in one
/// short loop.
extension JSONNumber {
  package static func append(_ value: Double, to out: inout [UInt8]) {
    if let text = shortText(value) {
      text.append(to: &out)
    } else {
      appendGeneral(value, to: &out)
    }
  }

  /// The text of `value` when it is at most 16 bytes with a whole part below 10⁸ (every
  /// coordinate, scale, angle and opacity of a scene): the same bytes `append` writes, in
  /// two words; nil for the rest (not finite, or 10⁸ and more), which `append` writes
  /// the long way.
  @inlinable @inline(__always)
  package static func shortText(_ value: Double) -> PackedBytes? {
    let bits = value.bitPattern
    let biased = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
    // |value| < 2^26 < 10^8 (or subnormal or zero); this also rules out infinities and NaN.
    guard biased < 1023 + 26 else { return nil }
    let negative = bits >> 63 != 0
    let stored = bits & 0x000F_FFFF_FFFF_FFFF
    let significand = biased == 0 ? stored : stored | (1 << 52)
    // 1...1074: the value is below 2^26 < 2^53, so it has a fraction part's worth of shift.
    let shift = biased == 0 ? 1074 : 1075 - biased
    let (whole, micros) = wholeAndMillionths(significand, shift: shift)
    if whole == 0 && micros == 0 { return PackedBytes(0x30, count: 1) }
    // whole ≤ 2^26 < 10^8: at most 8 digits, then at most 7 bytes of fraction.
    let (digits, count) = DecimalDigits.shortDigits(whole)
    let text: PackedBytes
    if micros == 0 {
      text = PackedBytes(digits, count: count)
    } else {
      let (fraction, fractionCount) = DecimalDigits.millionths(micros)
      text = PackedBytes(digits, count: count, then: fraction, count: fractionCount)
    }
    return negative ? text.negatedNumber : text
  }

  /// The digits of `n` when 0 ≤ n < 10⁸ (frame numbers, spawn indices), in two words;
  /// nil for the rest.
  @inlinable
  package static func integerText(_ n: Int) -> PackedBytes? {
    guard n >= 0 && n < 100_000_000 else { return nil }
    let (digits, count) = DecimalDigits.shortDigits(UInt64(n))
    return PackedBytes(digits, count: count)
  }

  /// `append` of any value, exact at every magnitude, without the short form: the
  /// general algorithm, public as the reference `shortText` is tested against.
  package static func appendGeneral(_ value: Double, to out: inout [UInt8]) {
    guard value.isFinite else {
      out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])  // null
      return
    }
    let bits = value.bitPattern
    let negative = bits >> 63 != 0
    let biased = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
    let stored = bits & 0x000F_FFFF_FFFF_FFFF
    // Subnormals have no implicit leading bit and the exponent of the smallest normal.
    let significand = biased == 0 ? stored : stored | (1 << 52)
    let exponent = biased == 0 ? -1074 : biased - 1075
    if significand == 0 {
      out.append(zero)
      return
    }
    if exponent >= 0 {
      if negative { out.append(minus) }
      if exponent <= 11 {
        DecimalDigits.appendInteger(significand &<< UInt64(exponent), to: &out)
      } else {
        LimbInteger(significand, shiftedLeftBy: exponent).appendDecimal(to: &out)
      }
      return
    }
    let shift = -exponent  // 1...1074
    let (whole, micros) = wholeAndMillionths(significand, shift: shift)
    if whole == 0 && micros == 0 {
      out.append(zero)
      return
    }
    if negative { out.append(minus) }
    if micros == 0 {
      DecimalDigits.appendInteger(whole, to: &out)
    } else if whole < 100_000_000 {
      // The common case: the whole number gathered in two words, then appended.
      let (digits, count) = DecimalDigits.shortDigits(whole)
      let (fraction, fractionCount) = DecimalDigits.millionths(micros)
      PackedBytes(digits, count: count, then: fraction, count: fractionCount).append(to: &out)
    } else {
      DecimalDigits.appendInteger(whole, to: &out)
      let (fraction, fractionCount) = DecimalDigits.millionths(micros)
      PackedBytes(fraction, count: fractionCount).append(to: &out)
    }
  }

  /// Decimal digits of an integer (frame numbers, sizes): `-` for a negative one.
  package static func append(_ value: Int, to out: inout [UInt8]) {
    if value < 0 { out.append(minus) }
    DecimalDigits.appendInteger(UInt64(value.magnitude), to: &out)
  }

  private static let zero: UInt8 = 0x30
  private static let minus: UInt8 = 0x2D

  /// `significand / 2^shift` as its whole part and its fraction in millionths rounded half
  /// to even, a fraction that rounds up to a whole carried into the whole part: `micros`
  /// is `0..<1_000_000`. Requires `significand < 2^53` and `shift` in `1...1074`.
  @inlinable @inline(__always)
  static func wholeAndMillionths(_ significand: UInt64, shift: Int) -> (whole: UInt64, micros: UInt64) {
    var whole: UInt64 = 0
    var rest = significand
    if shift < 64 {
      whole = significand &>> UInt64(shift)
      rest = significand & ((1 &<< UInt64(shift)) &- 1)
    }
    let micros = roundedMillionths(rest, shift: shift)
    if micros == 1_000_000 { return (whole + 1, 0) }
    return (whole, micros)
  }

  /// `rest / 2^shift` in millionths, rounded half to even: `0...1_000_000`.
  /// Requires `rest < 2^53` and `rest < 2^shift`.
  @inlinable @inline(__always)
  static func roundedMillionths(_ rest: UInt64, shift: Int) -> UInt64 {
    // rest · 10^6 < 2^73 ≤ 2^(shift−1): strictly below half, so never a tie.
    if shift >= 74 { return 0 }
    let (hi, lo) = rest.multipliedFullWidth(by: 1_000_000)
    var quotient: UInt64
    let above: Bool
    let tie: Bool
    if shift < 64 {
      let s = UInt64(shift)
      quotient = (hi &<< (64 - s)) | (lo &>> s)
      let remainder = lo & ((1 &<< s) &- 1)
      let half: UInt64 = 1 &<< (s - 1)
      above = remainder > half
      tie = remainder == half
    } else if shift == 64 {
      quotient = hi
      above = lo > 1 << 63
      tie = lo == 1 << 63
    } else {
      // 65...73: the remainder is hi's low bits and all of lo; half is a bit of hi.
      let s = UInt64(shift - 64)
      quotient = hi &>> s
      let remainderHigh = hi & ((1 &<< s) &- 1)
      let halfHigh: UInt64 = 1 &<< (s - 1)
      above = remainderHigh > halfHigh || (remainderHigh == halfHigh && lo != 0)
      tie = remainderHigh == halfHigh && lo == 0
    }
    if above || (tie && quotient & 1 == 1) { quotient += 1 }
    return quotient
  }
}
