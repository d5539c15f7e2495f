/// Number literals kept in the node itself.
///
/// A large file writes hundreds of thousands of numbers (`0.5s`, `120`, `0.65`), nearly
/// all a whole number of thousandths or coarser. Each would take 8 bytes of a side
/// array grown by doubling as the parser goes: fresh memory that costs more to fault in
/// than the few instructions spent here. A number
/// that is exactly `m / 10^k`, with `m` below 2^28 and `k` at most 3, is stored in the
/// node's payload as `-(1 + (m << 2 | k))`; any other (and every colour) goes to the
/// side array as before, with its index as the payload.
///
/// `Double(m) / 10^k` is the double nearest the decimal, as the lexer's reading of it is,
/// but the encoding does not rely on that: a number is kept inline only when decoding
/// gives back its very bits.
extension SyntaxTree {
  @usableFromInline static let inlineScales: (Double, Double, Double, Double) = (1, 10, 100, 1000)

  @inlinable static func inlineScale(_ k: Int32) -> Double {
    switch k {
    case 0: return inlineScales.0
    case 1: return inlineScales.1
    case 2: return inlineScales.2
    default: return inlineScales.3
    }
  }

  /// The value of an inline payload (negative).
  @inlinable static func inlineNumber(_ payload: Int32) -> Double {
    let e = -(payload &+ 1)
    return Double(e >> 2) / inlineScale(e & 3)
  }

  /// The inline payload of `value`, or nil when it must go to the side array.
  @inline(__always) static func inlinePayload(_ value: Double) -> Int32? {
    // Whole numbers first: most literals are.
    guard value >= 0, value < Double(1 << 28) else { return nil }  // also false for NaN
    let whole = Int32(value)
    if Double(whole) == value { return -(1 + (whole << 2)) }
    for k: Int32 in 1...3 {
      let scaled = value * inlineScale(k) + 0.5
      guard scaled < Double(1 << 28) else { return nil }
      let m = Int32(scaled)
      if (Double(m) / inlineScale(k)).bitPattern == value.bitPattern { return -(1 + (m << 2 | k)) }
    }
    return nil
  }

  /// The payload for a number literal: inline when it can be, else its index in the
  /// side array.
  @inline(__always) mutating func numberPayload(_ value: Double) -> Int32 {
    if let inline = Self.inlinePayload(value) { return inline }
    back.numbers.append(value)
    return Int32(back.numbers.count - 1)
  }
}
