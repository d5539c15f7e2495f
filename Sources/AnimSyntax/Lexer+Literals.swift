import AnimSource

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Number, string and colour literals.
extension Lexer {
  /// `12`, `3.5`, `.5`, `1e3`, `2.5e-2`, each optionally followed by a unit (§1).
  mutating func scanNumber() -> Token {
    let start = index
    var mantissa: UInt64 = 0
    var digits = 0
    var scale = 0
    while index < bytes.count, isDigit(bytes[index]) {
      accumulate(&mantissa, &digits, &scale, bytes[index], fraction: false)
      index += 1
    }
    if peekByte() == UInt8(ascii: "."), isDigit(peekByte(1)) {
      index += 1
      while index < bytes.count, isDigit(bytes[index]) {
        accumulate(&mantissa, &digits, &scale, bytes[index], fraction: true)
        index += 1
      }
    }
    var exponent = 0
    let e = peekByte()
    if e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      let sign = peekByte(1)
      let hasSign = sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
      if isDigit(peekByte(hasSign ? 2 : 1)) {
        index += hasSign ? 2 : 1
        while index < bytes.count, isDigit(bytes[index]) {
          if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - 0x30) }
          index += 1
        }
        if sign == UInt8(ascii: "-") { exponent = -exponent }
      }
    }
    let numberEnd = index
    var token = Token(kind: .number, start: start, end: index)
    token.value = decimalValue(mantissa, digits: digits, exponent: exponent - scale, start: start, end: numberEnd)
    // Most numbers end at a space, `,` or `)`: only a letter, `%` or the first byte of
    // `°` can start a unit, and the call to read one was a fifth of reading a number.
    let next = peekByte()
    let mayHaveUnit = isWordByte(next) || next == UInt8(ascii: "%") || next == 0xC2
    token.unit = mayHaveUnit ? scanUnit(numberStart: start) : .none
    token.end = Int32(index)
    if token.unit == .none, index > numberEnd { token.kind = .error }
    return token
  }

  private func accumulate(_ m: inout UInt64, _ digits: inout Int, _ scale: inout Int, _ b: UInt8, fraction: Bool) {
    if digits < 19 {
      m = m * 10 + UInt64(b - 0x30)
      if m != 0 { digits += 1 }
      if fraction { scale += 1 }
    } else if !fraction {
      scale -= 1  // digits beyond 19 only shift the magnitude; strtod handles the rest
    }
  }

  /// Exact when the mantissa and power of ten are exactly representable (Clinger's fast
  /// path); otherwise `strtod`, which rounds correctly.
  private func decimalValue(_ m: UInt64, digits: Int, exponent: Int, start: Int, end: Int) -> Double {
    if m == 0 { return 0 }
    if digits <= 15, exponent >= -22, exponent <= 22 {
      let powers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
        1e18, 1e19, 1e20, 1e21, 1e22,
      ]
      return exponent >= 0 ? Double(m) * powers[exponent] : Double(m) / powers[-exponent]
    }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    return strtod(text, nil)
  }

  /// The unit spelled by the letters from `start` to `index`, if it is one. Compared as
  /// bytes: most numbers carry a unit, and making a `String` of each to compare cost more
  /// than reading the number.
  private func knownUnit(from start: Int) -> NumberUnit? {
    func at(_ k: Int, _ letter: Unicode.Scalar) -> Bool { bytes[start + k] == UInt8(ascii: letter) }
    switch index - start {
    case 1: return at(0, "s") ? .seconds : nil
    case 2: return at(0, "m") && at(1, "s") ? .milliseconds : nil
    case 3:
      if at(0, "d") && at(1, "e") && at(2, "g") { return .degrees }
      return at(0, "r") && at(1, "a") && at(2, "d") ? .radians : nil
    case 4: return at(0, "t") && at(1, "u") && at(2, "r") && at(3, "n") ? .turns : nil
    default: return nil
    }
  }

  /// The unit letters right after a number, or `%`. Unknown letters are an error with
  /// a fix when the intended unit is clear.
  private mutating func scanUnit(numberStart: Int) -> NumberUnit {
    if peekByte() == UInt8(ascii: "%") {
      index += 1
      return .percent
    }
    if peekByte() == 0xC2, peekByte(1) == 0xB0 {  // "°"
      let s = index
      index += 2
      report(
        SyntaxCode.unknownUnit, "angles are written with a unit word, not `°`", s, index,
        fixes: [.replace(SourceRange(start: s, end: index), with: "deg", "write `deg`")])
      return .none
    }
    let unitStart = index
    while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
    guard index > unitStart else { return .none }
    if let unit = knownUnit(from: unitStart) { return unit }
    let letters = String(decoding: bytes[unitStart..<index], as: UTF8.self)
    let range = SourceRange(start: unitStart, end: index)
    var fixes: [Fix] = []
    switch letters.lowercased() {
    case "sec", "secs", "second", "seconds": fixes.append(.replace(range, with: "s", "seconds are written `s`"))
    case "msec", "msecs", "millis", "milliseconds":
      fixes.append(.replace(range, with: "ms", "milliseconds are written `ms`"))
    case "degree", "degrees", "degs": fixes.append(.replace(range, with: "deg", "degrees are written `deg`"))
    case "radian", "radians", "rads": fixes.append(.replace(range, with: "rad", "radians are written `rad`"))
    case "turns": fixes.append(.replace(range, with: "turn", "turns are written `turn`"))
    case "px", "pt": fixes.append(.replace(range, with: "", "lengths are plain numbers (points): remove `\(letters)`"))
    default: break
    }
    let message: String
    if letters.first == "e" || letters.first == "E" {
      message = "malformed number: an exponent needs digits after `\(letters.prefix(1))`"
      diagnostics.append(.error(SyntaxCode.malformedNumber, message, at: SourceRange(start: numberStart, end: index)))
    } else {
      report(
        SyntaxCode.unknownUnit, "unknown unit `\(letters)`", unitStart, index, fixes: fixes,
        notes: ["units are `s` and `ms` for durations, `deg`, `rad` and `turn` for angles, `%` for percentages"])
    }
    return .none
  }

  /// `"…"` with `\" \\ \n \t \u{…}`. Strings end at the end of their line.
  mutating func scanString() -> Token {
    let start = index
    index += 1
    var valid = true
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        index += 1
        var token = Token(kind: valid ? .string : .error, start: start, end: index)
        token.value = 0
        return token
      }
      if b == 0x0A || b == 0x0D { break }
      if b == UInt8(ascii: "\\") {
        if !scanEscape() { valid = false }
        continue
      }
      if b >= 0x80 {
        let n = utf8Length(at: index)
        if n == 1 && valid {
          report(
            SyntaxCode.invalidCharacter, "invalid UTF-8 in string", index, index + 1, notes: ["source files are UTF-8"])
          valid = false
        }
        index += n
        continue
      }
      index += 1
    }
    report(
      SyntaxCode.unterminatedString, "unterminated string", start, index,
      fixes: [.replace(.at(index), with: "\"", "add the closing `\"`")],
      notes: ["a string ends on the line it starts; write `\\n` for a line break"])
    return Token(kind: .error, start: start, end: index)
  }

  /// One escape after `\`; reports a bad one and tells whether it was valid.
  private mutating func scanEscape() -> Bool {
    let start = index
    index += 1
    let e = peekByte()
    switch e {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"):
      index += 1
      return true
    case UInt8(ascii: "u") where peekByte(1) == UInt8(ascii: "{"):
      index += 2
      var value: UInt32 = 0
      var count = 0
      while let h = hexValue(peekByte()), count < 8 {
        value = value &* 16 &+ h
        count += 1
        index += 1
      }
      if peekByte() == UInt8(ascii: "}"), count >= 1, count <= 6, Unicode.Scalar(value) != nil {
        index += 1
        return true
      }
      while index < bytes.count, bytes[index] != UInt8(ascii: "}"), bytes[index] != UInt8(ascii: "\""),
        bytes[index] != 0x0A
      {
        index += 1
      }
      if peekByte() == UInt8(ascii: "}") { index += 1 }
      report(
        SyntaxCode.invalidEscape, "invalid Unicode escape", start, index,
        notes: ["write `\\u{…}` with 1 to 6 hex digits naming a Unicode scalar"])
      return false
    default:
      if index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += utf8Length(at: index) }
      report(
        SyntaxCode.invalidEscape, "invalid escape in string", start, index,
        fixes: [.replace(SourceRange(start: start, end: start + 1), with: "\\\\", "write `\\\\` for a backslash")],
        notes: ["escapes are `\\\"`, `\\\\`, `\\n`, `\\t` and `\\u{…}`"])
      return false
    }
  }

  /// `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`; `value` holds `0xRRGGBBAA`.
  mutating func scanColor() -> Token {
    let start = index
    index += 1
    while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
    let digits = bytes[(start + 1)..<index]
    // The digits packed four bits each, in a register rather than an array allocated per
    // colour. Past 16 digits the packing wraps, but only 3, 4, 6 or 8 are read.
    var allHex = true
    var packed: UInt64 = 0
    for b in digits {
      guard let v = hexValue(b) else {
        allHex = false
        break
      }
      packed = packed << 4 | UInt64(v)
    }
    let n = digits.count
    func nibble(_ i: Int) -> UInt32 { UInt32(truncatingIfNeeded: packed >> UInt64(4 * (n - 1 - i))) & 0xF }
    let rgba: UInt32?
    switch allHex ? n : -1 {
    case 3: rgba = (nibble(0) * 17) << 24 | (nibble(1) * 17) << 16 | (nibble(2) * 17) << 8 | 0xFF
    case 4: rgba = (nibble(0) * 17) << 24 | (nibble(1) * 17) << 16 | (nibble(2) * 17) << 8 | nibble(3) * 17
    case 6: rgba = UInt32(truncatingIfNeeded: packed) << 8 | 0xFF
    case 8: rgba = UInt32(truncatingIfNeeded: packed)
    default: rgba = nil
    }
    guard let rgba else {
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      let why =
        !allHex
        ? "`\(text)` has characters that are not hex digits" : "`\(text)` has \(digits.count) hex digits"
      report(
        SyntaxCode.invalidColor, "invalid colour literal: \(why)", start, index,
        notes: ["colours are `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` in hex digits"])
      return Token(kind: .error, start: start, end: index)
    }
    var token = Token(kind: .color, start: start, end: index)
    token.value = Double(rgba)
    return token
  }
}

/// The text a string literal denotes, escapes resolved. `bytes` is the literal with its quotes.
package func decodeStringLiteral(_ bytes: ArraySlice<UInt8>) -> String {
  var scalars = String.UnicodeScalarView()
  var body = Array(bytes.dropFirst())
  if body.last == UInt8(ascii: "\"") { body.removeLast() }
  var i = 0
  var run: [UInt8] = []
  func flush() {
    scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
    run.removeAll()
  }
  while i < body.count {
    let b = body[i]
    guard b == UInt8(ascii: "\\"), i + 1 < body.count else {
      run.append(b)
      i += 1
      continue
    }
    flush()
    let e = body[i + 1]
    i += 2
    switch e {
    case UInt8(ascii: "n"): scalars.append("\n")
    case UInt8(ascii: "t"): scalars.append("\t")
    case UInt8(ascii: "u"):
      var v: UInt32 = 0
      if i < body.count, body[i] == UInt8(ascii: "{") { i += 1 }
      while i < body.count, let h = hexValue(body[i]) {
        v = v &* 16 &+ h
        i += 1
      }
      if i < body.count, body[i] == UInt8(ascii: "}") { i += 1 }
      scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
    default: scalars.append(Unicode.Scalar(e))
    }
  }
  flush()
  return String(scalars)
}
