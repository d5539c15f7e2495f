import AnimJSON
import AnimTestSupport
import Testing

/// The editor on the layer tree (§14): the outline nests child nodes under their parent,
/// hover and completion know `scenePosition` and a spawn's `in`.
@Suite struct LayerTreeServerTests {
  static let uri = "file:///tmp/tree.anim"
  static let text = LayerTreeSample.scene

  func session() throws -> LSPClient {
    let client = try LSPClient()
    client.initialize()
    client.open(Self.uri, Self.text)
    return client
  }

  func names(_ list: JSONValue?) -> [String] { list?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? [] }

  func child(_ symbol: JSONValue?, _ name: String) -> JSONValue? {
    symbol?["children"]?.arrayValue?.first { $0["name"] == .string(name) }
  }

  @Test func documentSymbolsNestChildNodes() throws {
    let client = try session()
    let symbols = try #require(
      client.request("textDocument/documentSymbol", .object([("textDocument", J.doc(Self.uri))]))?["result"])
    #expect(names(symbols) == ["card", "wheels", "marker", "likes"])
    let card = symbols.arrayValue?.first { $0["name"] == .string("card") }
    #expect(names(card?["children"]) == ["face"])
    #expect(names(child(card, "face")?["children"]) == ["label"])
    let wheels = symbols.arrayValue?.first { $0["name"] == .string("wheels") }
    #expect(names(wheels?["children"]) == ["left", "right"])
    // A group has no shape: its detail is its keyword.
    #expect(wheels?["detail"] == .string("node"))
    let likes = symbols.arrayValue?.first { $0["name"] == .string("likes") }
    #expect(names(likes?["children"]) == ["sparkle"])
    // `face` is declared on line 3 (0-based 2), its name from column 7 to 11.
    #expect(child(card, "face")?["selectionRange"] == J.range(2, 7, 2, 11))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func hoverExplainsScenePositionAndIn() throws {
    let client = try session()
    func hover(_ needle: String, plus k: Int) -> String { client.hover(Self.uri, Self.text, needle, plus: k) }
    #expect(hover("scenePosition", plus: 2).contains("NODE.scenePosition"))
    #expect(hover("in card", plus: 1).contains("spawn SHAPE in NODE"))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func goToDefinitionFollowsASpawnsParent() throws {
    let client = try session()
    let (line, character) = J.find("in card", in: Self.text, plus: 4)
    let result = client.request("textDocument/definition", J.at(Self.uri, line, character))?["result"]
    // `card` is declared on the first line, columns 5 to 9.
    let range = result?["range"] ?? result?.arrayValue?.first?["range"]
    #expect(range == J.range(0, 5, 0, 9))
    #expect(client.shutdownAndExit() == 0)
  }

  /// Completion on `CompletionTests`' prelude, which declares `node button`.
  func labels(_ source: String) throws -> Set<String> { try CompletionTests().labels(source) }

  @Test func completionOffersInAndParentNodes() throws {
    #expect(try labels("emitter e {\n  on tap\n  spawn circle(2) ‸\n}\n").contains("in"))
    let parents = try labels("node g {\n  node kid = circle(1)\n}\nemitter e {\n  spawn circle(2) in ‸\n}\n")
    #expect(parents == ["button", "g", "kid"])
  }

  @Test func nodeAndSpawnBlocksOfferChildNodes() throws {
    #expect(try labels("node a = circle(4) {\n  ‸\n}\n").contains("node"))
    #expect(try labels("emitter e {\n  spawn circle(2) {\n    ‸\n  }\n}\n").contains("node"))
  }
}
