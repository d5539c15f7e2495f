/// One mouse report: SGR (xterm modes 1000/1002 with 1006), `ESC [ < b ; x ; y M` for a
/// press or a motion and `… m` for a release, which `run` asks for; or the legacy X10
/// form a terminal without 1006 sends, `ESC [ M` and three bytes 32 + b, 32 + x, 32 + y
/// (a release is button 3; columns past 223 do not fit a byte, and the UTF-8 form of
/// mode 1005 is not read). Columns and rows count from 1.
enum TerminalMouse: Equatable {
  /// The left button went down.
  case press(column: Int, row: Int)
  /// The pointer moved with the left button held.
  case drag(column: Int, row: Int)
  /// The left button went up.
  case release(column: Int, row: Int)
  /// Any other button, the wheel, or a motion without the left button.
  case other

  /// What the bytes at the front of an input buffer hold.
  enum Scan: Equatable {
    /// A whole report, `length` bytes long.
    case report(TerminalMouse, length: Int)
    /// The start of a report whose rest has not arrived yet.
    case incomplete
    /// Not a mouse report: the first `skip` bytes are dropped (never fewer than one).
    case invalid(skip: Int)
  }

  /// The longest report kept waiting for its end: three 5-digit fields and punctuation.
  static let maxLength = 32

  /// Reads the report at the front of `bytes`, which starts with ESC.
  static func scan(_ bytes: ArraySlice<UInt8>) -> Scan {
    let head: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "<")]
    let start = bytes.startIndex
    for (k, byte) in bytes.prefix(head.count).enumerated() where byte != head[k] {
      if k == 2 && byte == UInt8(ascii: "M") { return legacy(bytes) }
      return k < 2 ? .invalid(skip: 1) : rest(of: bytes, from: start + k)
    }
    guard bytes.count > head.count else { return .incomplete }
    var fields: [Int] = []
    var digits = 0
    var value = 0
    for i in (start + head.count)..<bytes.endIndex {
      let byte = bytes[i]
      let length = i - start + 1
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        guard digits <= 5 else { return rest(of: bytes, from: i) }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: ";"), UInt8(ascii: "M"), UInt8(ascii: "m"):
        guard digits > 0 else { return rest(of: bytes, from: i) }
        fields.append(value)
        digits = 0
        value = 0
        guard byte != UInt8(ascii: ";") else {
          guard fields.count < 3 else { return rest(of: bytes, from: i) }
          continue
        }
        guard fields.count == 3 else { return .invalid(skip: length) }
        return .report(event(fields[0], fields[1], fields[2], released: byte == UInt8(ascii: "m")), length: length)
      default:
        return rest(of: bytes, from: i)
      }
    }
    return bytes.count >= maxLength ? .invalid(skip: bytes.count) : .incomplete
  }

  /// An X10 report: `ESC [ M` and three bytes, each 32 more than its value. A byte below
  /// 32 cannot be one: the prefix alone is dropped, and what follows is read afresh.
  private static func legacy(_ bytes: ArraySlice<UInt8>) -> Scan {
    guard bytes.count >= 6 else { return .incomplete }
    let fields = bytes.dropFirst(3).prefix(3).map { Int($0) - 32 }
    guard fields.allSatisfy({ $0 >= 0 }) else { return .invalid(skip: 3) }
    // Button 3 is a release, of whichever button was down.
    let released = fields[0] & ~(4 | 8 | 16) == 3
    return .report(event(released ? 0 : fields[0], fields[1], fields[2], released: released), length: 6)
  }

  /// A control sequence that is not a mouse report, gone wrong at index `i`: dropped
  /// through its final byte (0x40–0x7E), so none of its bytes is read as a key; all of
  /// what has arrived when its end has not.
  private static func rest(of bytes: ArraySlice<UInt8>, from i: Int) -> Scan {
    let end = bytes[i...].firstIndex { (0x40...0x7E).contains($0) } ?? (bytes.endIndex - 1)
    return .invalid(skip: end - bytes.startIndex + 1)
  }

  /// Button code `b`: bits 0–1 the button (0 left), 4/8/16 modifiers, 32 motion, 64 wheel.
  private static func event(_ b: Int, _ column: Int, _ row: Int, released: Bool) -> TerminalMouse {
    let code = b & ~(4 | 8 | 16)
    switch (code, released) {
    case (0, false): return .press(column: column, row: row)
    case (32, false): return .drag(column: column, row: row)
    case (0, true): return .release(column: column, row: row)
    default: return .other
    }
  }
}
