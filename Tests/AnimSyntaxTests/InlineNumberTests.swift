import AnimSource
import Testing

@testable import AnimSyntax

/// Number literals kept inline in their node (`SyntaxTree+Numbers.swift`) read back as
/// exactly the value the lexer read, and those that cannot be kept inline still can.
@Suite struct InlineNumberTests {
  static let literals = [
    "0", "1", "7", "60", "0.5", "0.65", "0.1", "0.2", "0.3", "1.25", "3.14159", "0.001", "0.0001", "12.345",
    "268435455", "268435456", "1000000000", "123456.789", "1e3", "2.5e-3", "1e300", "1e400", "99999999999999999",
  ]

  @Test func literalsReadBackExactly() {
    for literal in Self.literals {
      let source = "let a = \(literal)\n"
      var lexer = Lexer(bytes: Array(source.utf8))
      let value = lexer.tokenize().first { $0.kind == .number }?.value
      let tree = Parser.parse(SourceFile(name: "n.anim", text: source)).tree
      let decl = tree.child(tree.root, 0)
      let number = tree.child(decl, 1)
      #expect(tree.kind(number) == .number, "\(literal)")
      #expect(tree.number(number).bitPattern == value?.bitPattern, "\(literal)")
    }
  }

  @Test func encodingRoundTrips() {
    for value in [0, 1, 0.5, 0.65, 0.001, 12.345, 268_435_455, 2.5e-3, 0.1 + 0.2] {
      if let payload = SyntaxTree.inlinePayload(value) {
        #expect(payload < 0)
        #expect(SyntaxTree.inlineNumber(payload).bitPattern == value.bitPattern, "\(value)")
      }
    }
    // Beyond 28 bits, below a thousandth, not finite or not a decimal: the side array.
    for value in [268_435_456, 0.0001, .infinity, .nan, -1, 0.1 + 0.2, 1e300] {
      #expect(SyntaxTree.inlinePayload(value) == nil, "\(value)")
    }
  }
}
