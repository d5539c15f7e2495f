/// How source bytes divide into characters. One rule for the lexer, the line table and
/// the renderer, so columns agree everywhere: a well-formed UTF-8 sequence is one
/// character; every byte of a malformed one is a character of its own (shown as U+FFFD).
@usableFromInline package enum UTF8Scan {
  /// Length of the character starting at `i`: 1…4 for well-formed UTF-8, 1 for a bad byte.
  @inlinable
  package static func sequenceLength(_ bytes: [UInt8], at i: Int) -> Int {
    let b = bytes[i]
    if b < 0x80 { return 1 }
    let n: Int
    switch b {
    case 0xC2...0xDF: n = 2
    case 0xE0...0xEF: n = 3
    case 0xF0...0xF4: n = 4
    default: return 1
    }
    guard i + n <= bytes.count else { return 1 }
    for k in 1..<n where bytes[i + k] & 0xC0 != 0x80 { return 1 }
    return n
  }

  /// Characters in `bytes[start..<end]`, and UTF-16 code units they take.
  package static func count(_ bytes: [UInt8], from start: Int, to end: Int) -> (scalars: Int, utf16: Int) {
    let scan = scan(bytes, from: start, to: end)
    return (scan.scalars, scan.utf16)
  }

  /// `count`, and where the count stopped: at `end`, or past it when a character begins
  /// before `end` and ends after it (its whole length is counted).
  package static func scan(_ bytes: [UInt8], from start: Int, to end: Int) -> (scalars: Int, utf16: Int, stop: Int) {
    var i = start
    var scalars = 0
    var utf16 = 0
    while i < end {
      // Eight ASCII bytes at a time: a long line's columns are counted once per diagnostic.
      if i + 8 <= end, ByteChunks.chunk(bytes, at: i) & 0x8080_8080_8080_8080 == 0 {
        i += 8
        scalars += 8
        utf16 += 8
        continue
      }
      let n = sequenceLength(bytes, at: i)
      scalars += 1
      utf16 += n == 4 ? 2 : 1
      i += n
    }
    return (scalars, utf16, i)
  }
}
