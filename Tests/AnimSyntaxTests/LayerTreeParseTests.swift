import AnimSource
import AnimTestSupport
import Testing

@testable import AnimSyntax

/// The layer tree's syntax (§14): nested `node`s, groups, `spawn … in NODE`, and the
/// 64-level limit. Expected trees and positions are read off the source text by hand.
@Suite struct LayerTreeParseTests {
  func parse(_ text: String) -> ParseResult {
    onDeepStack { Parser.parse(SourceFile(name: "t", text: text), collectComments: false, parallel: false) }
  }

  /// The statements of a declaration's block (child `index`).
  func statements(_ tree: SyntaxTree, _ decl: NodeID, block index: Int) -> [NodeID] {
    guard let block = tree.optionalChild(decl, index) else { return [] }
    return tree.childArray(block, from: 0)
  }

  @Test func aNodeBlockDeclaresChildren() throws {
    let r = parse("node card = rect(200, 280) {\n  position (1, 2)\n  node face = circle(4) { position (3, 4) }\n}\n")
    #expect(r.diagnostics.isEmpty)
    let tree = r.tree
    let card = tree.child(tree.root, 0)
    #expect(tree.kind(card) == .nodeDecl)
    let body = statements(tree, card, block: 2)
    #expect(body.map { tree.kind($0) } == [.command, .nodeDecl])
    #expect(tree.name(tree.child(body[1], 0)) == "face")
    // Only the top-level declaration is a head: the child belongs to its parent's block.
    #expect(r.declarationHeads.count == 1)
  }

  @Test func aGroupHasNoShape() throws {
    let r = parse("node wheels {\n  position (300, 60)\n  node left = circle(4) { position (-8, 0) }\n}\n")
    #expect(r.diagnostics.isEmpty)
    let tree = r.tree
    let wheels = tree.child(tree.root, 0)
    #expect(tree.kind(tree.child(wheels, 1)) == .absent)
    #expect(statements(tree, wheels, block: 2).map { tree.kind($0) } == [.command, .nodeDecl])
  }

  @Test func aNodeWithoutShapeOrBlockStillNeedsItsEquals() {
    let r = parse("node lonely\n")
    #expect(r.diagnostics.map(\.code) == [SyntaxCode.expectedToken])
  }

  @Test func spawnInNamesTheParentAfterTheBlock() throws {
    let text = "emitter e {\n  on tap\n  spawn circle(4) in card { position (1, 1) }\n}\n"
    let r = parse(text)
    #expect(r.diagnostics.isEmpty)
    let tree = r.tree
    let emitter = tree.child(tree.root, 0)
    let spawn = try #require(statements(tree, emitter, block: 1).last)
    #expect(tree.kind(spawn) == .spawn)
    #expect(tree.kind(tree.child(spawn, 1)) == .block)
    let parent = try #require(tree.optionalChild(spawn, 2))
    #expect(tree.name(parent) == "card")
    // `card` starts at line 3, column 22 (0-based offset: the two lines before, then 21).
    let offset = "emitter e {\n  on tap\n".utf8.count + 21
    #expect(tree.range(parent) == SourceRange(start: offset, end: offset + 4))
  }

  @Test func aSpawnWithoutInKeepsAnAbsentParent() throws {
    let r = parse("emitter e {\n  on tap\n  spawn circle(4)\n}\n")
    #expect(r.diagnostics.isEmpty)
    let tree = r.tree
    let emitter = tree.child(tree.root, 0)
    let spawn = try #require(statements(tree, emitter, block: 1).last)
    #expect(tree.childCount(spawn) == 3)
    #expect(tree.optionalChild(spawn, 1) == nil && tree.optionalChild(spawn, 2) == nil)
  }

  @Test func spawnsAndReplicatorChildrenDeclareChildrenToo() {
    let text = """
      emitter e {
        on tap
        spawn rect(20, 20) {
          node label = circle(2) { node dot = circle(1) }
        }
      }
      replicate bars count 3 {
        node bar = rect(10, 40) {
          node cap = circle(5)
        }
      }

      """
    #expect(parse(text).diagnostics.isEmpty)
  }

  @Test func scenePositionIsAMember() throws {
    let r = parse("let p = face.scenePosition\n")
    #expect(r.diagnostics.isEmpty)
    let tree = r.tree
    let value = tree.child(tree.child(tree.root, 0), 1)
    #expect(tree.kind(value) == .member)
    #expect(tree.name(value) == "scenePosition")
  }

  /// `n` nodes, each inside the one before, one per line, then their closers.
  func chain(_ n: Int) -> String {
    (1...n).map { "node n\($0) = circle(1) {\n" }.joined() + String(repeating: "}\n", count: n)
      + "node last = circle(2)\n"
  }

  @Test func nodesNestSixtyFourLevels() {
    #expect(parse(chain(64)).diagnostics.isEmpty)
  }

  @Test func theSixtyFifthLevelIsOneErrorAtItsKeyword() throws {
    let text = chain(65)
    let r = parse(text)
    #expect(r.diagnostics.map(\.code) == [SyntaxCode.nodesNestedTooDeeply])
    let d = try #require(r.diagnostics.first)
    // Line 65, column 1: the 65th `node`.
    let file = SourceFile(name: "t", text: text)
    #expect(file.lineColumn(d.range.start).line == 65)
    #expect(file.lineColumn(d.range.start).column == 1)
    #expect(d.message == "this node would be nested 65 levels deep; nodes nest at most 64 levels (§14)")
    // The declaration after the chain is still read.
    #expect(r.declarationHeads.count == 2)
  }

  @Test func hostileNestingStaysBounded() {
    // 200,000 levels: the parser recurses 64 node levels, then skips the rest.
    let r = parse(chain(200_000))
    #expect(r.diagnostics.map(\.code) == [SyntaxCode.nodesNestedTooDeeply])
    let unclosed = "node a = circle(1) {\n" + String(repeating: "node b = circle(1) {\n", count: 100_000)
    let u = parse(unclosed)
    #expect(u.diagnostics.contains { $0.code == SyntaxCode.nodesNestedTooDeeply })
  }
}
