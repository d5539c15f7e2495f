import Testing

@testable import AnimSyntax

/// `Word.spelling` is a list written out in case order; the cases' own names (by
/// reflection, which the list exists to avoid at run time) say what it must hold.
@Suite struct WordTests {
  @Test func everyWordIsSpelledAsItsCaseIsNamed() {
    for word in Word.allCases {
      #expect(word.spelling == String(describing: word), "\(word.rawValue)")
    }
  }

  @Test func aWordIsLexedAsItself() {
    // Each word is interned first, so its symbol id is its raw value.
    for word in Word.allCases {
      var lexer = Lexer(bytes: Array(word.spelling.utf8))
      let token = lexer.next()
      #expect(token.word == word, "\(word.spelling)")
    }
  }
}
