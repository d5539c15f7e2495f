extension JSONValue {
  /// Compact JSON text (no spaces), keys in stored order.
  package var serialized: String {
    var out = ""
    write(to: &out)
    return out
  }

  package func write(to out: inout String) {
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
package enum JSONString {
  package static func write(_ s: String, to out: inout String) {
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

  package static func quoted(_ s: String) -> String {
    var out = ""
    write(s, to: &out)
    return out
  }
}

/// Number text: integers without a fraction, others with up to 6 decimals and no
/// trailing zeros, never in exponent form, `-0` written as `0` (spec §9). Every digit is
/// the exact decimal value of the double, correctly rounded: see `append(_:to:)` in
/// DecimalWriter.swift, which writes the same bytes into a buffer without a `String`.
@usableFromInline package enum JSONNumber {
  package static func format(_ value: Double) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
