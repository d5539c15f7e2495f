import AnimSource
import Foundation
import Testing

@testable import AnimSyntax

/// A large file is parsed in two halves on two threads; the tree, names, literals,
/// diagnostics and comments must be exactly those of one parser reading it all, wherever
/// the guessed split falls: between declarations, inside a comment, a broken statement
/// or an unclosed block.
@Suite struct ParallelParseTests {
  static let examples: [String] = {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".anim") }.sorted().compactMap {
      try? String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8)
    }
  }()

  /// Valid scenes on both sides of `middle`, whose midpoint is the file's midpoint.
  static func straddling(_ middle: String) -> [UInt8] { straddling(Array(middle.utf8)) }

  static func straddling(_ middle: [UInt8]) -> [UInt8] {
    let filler = examples.joined(separator: "\n") + "\n"
    var side = ""
    while side.utf8.count < Parser.parallelThreshold / 2 + 1000 { side += filler }
    return Array(side.utf8) + middle + [0x0A] + Array(side.utf8)
  }

  /// Every field of every node, for an exact comparison: kind, flags, range, children,
  /// and the name or literal (a literal's payload indexes its part of the tree, which a
  /// tree parsed in two halves has two of).
  static func nodes(_ tree: SyntaxTree) -> [String] {
    (0..<tree.nodeCount).map {
      let id = NodeID(Int32($0))
      let kind = "\(tree.kind(id)) \(tree.flags(id)) \(tree.range(id))"
      let children = tree.children(id).map { String($0.index) }.joined(separator: ",")
      let value: String
      switch tree.kind(id) {
      case .number, .color: value = "\(tree.number(id))"
      case .string: value = tree.string(id)
      default: value = "\(tree.payload(id))"
      }
      return "\(kind) [\(children)] \(value)"
    }
  }

  static func expectSameParse(_ bytes: [UInt8], _ comment: Comment? = nil) {
    let file = SourceFile(name: "large.anim", bytes: bytes)
    #expect(Parser.splitGuess(file.bytes) != nil, comment)
    for comments in [false, true] {
      let one = Parser.parse(file, collectComments: comments, parallel: false)
      let two = Parser.parse(file, collectComments: comments, parallel: true)
      #expect(nodes(one.tree) == nodes(two.tree), comment)
      #expect(one.tree.root == two.tree.root, comment)
      #expect(one.tree.symbols.names == two.tree.symbols.names, comment)
      #expect(one.diagnostics == two.diagnostics, comment)
      #expect(one.comments == two.comments, comment)
      #expect(one.tree.features == two.tree.features, comment)
      #expect(heads(one) == heads(two), comment)
      #expect(two.declarationHeads.count == two.tree.childCount(two.tree.root), comment)
    }
  }

  /// The parser's heads of the top-level statements, for an exact comparison.
  static func heads(_ result: ParseResult) -> [String] {
    result.declarationHeads.map { "\($0.decl.index) \($0.kind) \(String(describing: $0.symbol?.id)) \($0.nameRange)" }
  }

  @Test func validScenes() {
    Self.expectSameParse(Self.straddling(""))
  }

  /// The halves are joined without a copy: the first half's nodes stay where its parser
  /// left them, and every accessor reads across the seam.
  @Test func joinedTreeKeepsTheFirstHalfApart() {
    let file = SourceFile(name: "large.anim", bytes: Self.straddling(""))
    let two = Parser.parse(file, collectComments: false, parallel: true)
    #expect(two.tree.frontCount > 0)
    #expect(two.tree.frontCount < two.tree.nodeCount)
    let one = Parser.parse(file, collectComments: false, parallel: false)
    #expect(one.tree.frontCount == 0)
    #expect(one.tree.sexpr() == two.tree.sexpr())
  }

  /// §16's statements are noted by the parser that meets them: a tree joined from two
  /// halves has them when only its second half does, and not when neither does.
  @Test(arguments: [false, true])
  func interactionsInTheSecondHalfAreNoted(present: Bool) {
    var text = ""
    while text.utf8.count < Parser.parallelThreshold + 1000 { text += "node n = circle(1) {\n  opacity 0.5\n}\n" }
    if present { text += "node knob = circle(5) {\n  on drag {\n    position drag.location\n  }\n}\n" }
    let file = SourceFile(name: "large.anim", bytes: Array(text.utf8))
    let two = Parser.parse(file, collectComments: false, parallel: true)
    let one = Parser.parse(file, collectComments: false, parallel: false)
    #expect(two.tree.frontCount > 0)
    #expect(two.tree.features.contains(.interactions) == present)
    #expect(one.tree.features.contains(.interactions) == present)
  }

  @Test func splitInsideABlockComment() {
    Self.expectSameParse(Self.straddling("/* a comment\nnode fake = circle(1)\nnode fake2 = circle(2)\n*/"))
  }

  @Test func splitInsideAnUnclosedBlock() {
    Self.expectSameParse(Self.straddling("node open = circle(1) {\n  opacity 0.5\nnode inner = circle(2)\n"))
  }

  @Test func splitBeforeALexicalError() {
    Self.expectSameParse(Self.straddling("node ok = circle(1)\nnode $bad = circle(2)\nlet \"s\" = 1\n"))
  }

  @Test func splitInsideAnUnterminatedComment() {
    Self.expectSameParse(Self.straddling("let a = 1\nnode x = circle(1) /* never closed\n"))
  }

  /// Each syntax mistake of the corpus at the middle of a large file.
  @Test(arguments: CorpusFile.names())
  func corpusMistakeAtTheSplit(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: CorpusFile.directory.appendingPathComponent(name)))
    Self.expectSameParse(Self.straddling(bytes), "\(name)")
  }
}
