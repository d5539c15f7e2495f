import AnimFormat
import Testing

/// The formatter drops `;` and trailing commas. A comment next to a dropped token must be
/// laid out as if the token had never been there, or the second pass (which no longer
/// sees the token) lays it out differently.
struct DroppedTokenCommentTests {
  @Test func commentBeforeASemicolonInABlock() throws {
    let text = "node a = circle(1) {\n  x 1\n  // c\n  ; y 2\n}\n"
    let r = try #require(Fixture.format(text).formatted)
    #expect(r == "node a = circle(1) {\n  x 1\n  // c\n  y 2\n}\n")
  }

  @Test func commentBeforeASemicolonAtTopLevel() throws {
    let r = try #require(Fixture.format("let a = 1\n// c\n; let b = 2\n").formatted)
    #expect(r == "let a = 1\n// c\nlet b = 2\n")
  }

  @Test func commentBeforeATrailingCommaOnItsOwnLine() throws {
    let r = try #require(Fixture.format("let a = [1, 2 // c\n,]\n").formatted)
    #expect(r == "let a = [\n  1,\n  2 // c\n]\n")
  }

  static let variants = [
    // Top level, block comment, blank lines, trailing comments.
    "let a = 1\n/* c */ ; let b = 2\n",
    "let a = 1\n\n// c\n\n; let b = 2\n",
    "let a = 1 // t\n; let b = 2 // u\n// c\n; let c = 3\n",
    "let a = 1\n; // c\nlet b = 2\n",
    "let a = 1\n// c\n;\n",
    // Inside a block, before the closing brace, with trailing comments.
    "node a = circle(1) {\n  fill red // t\n  // c\n  ; position (1, 2) // u\n}\n",
    "node a = circle(1) {\n  fill red\n\n  // c\n  ;\n}\n",
    "node a = circle(1) {\n  fill red /* c */ ; position (1, 2)\n}\n",
    // Nested blocks.
    "node a = circle(1) {\n  group {\n    animate x to 1 over 1s\n    // c\n    ; animate y to 2 over 1s\n  }\n}\n",
    "node a = circle(1) {\n  spawn shape(4, 4) {\n    move (0, 0)\n      // c\n    ; close\n  }\n}\n",
    // Trailing commas.
    "let a = [\n  1,\n  2\n  // c\n  ,\n]\n",
    "let a = max(1, 2 /* c\n */ ,)\n",
  ]

  @Test(arguments: variants)
  func idempotent(_ text: String) throws {
    let once = try #require(Fixture.format(text).formatted)
    #expect(Fixture.format(once).formatted == once)
    #expect(ownLineCommentsMatchTheNextLine(once), "\(once)")
  }

  /// A comment on a line of its own is indented like the statement after it (unless a
  /// closer follows, which sits one level out).
  func ownLineCommentsMatchTheNextLine(_ text: String) -> Bool {
    let lines = text.split(separator: "\n").map(String.init)
    func indent(_ s: String) -> Int { s.prefix { $0 == " " }.count }
    for (i, line) in lines.enumerated() where line.drop(while: { $0 == " " }).hasPrefix("/") {
      guard let next = lines.dropFirst(i + 1).first(where: { !$0.isEmpty }) else { continue }
      let first = next.drop { $0 == " " }.first
      if first != "}" && first != ")" && first != "]" && indent(next) != indent(line) { return false }
    }
    return true
  }
}
