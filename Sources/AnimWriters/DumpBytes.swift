import AnimJSON
import AnimMath
import AnimSim

/// A line of dump text built as bytes: numbers by §9's rule, strings with the dump's
/// escaping, colours as `#RRGGBBAA`. No `String` is made per value.
///
/// What a record repeats is not made again: a number equal to one of the last few (a
/// uniform scale's `scaleY`, a matrix's `d` after `a`) or to its negation (`c` after `b`)
/// reuses that one's text, and the last colour's, name's and string's bytes are kept.
/// The text is the same: §9 writes −v as v with its sign changed.
struct DumpBytes {
  private var buffer = ByteBuffer()
  /// The last numbers written (bit patterns) and their texts, newest first.
  private var recent = RecentNumbers()
  private var lastColor = Color.clear
  private var lastColorText = PackedBytes("#00000000")
  /// The last string written by `append(jsonString:)`, and its escaped bytes.
  private var lastString = ""
  private var lastStringBytes: [UInt8] = []
  /// The last id name written by `append(jsonID:)`, and its escaped bytes.
  private var lastName = ""
  private var lastNameBytes: [UInt8] = []
  /// The CSV writer's last id name, whether it needs no quotes, and its bytes; its last
  /// cell and that cell's bytes.
  private var lastCSVName = ""
  private var lastCSVNamePlain = true
  private var lastCSVNameBytes: [UInt8] = []
  private var lastCSVCell = ""
  private var lastCSVCellBytes: [UInt8] = []
  /// Room for a number's long text (not finite, or 10⁸ and more).
  private var longText: [UInt8] = []

  /// The bytes written (see `ByteBuffer.takeBytes`).
  var bytes: [UInt8] { mutating get { buffer.takeBytes() } }

  mutating func removeAll() { buffer.removeAll() }

  mutating func append(_ text: StaticString) { buffer.append(text) }

  mutating func append(text: String) { buffer.append(utf8: text) }

  mutating func append(byte: UInt8) { buffer.append(byte) }

  /// A number as §9 writes it (6 decimals at most, no exponent, no `-0`).
  @inline(__always)
  mutating func append(number v: Double) {
    if let text = recent.text(of: v) {
      buffer.append(text)
    } else if let text = JSONNumber.shortText(v) {
      recent.note(v, text)
      buffer.append(text)
    } else {
      longText.removeAll(keepingCapacity: true)
      JSONNumber.append(v, to: &longText)
      buffer.append(contentsOf: longText)
    }
  }

  /// `,"KEY":NUMBER`, a member after the first of a JSON object.
  mutating func append(member key: StaticString, _ v: Double) {
    buffer.append(member: key)
    append(number: v)
  }

  /// `,"KEY":"#RRGGBBAA"`.
  mutating func append(member key: StaticString, color c: Color) {
    buffer.append(member: key)
    buffer.append(UInt8(ascii: "\""))
    append(hex: c)
    buffer.append(UInt8(ascii: "\""))
  }

  /// `,NUMBER`, a CSV cell after the first.
  mutating func append(cell v: Double) {
    buffer.append(UInt8(ascii: ","))
    append(number: v)
  }

  mutating func append(integer v: Int) {
    if let text = JSONNumber.integerText(v) {
      buffer.append(text)
    } else {
      longText.removeAll(keepingCapacity: true)
      JSONNumber.append(v, to: &longText)
      buffer.append(contentsOf: longText)
    }
  }

  /// A JSON string with the dump's escaping (only `"`, `\` and control characters).
  mutating func append(jsonString s: String) {
    buffer.append(UInt8(ascii: "\""))
    if s != lastString {
      lastStringBytes.removeAll(keepingCapacity: true)
      Self.escape(s, into: &lastStringBytes)
      lastString = s
    }
    buffer.append(contentsOf: lastStringBytes)
    buffer.append(UInt8(ascii: "\""))
  }

  /// An instance's id as a JSON string (`"NAME"`, `"NAME#k"`, `"NAME[i]"`), built in place.
  mutating func append(jsonID id: NodeID) {
    buffer.append(UInt8(ascii: "\""))
    if id.name != lastName {
      lastNameBytes.removeAll(keepingCapacity: true)
      Self.escape(id.name, into: &lastNameBytes)
      lastName = id.name
    }
    buffer.append(contentsOf: lastNameBytes)
    appendSuffix(id)
    buffer.append(UInt8(ascii: "\""))
  }

  /// An id's `#k` or `[i]`.
  mutating func appendSuffix(_ id: NodeID) {
    switch id.kind {
    case .node: break
    case .spawn:
      buffer.append(UInt8(ascii: "#"))
      append(integer: id.index)
    case .copy:
      buffer.append(UInt8(ascii: "["))
      append(integer: id.index)
      buffer.append(UInt8(ascii: "]"))
    }
  }

  /// An id as a CSV cell (`CSVWriter.cell` of its text): the name's bytes are kept while
  /// the names repeat, and the suffix is written in place.
  mutating func append(csvID id: NodeID) {
    if id.name != lastCSVName {
      lastCSVName = id.name
      lastCSVNamePlain = !CSVWriter.needsQuotes(id.name)
      lastCSVNameBytes = Array(id.name.utf8)
    }
    if lastCSVNamePlain {
      buffer.append(contentsOf: lastCSVNameBytes)
      appendSuffix(id)
    } else {
      append(text: CSVWriter.cell(id.description))
    }
  }

  /// `CSVWriter.cell(s)`, its bytes kept while the same string repeats.
  mutating func append(csvCell s: String) {
    if s != lastCSVCell {
      lastCSVCell = s
      lastCSVCellBytes = Array(CSVWriter.cell(s).utf8)
    }
    buffer.append(contentsOf: lastCSVCellBytes)
  }

  /// `s`'s UTF-8 with JSON escaping; most names need none and are copied as they are.
  private static func escape(_ s: String, into out: inout [UInt8]) {
    if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      out.append(contentsOf: s.utf8)
    } else {
      out.append(contentsOf: JSONString.quoted(s).utf8.dropFirst().dropLast())
    }
  }

  /// `#RRGGBBAA`, without quotes.
  mutating func append(hex c: Color) {
    if c != lastColor {
      lastColor = c
      lastColorText = Self.hexText(c)
    }
    buffer.append(lastColorText)
  }

  /// `#RRGGBBAA` in two words.
  private static func hexText(_ c: Color) -> PackedBytes {
    let (r, g, b, a) = c.rgba8
    var text: UInt64 = 0
    for (i, v) in [r, g, b, a].enumerated() {
      let high = UInt64(hexDigit(v >> 4))
      let low = UInt64(hexDigit(v & 15))
      text |= (high | low << 8) << UInt64(16 * i)
    }
    return PackedBytes(0x23, count: 1, then: text, count: 8)
  }

  private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x41 + v - 10 }
}

/// The last three numbers a `DumpBytes` wrote, and their texts (newest first).
struct RecentNumbers {
  private var bits: (UInt64, UInt64, UInt64) = (1, 1, 1)
  private var texts = (PackedBytes("0"), PackedBytes("0"), PackedBytes("0"))

  /// The text of `v` if it, or its negation, is one of the last three (NaN never is:
  /// only short texts are noted, and they are finite).
  @inline(__always)
  func text(of v: Double) -> PackedBytes? {
    let b = v.bitPattern
    let sign: UInt64 = 1 << 63
    if b == bits.0 { return texts.0 }
    if b == bits.1 { return texts.1 }
    if b == bits.2 { return texts.2 }
    if b ^ sign == bits.0 { return texts.0.negatedNumber }
    if b ^ sign == bits.1 { return texts.1.negatedNumber }
    if b ^ sign == bits.2 { return texts.2.negatedNumber }
    return nil
  }

  /// Notes `v`'s short text.
  @inline(__always)
  mutating func note(_ v: Double, _ text: PackedBytes) {
    bits = (v.bitPattern, bits.0, bits.1)
    texts = (text, texts.0, texts.1)
  }
}
