/// A non-negative integer of any size as 64-bit limbs, least significant first: just
/// enough arithmetic to write the exact decimal digits of a double of 2^64 or more.
///
/// Such a double is `significand · 2^exponent` with `exponent ≤ 971`, so it has at most
/// 1024 bits (16 limbs) and 309 digits. Its digits come out 19 at a time, as remainders
/// of repeated division by 10^19, the largest power of ten below 2^64; each step divides
/// every limb once, so the whole conversion is a few hundred limb divisions.
struct LimbInteger {
  /// Least significant limb first; the most significant one is non-zero unless the
  /// value is zero.
  private(set) var limbs: [UInt64]

  /// `significand · 2^shift`.
  init(_ significand: UInt64, shiftedLeftBy shift: Int) {
    let whole = shift / 64
    let bits = UInt64(shift % 64)
    limbs = [UInt64](repeating: 0, count: whole + 2)
    limbs[whole] = significand &<< bits
    limbs[whole + 1] = bits == 0 ? 0 : significand &>> (64 - bits)
    trim()
  }

  var isZero: Bool { limbs.isEmpty }

  /// Divides in place by `divisor > 0` and returns the remainder.
  mutating func divide(by divisor: UInt64) -> UInt64 {
    var remainder: UInt64 = 0
    for i in limbs.indices.reversed() {
      // remainder < divisor, so the quotient of this 128-bit step fits 64 bits.
      let (q, r) = divisor.dividingFullWidth((high: remainder, low: limbs[i]))
      limbs[i] = q
      remainder = r
    }
    trim()
    return remainder
  }

  /// Appends the decimal digits, without leading zeros (`0` for zero).
  func appendDecimal(to out: inout [UInt8]) {
    var value = self
    var groups: [UInt64] = []
    repeat {
      groups.append(value.divide(by: 10_000_000_000_000_000_000))
    } while !value.isZero
    DecimalDigits.appendInteger(groups[groups.count - 1], to: &out)
    for group in groups.dropLast().reversed() {
      DecimalDigits.appendFixed19(group, to: &out)
    }
  }

  private mutating func trim() {
    while let last = limbs.last, last == 0 { limbs.removeLast() }
  }
}
