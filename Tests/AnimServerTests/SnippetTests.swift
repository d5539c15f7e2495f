import Testing

@testable import AnimServer

/// Snippet syntax to plain text, for clients without snippet support. Expected values
/// are written by hand from LSP 3.17's snippet grammar.
@Suite struct SnippetTests {
  @Test func placeholdersBecomeTheirDefaultsAndTabStopsVanish() {
    #expect(Snippet.plainText("animate ${1:opacity} ") == "animate opacity ")
    #expect(Snippet.plainText("let ${1:name} = $0") == "let name = ")
    #expect(Snippet.plainText("parabola(from: ${1}, to: ${2}, type: .up)") == "parabola(from: , to: , type: .up)")
    #expect(
      Snippet.plainText("scene \"${1:Title}\" {\n\tsize ${2:375}, ${3:667}\n\t$0\n}")
        == "scene \"Title\" {\n\tsize 375, 667\n\t\n}")
    #expect(Snippet.plainText("${1:outer ${2:inner}}!") == "outer inner!")
    #expect(Snippet.plainText("${1|linear,easeIn|}") == "linear")
    #expect(Snippet.plainText("$12x") == "x")
  }

  @Test func escapesAndStrayDollarsAreKept() {
    #expect(Snippet.plainText("cost \\$5 \\} \\\\") == "cost $5 } \\")
    #expect(Snippet.plainText("a $ b ${x} ${1:unclosed") == "a $ b ${x} ${1:unclosed")
    #expect(Snippet.plainText("") == "")
  }
}
