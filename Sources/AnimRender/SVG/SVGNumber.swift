/// Number text for SVG output: up to 6 decimals with trailing zeros removed, never in
/// exponent form, `-0` written as `0` (the same style as frame dumps, §9).
public enum SVGNumber {
  /// Values beyond ±this are clamped: nothing on a canvas needs them, and it keeps the
  /// fixed-point conversion below inside `Int64`.
  public static let limit = 1e12

  /// `value` as compact SVG number text; a non-finite value is written as `0`.
  public static func format(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let scaled = (min(limit, max(-limit, value)) * 1_000_000).rounded()
    if scaled == 0 { return "0" }
    let micros = Int64(scaled)
    let magnitude = micros.magnitude
    let whole = magnitude / 1_000_000
    var fraction = magnitude % 1_000_000
    var text = micros < 0 ? "-" : ""
    text += String(whole)
    if fraction != 0 {
      var digits = 6
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let f = String(fraction)
      text += "." + String(repeating: "0", count: digits - f.count) + f
    }
    return text
  }
}
