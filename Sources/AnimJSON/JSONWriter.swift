extension JSONValue {
  /// Compact JSON text (no spaces), keys in stored order.
  public var serialized: String {
    var out = ""
    write(to: &out)
    return out
  }

  public func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += JSONNumber.format(n)
    case .string(let s): JSONString.write(s, to: &out)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, (key, value)) in members.enumerated() {
        if i > 0 { out += "," }
        JSONString.write(key, to: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }
}

/// String escaping as the dump format asks: only `"`, `\` and control characters.
public enum JSONString {
  public static func write(_ s: String, to out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }

  public static func quoted(_ s: String) -> String {
    var out = ""
    write(s, to: &out)
    return out
  }
}

/// Number text: integers without a fraction, others with up to 6 decimals and no
/// trailing zeros, never in exponent form, `-0` written as `0` (spec §9).
public enum JSONNumber {
  public static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let scaled = (value * 1_000_000).rounded()
    if scaled == 0 { return "0" }
    if abs(scaled) < 9.0e15 {
      let micros = Int64(scaled)
      let negative = micros < 0
      let magnitude = negative ? UInt64(-micros) : UInt64(micros)
      let whole = magnitude / 1_000_000
      var fraction = magnitude % 1_000_000
      var text = negative ? "-" : ""
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
    // Too large for six decimals in an Int64: write the rounded integer digits.
    return integerDigits(value.rounded())
  }

  private static func integerDigits(_ value: Double) -> String {
    var digits: [Character] = []
    var v = abs(value)
    while v >= 1 {
      let d = Int(v.truncatingRemainder(dividingBy: 10))
      digits.append(Character(Unicode.Scalar(UInt8(48 + d))))
      v = (v / 10).rounded(.down)
    }
    return (value < 0 ? "-" : "") + String(digits.reversed())
  }
}
