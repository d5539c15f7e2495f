import AnimFormat
import AnimSource
import AnimSyntax
import Testing

/// Formatting the layer tree (§14): nested nodes indent one level per parent, a group
/// keeps its `node NAME { … }` form, and `spawn … in NODE` keeps its `in`. Expected text
/// is written by hand with the formatter's rules (two spaces a level, one statement a line).
struct LayerTreeFormatTests {
  /// `text` formats as `expected`, which formats as itself.
  func expectFormats(_ text: String, as expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let r = try #require(Fixture.format(text).formatted, sourceLocation: sourceLocation)
    #expect(r == expected, sourceLocation: sourceLocation)
    #expect(Fixture.format(r).formatted == r, sourceLocation: sourceLocation)
  }

  @Test func nestedNodesIndentPerLevel() throws {
    let text =
      "node card = rect(200,280) {\nposition (1,2)\nnode face = circle(4) {\nnode label = circle(1) { fill red }\n}\n}\n"
    let expected = """
      node card = rect(200, 280) {
        position (1, 2)
        node face = circle(4) {
          node label = circle(1) { fill red }
        }
      }

      """
    try expectFormats(text, as: expected)
  }

  @Test func aGroupKeepsItsForm() throws {
    let text = "node wheels   {\n  position (300, 60)\n    node left = circle(4) { position (-8, 0) }\n}\n"
    let expected = "node wheels {\n  position (300, 60)\n  node left = circle(4) { position (-8, 0) }\n}\n"
    try expectFormats(text, as: expected)
  }

  @Test func spawnInKeepsItsParent() throws {
    let text = "emitter e {\non tap\nspawn heart(36)   in   card {\nnode dot = circle(2)\n}\n}\n"
    let expected = "emitter e {\n  on tap\n  spawn heart(36) in card {\n    node dot = circle(2)\n  }\n}\n"
    try expectFormats(text, as: expected)
  }

  @Test func aSpawnInWithoutABlock() throws {
    let text = "emitter e {\n  on tap\n  spawn circle(1) in card\n}\n"
    #expect(Fixture.format(text).formatted == text)
  }

  @Test func formattingKeepsTheTree() throws {
    let text = """
      replicate bars count 3 {
        node bar = rect(10, 40) {
          node cap = circle(5) { fill red }
        }
      }

      """
    let r = try #require(Fixture.format(text).formatted)
    #expect(r == text)
  }
}
