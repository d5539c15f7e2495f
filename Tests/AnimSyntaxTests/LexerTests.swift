import AnimSource
import AnimSyntax
import Testing

/// Token kinds, values and units for the lexical structure of spec §1.
@Suite struct LexerTests {
  func lex(_ text: String) -> (tokens: [Token], diagnostics: [Diagnostic]) {
    var lexer = Lexer(bytes: Array(text.utf8))
    let tokens = lexer.tokenize()
    return (tokens, lexer.diagnostics)
  }

  func kinds(_ text: String) -> [TokenKind] { lex(text).tokens.map(\.kind) }

  @Test func numbersWithUnits() {
    let (tokens, diags) = lex("12 3.5 .5 1e3 2.5e-2 6s 500ms 30deg 0.5rad .25turn 50%")
    #expect(diags.isEmpty)
    let values = tokens.dropLast().map(\.value)
    #expect(values == [12, 3.5, 0.5, 1000, 0.025, 6, 500, 30, 0.5, 0.25, 50])
    let units = tokens.dropLast().map(\.unit)
    #expect(
      units == [.none, .none, .none, .none, .none, .seconds, .milliseconds, .degrees, .radians, .turns, .percent])
  }

  @Test func rangeIsNotAFraction() {
    #expect(kinds("0..10") == [.number, .dotDot, .number, .endOfFile])
    #expect(kinds("1.5..2.5") == [.number, .dotDot, .number, .endOfFile])
    #expect(lex("1.5..2.5").tokens.map(\.value).prefix(3) == [1.5, 0, 2.5])
  }

  @Test func swiftRangesAreReportedWithTheFix() {
    for text in ["0...10", "0..<10"] {
      let (tokens, diags) = lex(text)
      #expect(tokens.map(\.kind) == [.number, .dotDot, .number, .endOfFile])
      #expect(diags.map(\.code) == ["E0108"])
      #expect(diags.first?.fixes.first?.edits.first?.newText == "..")
      #expect(diags.first?.range == SourceRange(start: 1, end: 4))
    }
  }

  @Test func colours() {
    let (tokens, diags) = lex("#F00 #F008 #FF2D55 #FF2D5580")
    #expect(diags.isEmpty)
    #expect(tokens.dropLast().map { UInt32($0.value) } == [0xFF00_00FF, 0xFF00_0088, 0xFF2D_55FF, 0xFF2D_5580])
    for bad in ["#12345", "#GGG", "#"] {
      #expect(lex(bad).diagnostics.map(\.code) == ["E0105"], "\(bad)")
    }
  }

  @Test func stringsAndEscapes() {
    let text = #""a\"b\\c\n\t\u{1F600}""#
    let (tokens, diags) = lex(text)
    #expect(diags.isEmpty)
    #expect(tokens.first?.kind == .string)
    let bytes = Array(text.utf8)
    #expect(decodeStringLiteral(bytes[...]) == "a\"b\\c\n\t😀")
    #expect(lex(#""bad \q""#).diagnostics.map(\.code) == ["E0103"])
    #expect(lex(#""bad \u{110000}""#).diagnostics.map(\.code) == ["E0103"])
    #expect(lex("\"open\nnext").diagnostics.map(\.code) == ["E0102"])
  }

  @Test func nestedCommentsAndNewlines() {
    let (tokens, diags) = lex("a /* x /* y */ z */ b // c\n d /* \n */ e")
    #expect(diags.isEmpty)
    #expect(tokens.map(\.kind) == [.identifier, .identifier, .identifier, .identifier, .endOfFile])
    #expect(tokens.map(\.newlineBefore) == [false, false, true, true, false])
    #expect(lex("a /* /* */").diagnostics.map(\.code) == ["E0104"])
  }

  @Test func wordsAreClassified() {
    let (tokens, _) = lex("scene from fill myName max ccw")
    #expect(
      tokens.map(\.kind) == [.keyword, .identifier, .identifier, .identifier, .identifier, .identifier, .endOfFile])
    #expect(tokens[0].word == .scene)
    #expect(tokens[1].word == .from && Word.from.isClauseWord)
    #expect(tokens[3].word == nil)
    #expect(tokens[4].word == .max)
  }

  @Test func unknownUnitsSuggestTheRightOne() {
    let cases: [(String, String)] = [("6sec", "s"), ("5msec", "ms"), ("90degrees", "deg"), ("5px", "")]
    for (text, fix) in cases {
      let d = lex(text).diagnostics
      #expect(d.map(\.code) == ["E0106"], "\(text)")
      #expect(d.first?.fixes.first?.edits.first?.newText == fix, "\(text)")
    }
    #expect(lex("30°").diagnostics.first?.fixes.first?.edits.first?.newText == "deg")
    #expect(lex("1e").diagnostics.map(\.code) == ["E0107"])
  }

  @Test func invalidCharactersGroupIntoOneError() {
    let (tokens, diags) = lex("a @$ b")
    #expect(tokens.map(\.kind) == [.identifier, .error, .identifier, .endOfFile])
    #expect(diags.count == 1)
    #expect(diags[0].range == SourceRange(start: 2, end: 4))
    // Invalid UTF-8 advances byte by byte and never traps.
    var lexer = Lexer(bytes: [0x61, 0xFF, 0xC3, 0x20, 0x62, 0xE2, 0x82])
    let t = lexer.tokenize()
    #expect(t.map(\.kind) == [.identifier, .error, .identifier, .error, .endOfFile])
  }

  @Test func byteOrderMarkIsSkipped() {
    var lexer = Lexer(bytes: [0xEF, 0xBB, 0xBF] + Array("let".utf8))
    let t = lexer.tokenize()
    #expect(t.first?.word == .let)
    #expect(t.first?.start == 3)
  }
}
