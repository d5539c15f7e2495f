import AnimJSON
import AnimMath
import AnimModel

/// A line of dump text built as bytes: numbers by §9's rule, strings with the dump's
/// escaping, colours as `#RRGGBBAA`. No `String` is made per value.
///
/// What a record repeats is not made again: a number equal to one of the last few (a
/// uniform scale's `scaleY`, a matrix's `d` after `a`) or to its negation (`c` after `b`)
/// reuses that one's text, and the last colour's, name's and string's bytes are kept
/// (`DumpBytes+Names`). The text is the same: §9 writes −v as v with its sign changed.
/// So a record's bytes never depend on what was written before it, only its speed does.
///
/// A key and the number after it, or a comma and a number, are stored together
/// (`ByteBuffer.append(_:_:)`): two short pieces, one check of the storage.
struct DumpBytes: Sendable {
  var buffer = ByteBuffer()
  /// The last numbers written (bit patterns) and their texts, newest first.
  private var recent = RecentNumbers()
  private var lastColor = Color.clear
  private var lastColorText = PackedBytes("#00000000")
  /// Names and strings, and their bytes, kept while they repeat (`DumpBytes+Names`).
  var names = NameCache()
  /// Room for a number's long text (not finite, or 10⁸ and more).
  private var longText: [UInt8] = []
  /// The last value of each numeric key, and its text (`append(_:number:keptIn:)`):
  /// many change slowly from record to record (a scale of 1, a z of 0).
  private var kept = [KeptNumber](repeating: KeptNumber(), count: KeptNumber.slots)

  /// A comma, as a piece.
  static let comma = PackedBytes(0x2C, count: 1)

  /// The bytes written (see `ByteBuffer.takeBytes`).
  var bytes: [UInt8] { mutating get { buffer.takeBytes() } }

  mutating func removeAll() { buffer.removeAll() }

  mutating func append(_ text: StaticString) { buffer.append(text) }

  mutating func append(piece: PackedBytes) { buffer.append(piece) }

  mutating func append(text: String) { buffer.append(utf8: text) }

  mutating func append(byte: UInt8) { buffer.append(byte) }

  /// The text of a number as §9 writes it when it is short (`JSONNumber.shortText`).
  @inline(__always)
  private mutating func shortText(_ v: Double) -> PackedBytes? {
    if let text = recent.text(of: v) { return text }
    guard let text = JSONNumber.shortText(v) else { return nil }
    recent.note(v, text)
    return text
  }

  /// A number as §9 writes it (6 decimals at most, no exponent, no `-0`).
  @inline(__always)
  mutating func append(number v: Double) {
    if let text = shortText(v) {
      buffer.append(text)
    } else {
      appendLong(v)
    }
  }

  /// `piece`, then a number as §9 writes it.
  @inline(__always)
  mutating func append(_ piece: PackedBytes, number v: Double) {
    if let text = shortText(v) {
      buffer.append(piece, text)
    } else {
      buffer.append(piece)
      appendLong(v)
    }
  }

  /// `piece`, then a number as §9 writes it, for a key whose last value is kept at
  /// `index` (`KeptNumber.slots`, one per key): the same value again is written without
  /// being made or looked up among the recent ones.
  @inline(__always)
  mutating func append(_ piece: PackedBytes, number v: Double, keptIn index: Int) {
    let last = kept[index]
    if v.bitPattern == last.bits {
      buffer.append(piece, last.text)
      return
    }
    guard let text = shortText(v) else {
      buffer.append(piece)
      appendLong(v)
      return
    }
    kept[index] = KeptNumber(bits: v.bitPattern, text: text)
    buffer.append(piece, text)
  }

  @inline(never)
  private mutating func appendLong(_ v: Double) {
    longText.removeAll(keepingCapacity: true)
    JSONNumber.append(v, to: &longText)
    buffer.append(contentsOf: longText)
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
  @inline(__always)
  mutating func append(cell v: Double) { append(Self.comma, number: v) }

  mutating func append(integer v: Int) {
    if let text = JSONNumber.integerText(v) {
      buffer.append(text)
    } else {
      longText.removeAll(keepingCapacity: true)
      JSONNumber.append(v, to: &longText)
      buffer.append(contentsOf: longText)
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

  /// `piece`, then `#RRGGBBAA`.
  mutating func append(_ piece: PackedBytes, hex c: Color) {
    if c != lastColor {
      lastColor = c
      lastColorText = Self.hexText(c)
    }
    buffer.append(piece, lastColorText)
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

/// A key's last value (its bit pattern) and its short text. The pattern it starts with
/// is a NaN's, which is never noted (only short texts are, and they are finite).
struct KeptNumber {
  var bits: UInt64 = 0x7FF8_0000_0000_0001
  var text = PackedBytes("null")

  /// One per dump field, by its index in `DumpLayout.fields`, then `z`'s.
  static let slots = DumpLayout.fields.count + 1
  /// `"z"`'s.
  static let z = DumpLayout.fields.count
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
