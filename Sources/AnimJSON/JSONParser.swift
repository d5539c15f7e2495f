/// Why a JSON text could not be read, and where.
package struct JSONParseError: Error, Equatable, Sendable {
  package let message: String
  package let offset: Int
}

extension JSONValue {
  /// Parses one JSON document. Nesting is limited so hostile input cannot exhaust the stack.
  package static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    var reader = JSONReader(bytes: bytes)
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == bytes.count else { throw reader.fail("trailing characters") }
    return value
  }
}

private struct JSONReader {
  let bytes: [UInt8]
  var index = 0
  static let maxDepth = 512

  init(bytes: [UInt8]) { self.bytes = bytes }

  func fail(_ message: String) -> JSONParseError {
    JSONParseError(message: message, offset: index)
  }

  mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth < Self.maxDepth else { throw fail("nesting too deep") }
    skipSpace()
    guard index < bytes.count else { throw fail("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    default: return .number(try number())
    }
  }

  mutating func literal(_ word: String) throws(JSONParseError) {
    for b in word.utf8 {
      guard index < bytes.count, bytes[index] == b else { throw fail("invalid literal") }
      index += 1
    }
  }

  mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
    index += 1
    var members: [(String, JSONValue)] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
      index += 1
      members.append((key, try value(depth: depth + 1)))
      skipSpace()
      guard index < bytes.count else { throw fail("unterminated object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      throw fail("expected ',' or '}'")
    }
  }

  mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
    index += 1
    var items: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      items.append(try value(depth: depth + 1))
      skipSpace()
      guard index < bytes.count else { throw fail("unterminated array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      }
      throw fail("expected ',' or ']'")
    }
  }

  /// A string's UTF-8 bytes are gathered and decoded once, at its end: appending each
  /// escape's scalar to a `String` as it came cost time in the length so far, and a
  /// document of many lines sent to the language server is one string of thousands of
  /// `\n`s.
  mutating func string() throws(JSONParseError) -> String {
    index += 1
    var utf8 = [UInt8]()
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      }
      if b == UInt8(ascii: "\\") {
        index += 1
        guard index < bytes.count else { break }
        let e = bytes[index]
        index += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(e)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
            bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) {
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
          }
          utf8.append(contentsOf: String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
        default: throw fail("invalid escape")
        }
        continue
      }
      if b < 0x20 { throw fail("control character in string") }
      utf8.append(b)
      index += 1
    }
    throw fail("unterminated string")
  }

  mutating func hex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let c = bytes[index]
      let d: UInt32
      switch c {
      case 48...57: d = UInt32(c - 48)
      case 65...70: d = UInt32(c - 55)
      case 97...102: d = UInt32(c - 87)
      default: throw fail("bad hex digit")
      }
      v = v * 16 + d
      index += 1
    }
    return v
  }

  mutating func number() throws(JSONParseError) -> Double {
    let start = index
    while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
    guard index > start, let v = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
      throw fail("invalid value")
    }
    return v
  }
}
