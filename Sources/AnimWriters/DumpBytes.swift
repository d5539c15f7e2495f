import AnimJSON
import AnimMath

/// A line of dump text built as bytes: numbers by §9's rule, strings with the dump's
/// escaping, colours as `#RRGGBBAA`. No `String` is made per value.
struct DumpBytes {
  var bytes: [UInt8] = []

  mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func append(text: String) { bytes.append(contentsOf: text.utf8) }

  /// A number as §9 writes it (6 decimals at most, no exponent, no `-0`).
  mutating func append(number v: Double) { bytes.append(contentsOf: JSONNumber.format(v).utf8) }

  /// `,"KEY":NUMBER`, a member after the first of a JSON object.
  mutating func append(member key: StaticString, _ v: Double) {
    append(",\"")
    append(key)
    append("\":")
    append(number: v)
  }

  /// `,"KEY":"#RRGGBBAA"`.
  mutating func append(member key: StaticString, color c: Color) {
    append(",\"")
    append(key)
    append("\":\"")
    append(hex: c)
    append("\"")
  }

  mutating func append(integer v: Int) { bytes.append(contentsOf: String(v).utf8) }

  /// A JSON string with the dump's escaping.
  mutating func append(jsonString s: String) { bytes.append(contentsOf: JSONString.quoted(s).utf8) }

  /// `#RRGGBBAA`, without quotes.
  mutating func append(hex c: Color) {
    let (r, g, b, a) = c.rgba8
    bytes.append(UInt8(ascii: "#"))
    for v in [r, g, b, a] {
      bytes.append(Self.hexDigits[Int(v >> 4)])
      bytes.append(Self.hexDigits[Int(v & 15)])
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
