import AnimSource
import AnimSyntax
import Foundation
import Testing

/// `grammar/anim.ebnf` stays true: every example embedded in it parses without errors.
@Suite struct GrammarTests {
  static var examples: [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = (try? String(contentsOf: root.appendingPathComponent("grammar/anim.ebnf"), encoding: .utf8)) ?? ""
    var found: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: "(*>"), let close = rest.range(of: "<*)", range: open.upperBound..<rest.endIndex) {
      found.append(String(rest[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespaces))
      rest = rest[close.upperBound...]
    }
    return found
  }

  @Test func theGrammarHasExamples() {
    #expect(Self.examples.count >= 15)
  }

  @Test(arguments: examples)
  func everyExampleParses(_ example: String) {
    let result = Parser.parse(SourceFile(name: "grammar.anim", text: example))
    #expect(result.diagnostics.isEmpty, "\(example): \(result.diagnostics.map(\.message))")
  }
}
