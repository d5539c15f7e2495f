import Testing

@testable import AnimSyntax

/// The symbol table keys a name by its first bytes read eight at a time (`ByteChunks`),
/// near the file's end a byte at a time: names taken from anywhere in a random file
/// must come back as their bytes, the same name as the same symbol, and different
/// names as different symbols.
@Suite struct SymbolKeyDifferentialTests {
  static func randomBytes(_ state: inout UInt64, count: Int) -> [UInt8] {
    // ASCII, as the lexer's words are: a name's spelling is a `String` of its bytes.
    let alphabet = Array("abcXYZ019_ -+(\n\u{7F}".utf8) + [0x00, 0x60, 0x7B, 0x40, 0x5B, 0x2F, 0x3A]
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return alphabet[Int(state >> 33) % alphabet.count]
    }
  }

  @Test func namesInternedFromAnywhereInAFileAreTheirBytes() {
    var state: UInt64 = 5
    var table = SymbolTable()
    var seen: [[UInt8]: Symbol] = [:]
    let file = Self.randomBytes(&state, count: 4_000)
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let start = Int(state >> 40) % file.count
      let length = min(Int(state >> 20) % 24, file.count - start)
      let name = Array(file[start..<start + length])
      let symbol = table.intern(file, from: start, to: start + length)
      #expect(Array(table[symbol].utf8) == name)
      if let earlier = seen[name] { #expect(earlier == symbol) } else { seen[name] = symbol }
    }
    #expect(Set(seen.values).count == seen.count)
  }
}
