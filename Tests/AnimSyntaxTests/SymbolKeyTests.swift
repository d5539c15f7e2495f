import Testing

@testable import AnimSyntax

/// The lexer interns a name with wide loads from the file's bytes; the table looks names
/// up, and absorbs another table's, a byte at a time. Both must make the same key.
@Suite struct SymbolKeyTests {
  @Test func namesLexedAndLookedUpAgree() {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    var names: [String] = []
    for n in 1...20 {
      var name = ""
      for i in 0..<n { name.append(letters[(i * 7 + n) % 26]) }
      names.append(name)
    }
    // Each name twice: at a line's start, and last in the file (where a short name has
    // fewer than 12 bytes from its start, and the lexer gathers its key a byte at a time).
    for name in names {
      let source = "\(name) = 1\nlet x = \(name)"
      var lexer = Lexer(bytes: Array(source.utf8))
      let tokens: [Token] = lexer.tokenize()
      let table = lexer.symbols
      let symbols: [Symbol] = tokens.filter { $0.kind == .identifier && table[$0.symbol] == name }.map { $0.symbol }
      #expect(symbols.count == 2, "\(name)")
      #expect(Set(symbols.map { $0.id }).count == 1, "\(name)")
      #expect(table.lookup(name) == symbols.first, "\(name)")
    }
  }
}

/// `Word`'s spellings are written out; they must follow the cases, and every table must
/// give each word its raw value as its symbol.
@Suite struct WordSpellingTests {
  @Test func spellingsFollowTheCases() {
    let table = SymbolTable()
    for word in Word.allCases {
      #expect(word.spelling == String(describing: word))
      #expect(table.lookup(word.spelling) == Symbol(word))
    }
    #expect(table.names.count == Word.allCases.count)
  }
}
