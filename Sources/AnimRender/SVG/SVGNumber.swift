import AnimJSON

/// Number text for SVG output: up to 6 decimals with trailing zeros removed, never in
/// exponent form, `-0` written as `0` (the same style as frame dumps, §9).
package enum SVGNumber {
  /// Values beyond ±this are clamped: nothing on a canvas needs them, and it keeps the
  /// fixed-point conversion below inside `Int64`.
  package static let limit = 1e12

  /// `value` as compact SVG number text; a non-finite value is written as `0`.
  package static func format(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    return JSONNumber.format(min(limit, max(-limit, value)))
  }
}
