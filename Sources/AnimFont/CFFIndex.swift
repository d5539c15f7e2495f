/// A CFF INDEX: a count, an offset size and `count + 1` offsets into the data that
/// follows. Objects are read on demand, each checked against the INDEX's own bytes.
struct CFFIndex: Sendable {
  let count: Int
  /// The bytes the INDEX occupies, so that the next structure can follow it.
  let byteLength: Int
  private let view: ByteView
  private let offSize: Int
  private let dataStart: Int

  /// The INDEX starting at `offset` in `view`.
  init(_ view: ByteView, at offset: Int) throws(FontError) {
    count = try view.u16(offset)
    if count == 0 {
      self.view = view
      offSize = 1
      dataStart = offset + 2
      byteLength = 2
      return
    }
    offSize = try view.u8(offset + 2)
    guard (1...4).contains(offSize) else { throw view.fail("an INDEX has offset size \(offSize)") }
    let offsets = offset + 3
    dataStart = offsets + (count + 1) * offSize - 1
    let last = try view.unsigned(offsets + count * offSize, size: offSize)
    try view.check(dataStart, last)
    byteLength = dataStart + last - offset
    self.view = view
  }

  /// Object `i` as a view of its own bytes.
  func object(_ i: Int) throws(FontError) -> ByteView {
    guard i >= 0, i < count else { throw view.fail("INDEX entry \(i) of \(count)") }
    let offsets = dataStart + 1 - (count + 1) * offSize
    let a = try view.unsigned(offsets + i * offSize, size: offSize)
    let b = try view.unsigned(offsets + (i + 1) * offSize, size: offSize)
    guard a >= 1, a <= b else { throw view.fail("INDEX entry \(i) has offsets \(a)…\(b)") }
    return try view.sub(dataStart + a, b - a)
  }
}

/// A CFF DICT: operators with their operands. Two-byte operators `12 x` are keyed
/// `1200 + x`.
struct CFFDict: Sendable {
  private(set) var entries: [Int: [Double]] = [:]

  init(_ view: ByteView) throws(FontError) {
    var operands: [Double] = []
    var at = 0
    while at < view.count {
      let b0 = try view.u8(at)
      switch b0 {
      case 0...21:
        var op = b0
        at += 1
        if b0 == 12 {
          op = 1200 + (try view.u8(at))
          at += 1
        }
        entries[op] = operands
        operands = []
      case 28:
        operands.append(Double(try view.i16(at + 1)))
        at += 3
      case 29:
        operands.append(Double(try view.i32(at + 1)))
        at += 5
      case 30:
        let (value, length) = try Self.real(view, at + 1)
        operands.append(value)
        at += 1 + length
      case 32...246:
        operands.append(Double(b0 - 139))
        at += 1
      case 247...250:
        operands.append(Double((b0 - 247) * 256 + (try view.u8(at + 1)) + 108))
        at += 2
      case 251...254:
        operands.append(Double(-(b0 - 251) * 256 - (try view.u8(at + 1)) - 108))
        at += 2
      default:
        throw view.fail("DICT byte \(b0) at \(at)")
      }
      guard operands.count <= 48 else { throw view.fail("a DICT operator has more than 48 operands") }
    }
  }

  /// A real number: packed decimal nibbles ending with 0xf.
  private static func real(_ view: ByteView, _ start: Int) throws(FontError) -> (Double, Int) {
    var text = ""
    var at = start
    while true {
      let byte = try view.u8(at)
      at += 1
      for nibble in [byte >> 4, byte & 0xF] {
        switch nibble {
        case 0...9: text.append(Character(Unicode.Scalar(UInt8(48 + nibble))))
        case 0xA: text.append(".")
        case 0xB: text.append("E")
        case 0xC: text.append("E-")
        case 0xE: text.append("-")
        case 0xF: return (Double(text) ?? 0, at - start)
        default: break
        }
      }
      guard at - start < 64 else { throw view.fail("a real number longer than 64 bytes") }
    }
  }

  func int(_ op: Int) -> Int? {
    guard let v = entries[op]?.last, v.isFinite, abs(v) < 1e9 else { return nil }
    return Int(v)
  }

  /// The two operands of `op` (Private: size and offset).
  func pair(_ op: Int) -> (Int, Int)? {
    guard let v = entries[op], v.count == 2, v.allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return nil }
    return (Int(v[0]), Int(v[1]))
  }
}
