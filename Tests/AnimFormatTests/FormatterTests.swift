import AnimFormat
import AnimSource
import AnimSyntax
import Testing

/// Behaviour the golden files do not show on their own.
struct FormatterTests {
  @Test func syntaxErrorsAreNeverFormatted() {
    let r = Fixture.format("let a = (1,\nnode n = circle(1)\n")
    #expect(r.formatted == nil)
    #expect(!r.diagnostics.isEmpty)
    #expect(r.diagnostics.allSatisfy { $0.code.hasPrefix("E02") || $0.code.hasPrefix("E01") })
    #expect(!r.changed)
  }

  @Test func literalsKeepTheirSourceSpelling() throws {
    let text =
      "let a = 1.50 + 1e3 + .5 + 2.5e-2 + 010\nlet c = #ff2d55\nlet s = \"a\\tb\\u{1F600}\"\nlet d = 90deg + 0.25turn\n"
    let r = Fixture.format(text)
    #expect(try #require(r.formatted) == text)
    #expect(!r.changed)
  }

  @Test func changedReportsDifferences() {
    #expect(Fixture.format("let a=1\n").changed)
    #expect(!Fixture.format("let a = 1\n").changed)
    #expect(Fixture.format("let a = 1").changed)  // the final newline
  }

  @Test func enumCasesAndMembersAreTight() throws {
    let r = try #require(
      Fixture.format("let a = parabola(to: (1, 2), height: 3, type: . up)\nlet b = a . x\n").formatted)
    #expect(r == "let a = parabola(to: (1, 2), height: 3, type: .up)\nlet b = a.x\n")
  }

  @Test func nestedMultiLineCallsIndentPerLevel() throws {
    let text = "let a = f(g(1,\n2), 3,\n4)\n"
    let r = try #require(Fixture.format(text).formatted)
    #expect(r == "let a = f(\n  g(\n    1,\n    2\n  ),\n  3,\n  4\n)\n")
  }

  @Test func shapeLiteralInsideCallArguments() throws {
    let text = "node n = circle(1) {\n  spawn shape(4, 4) { move (0, 0); close }\n}\n"
    let r = try #require(Fixture.format(text).formatted)
    #expect(r == "node n = circle(1) {\n  spawn shape(4, 4) {\n    move (0, 0)\n    close\n  }\n}\n")
  }

  @Test func braceOnTheNextLineJoins() throws {
    let text = "node n = circle(1)\n{\n  animate x\n  {\n    to 1\n  }\n}\n"
    let r = try #require(Fixture.format(text).formatted)
    #expect(r == "node n = circle(1) {\n  animate x {\n    to 1\n  }\n}\n")
  }

  @Test func commentBeforeABraceOnTheNextLineStaysLegal() throws {
    let text = "node n = circle(1) // note\n{ fill red }\n"
    let r = try #require(Fixture.format(text).formatted)
    let again = try #require(Fixture.format(r).formatted)
    #expect(again == r)
  }

  @Test func handAlignedTrailingCommentsKeepTheirColumn() throws {
    let text = "let a = 1          // one\nlet bb = 22        // two\nlet c = 3 // three\n"
    #expect(try #require(Fixture.format(text).formatted) == text)
  }

  @Test func trailingCommentMovesOutWhenTheCodeGrows() throws {
    let r = try #require(Fixture.format("let a=1+2+3  // c\n").formatted)
    #expect(r == "let a = 1 + 2 + 3 // c\n")
  }

  @Test func blockCommentOwnLineBeforeAStatementOnTheSameLine() throws {
    let text = "node n = circle(1) {\n  /* why */ fill red\n}\n"
    let r = try #require(Fixture.format(text).formatted)
    #expect(r == "node n = circle(1) {\n  /* why */\n  fill red\n}\n")
  }

  @Test func trailingCommasAreDropped() throws {
    let r = try #require(Fixture.format("let a = [1, 2,]\nlet b = max(1, 2,)\n").formatted)
    #expect(r == "let a = [1, 2]\nlet b = max(1, 2)\n")
  }

  @Test func sceneWithoutTitleAndGroupClauses() throws {
    let text =
      "scene{fps 30}\nnode n = circle(1) {\n  sequence   repeat 2   autoreverse {\n    animate x to 1 over 1s\n  }\n}\n"
    let r = try #require(Fixture.format(text).formatted)
    #expect(
      r
        == "scene { fps 30 }\n\nnode n = circle(1) {\n  sequence repeat 2 autoreverse {\n    animate x to 1 over 1s\n  }\n}\n"
    )
  }

  @Test func largeFileStaysFast() throws {
    let one = String(
      decoding: Fixture.bytes(Fixture.root.appendingPathComponent("examples/add-to-cart.anim")), as: UTF8.self)
    let big = String(repeating: one + "\n", count: 20)
    let clock = ContinuousClock()
    let elapsed = clock.measure { _ = Fixture.format(big) }
    #expect(elapsed < .seconds(10))
  }
}
