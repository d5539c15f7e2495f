/// Decimal digits of unsigned integers, appended as ASCII bytes two at a time.
///
/// Numbers are split into groups of 8, 4 and 2 digits by divisions by constants (which
/// compile to a multiply and a shift), and each pair of digits is copied from a 200-byte
/// table, so no digit costs a division by 10. Fixed-width writers keep leading zeros; the
/// `appendInteger` writer omits them (and writes `0` for zero).
enum DecimalDigits {
  /// "00", "01", … "99": the two ASCII digits of `p` are at `2p` and `2p + 1`.
  private static let pairs: [UInt8] = {
    var table: [UInt8] = []
    for p in 0..<100 as Range<UInt8> {
      table.append(0x30 + p / 10)
      table.append(0x30 + p % 10)
    }
    return table
  }()

  /// Two digits of `p < 100`, with a leading zero.
  @inline(__always)
  static func appendPair(_ p: UInt64, to out: inout [UInt8]) {
    let i = Int(truncatingIfNeeded: p) &* 2
    out.append(pairs[i])
    out.append(pairs[i &+ 1])
  }

  /// Four digits of `n < 10^4`, with leading zeros.
  @inline(__always)
  static func appendFixed4(_ n: UInt64, to out: inout [UInt8]) {
    let high = n / 100
    appendPair(high, to: &out)
    appendPair(n &- high &* 100, to: &out)
  }

  /// Eight digits of `n < 10^8`, with leading zeros.
  static func appendFixed8(_ n: UInt64, to out: inout [UInt8]) {
    let high = n / 10_000
    appendFixed4(high, to: &out)
    appendFixed4(n &- high &* 10_000, to: &out)
  }

  /// Nineteen digits of `n < 10^19`, with leading zeros (a limb of `LimbInteger`).
  static func appendFixed19(_ n: UInt64, to out: inout [UInt8]) {
    let top = n / 10_000_000_000_000_000  // < 1000
    let rest = n &- top &* 10_000_000_000_000_000
    let hundreds = top / 100
    out.append(UInt8(truncatingIfNeeded: 0x30 &+ hundreds))
    appendPair(top &- hundreds &* 100, to: &out)
    let middle = rest / 100_000_000
    appendFixed8(middle, to: &out)
    appendFixed8(rest &- middle &* 100_000_000, to: &out)
  }

  /// The digits of `n` without leading zeros; `0` for zero.
  static func appendInteger(_ n: UInt64, to out: inout [UInt8]) {
    if n < 10_000 {
      appendUpTo4(n, to: &out)
    } else if n < 100_000_000 {
      let high = n / 10_000
      appendUpTo4(high, to: &out)
      appendFixed4(n &- high &* 10_000, to: &out)
    } else if n < 10_000_000_000_000_000 {
      let high = n / 100_000_000
      appendUpTo8(high, to: &out)
      appendFixed8(n &- high &* 100_000_000, to: &out)
    } else {
      // n < 2^64 < 1845 · 10^16: at most four digits above sixteen fixed ones.
      let high = n / 10_000_000_000_000_000
      let rest = n &- high &* 10_000_000_000_000_000
      let middle = rest / 100_000_000
      appendUpTo4(high, to: &out)
      appendFixed8(middle, to: &out)
      appendFixed8(rest &- middle &* 100_000_000, to: &out)
    }
  }

  /// `n` in `1...999_999` as the six digits after a decimal point, trailing zeros dropped.
  static func appendMillionths(_ n: UInt64, to out: inout [UInt8]) {
    let first = n / 10_000
    let rest = n &- first &* 10_000
    let second = rest / 100
    let third = rest &- second &* 100
    if third != 0 {
      appendPair(first, to: &out)
      appendPair(second, to: &out)
      appendPairDroppingTrailingZero(third, to: &out)
    } else if second != 0 {
      appendPair(first, to: &out)
      appendPairDroppingTrailingZero(second, to: &out)
    } else {
      appendPairDroppingTrailingZero(first, to: &out)
    }
  }

  /// Two digits of `p` in `1...99`, without the second one when it is `0`.
  @inline(__always)
  private static func appendPairDroppingTrailingZero(_ p: UInt64, to out: inout [UInt8]) {
    let i = Int(truncatingIfNeeded: p) &* 2
    out.append(pairs[i])
    if pairs[i &+ 1] != 0x30 { out.append(pairs[i &+ 1]) }
  }

  /// `n < 10^8` without leading zeros.
  private static func appendUpTo8(_ n: UInt64, to out: inout [UInt8]) {
    if n < 10_000 {
      appendUpTo4(n, to: &out)
    } else {
      let high = n / 10_000
      appendUpTo4(high, to: &out)
      appendFixed4(n &- high &* 10_000, to: &out)
    }
  }

  /// `n < 10^4` without leading zeros; `0` for zero.
  private static func appendUpTo4(_ n: UInt64, to out: inout [UInt8]) {
    if n < 100 {
      appendUpTo2(n, to: &out)
    } else {
      let high = n / 100
      appendUpTo2(high, to: &out)
      appendPair(n &- high &* 100, to: &out)
    }
  }

  /// `n < 100` without a leading zero; `0` for zero.
  @inline(__always)
  private static func appendUpTo2(_ n: UInt64, to out: inout [UInt8]) {
    if n < 10 {
      out.append(UInt8(truncatingIfNeeded: 0x30 &+ n))
    } else {
      appendPair(n, to: &out)
    }
  }
}
