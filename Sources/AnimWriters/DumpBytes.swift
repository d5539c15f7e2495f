import AnimJSON
import AnimMath
import AnimSim

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
  mutating func append(number v: Double) { JSONNumber.append(v, to: &bytes) }

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

  /// `,NUMBER`, a CSV cell after the first.
  mutating func append(cell v: Double) {
    bytes.append(UInt8(ascii: ","))
    append(number: v)
  }

  mutating func append(integer v: Int) { JSONNumber.append(v, to: &bytes) }

  /// A JSON string with the dump's escaping (only `"`, `\` and control characters).
  mutating func append(jsonString s: String) {
    bytes.append(UInt8(ascii: "\""))
    appendEscaped(s)
    bytes.append(UInt8(ascii: "\""))
  }

  /// An instance's id as a JSON string (`"NAME"`, `"NAME#k"`, `"NAME[i]"`), built in place.
  mutating func append(jsonID id: NodeID) {
    bytes.append(UInt8(ascii: "\""))
    appendEscaped(id.name)
    appendSuffix(id)
    bytes.append(UInt8(ascii: "\""))
  }

  /// An id's `#k` or `[i]`.
  mutating func appendSuffix(_ id: NodeID) {
    switch id.kind {
    case .node: break
    case .spawn:
      bytes.append(UInt8(ascii: "#"))
      JSONNumber.append(id.index, to: &bytes)
    case .copy:
      bytes.append(UInt8(ascii: "["))
      JSONNumber.append(id.index, to: &bytes)
      bytes.append(UInt8(ascii: "]"))
    }
  }

  /// `s`'s UTF-8 with JSON escaping; most names need none and are copied as they are.
  private mutating func appendEscaped(_ s: String) {
    var s = s
    s.withUTF8 { utf8 in
      if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
        bytes.append(contentsOf: utf8)
      } else {
        var quoted = JSONString.quoted(String(decoding: utf8, as: UTF8.self)).utf8.dropFirst()
        quoted = quoted.dropLast()
        bytes.append(contentsOf: quoted)
      }
    }
  }

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
