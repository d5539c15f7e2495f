import AnimJSON
import Testing

/// Hover, definition, references, document symbols and rename on one scene.
@Suite struct FeatureTests {
  static let uri = "file:///tmp/features.anim"
  static let text = """
    scene "Test" {
      size 375, 667
    }

    let drift = 60
    timing pop = spring(damping: 0.6, velocity: 0.8)
    path toCart = parabola(from: (60, 500), to: (330, 44), height: 120, type: .up)

    node button = circle(40) {
      position (scene.width - drift, 600)
      fill #007AFF
      animate opacity from 0.5 to 1 over 1s timing easeIn fill .forwards
    }

    emitter likes {
      on tap button
      origin button.position
      spawn heart(36) {
        let dir = choose(-1, 1)
        animate rotation to dir * 180deg over 6s timing pop
        animate position along toCart over 2s
      }
    }

    replicate ring count 3 {
      instance transform rotate(120deg)
      node dot = circle(5)
    }

    """

  func session() throws -> LSPClient {
    let client = try LSPClient()
    client.initialize()
    client.open(Self.uri, Self.text)
    return client
  }

  func at(_ needle: String, plus k: Int = 0) -> JSONValue {
    let (line, character) = J.find(needle, in: Self.text, plus: k)
    return J.at(Self.uri, line, character)
  }

  func hover(_ client: LSPClient, _ needle: String, plus k: Int = 0) -> String {
    client.request("textDocument/hover", at(needle, plus: k))?["result"]?["contents"]?["value"]?.stringValue ?? "<none>"
  }

  @Test func hoverDocumentsWordsBuiltinsAndDeclarations() throws {
    let client = try session()
    #expect(hover(client, "easeIn", plus: 2).contains("cubicBezier(0.42, 0, 1, 1)"))
    #expect(hover(client, "parabola(", plus: 1).contains("S.y + dy/2 − h"))
    #expect(hover(client, "spring(", plus: 1).contains("ln(1000)"))
    #expect(hover(client, ".up", plus: 1).contains("quad"))
    #expect(hover(client, ".forwards", plus: 2).contains("end state persists"))
    #expect(hover(client, "over 1s", plus: 1).contains("over D"))
    #expect(hover(client, "animate opacity", plus: 9).contains("clamped to 0…1"))
    #expect(hover(client, "emitter likes").contains("emitter NAME"))
    #expect(hover(client, "scene.width", plus: 7).contains("scene's width"))
    // Declared names: the declaration itself.
    let button = hover(client, "tap button", plus: 5)
    #expect(button.contains("node button = circle(40)"))
    #expect(button.contains("2 references"))
    #expect(hover(client, "timing pop", plus: 8).contains("timing pop = spring(damping: 0.6, velocity: 0.8)"))
    #expect(hover(client, "dir *").contains("let dir = choose(-1, 1)"))
    // Comments and blank space: nothing.
    #expect(client.request("textDocument/hover", J.at(Self.uri, 3, 0))?["result"] == .null)
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func definitionResolvesTopLevelAndBlockNames() throws {
    let client = try session()
    let button = client.request("textDocument/definition", at("tap button", plus: 6))?["result"]
    #expect(button?["uri"] == .string(Self.uri))
    #expect(button?["range"] == J.range(8, 5, 8, 11))
    let dir = client.request("textDocument/definition", at("dir *", plus: 1))?["result"]
    #expect(dir?["range"] == J.range(18, 8, 18, 11))
    let path = client.request("textDocument/definition", at("along toCart", plus: 7))?["result"]
    #expect(path?["range"] == J.range(6, 5, 6, 11))
    // A built-in has no definition in the file.
    #expect(client.request("textDocument/definition", at("circle(40)"))?["result"] == .null)
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func referencesListEveryUse() throws {
    let client = try session()
    var params = at("node button", plus: 6)
    if case .object(var m) = params {
      m.append(("context", .object([("includeDeclaration", .bool(true))])))
      params = .object(m)
    }
    let refs = try #require(client.request("textDocument/references", params)?["result"]?.arrayValue)
    #expect(refs.map { $0["range"] } == [J.range(8, 5, 8, 11), J.range(15, 9, 15, 15), J.range(16, 9, 16, 15)])
    let withoutDecl = try #require(
      client.request(
        "textDocument/references", J.at(Self.uri, 4, 5, ("context", .object([("includeDeclaration", .bool(false))]))))?[
          "result"]?.arrayValue)
    #expect(withoutDecl.map { $0["range"] } == [J.range(9, 26, 9, 31)])
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func documentSymbolsAreHierarchical() throws {
    let client = try session()
    let symbols = try #require(
      client.request("textDocument/documentSymbol", .object([("textDocument", J.doc(Self.uri))]))?["result"]?.arrayValue
    )
    #expect(
      symbols.compactMap { $0["name"]?.stringValue } == [
        "scene \"Test\"", "drift", "pop", "toCart", "button", "likes", "ring",
      ])
    let ring = try #require(symbols.last)
    #expect(ring["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["dot"])
    #expect(ring["kind"] == .number(18))
    let likes = try #require(symbols.first { $0["name"] == .string("likes") })
    #expect(likes["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["dir"])
    let button = try #require(symbols.first { $0["name"] == .string("button") })
    #expect(button["detail"] == .string("circle(40)"))
    #expect(button["selectionRange"] == J.range(8, 5, 8, 11))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func renameEditsEveryOccurrenceAndRefusesBadNames() throws {
    let client = try session()
    func rename(_ needle: String, plus k: Int = 0, to name: String) -> JSONValue? {
      var params = at(needle, plus: k)
      if case .object(var m) = params {
        m.append(("newName", .string(name)))
        params = .object(m)
      }
      return client.request("textDocument/rename", params)
    }
    let edits = try #require(rename("tap button", plus: 6, to: "knob")?["result"]?["changes"]?[Self.uri]?.arrayValue)
    #expect(edits.count == 3)
    #expect(edits.allSatisfy { $0["newText"] == .string("knob") })
    for bad in ["easeIn", "over", "node", "circle", "red", "drift", "9lives", "a-b"] {
      let response = rename("tap button", plus: 6, to: bad)
      #expect(response?["error"]?["code"] == .number(-32803), "\(bad)")
    }
    // Built-ins and language words cannot be renamed at all.
    #expect(rename("circle(40)", to: "round2")?["error"] != nil)
    #expect(rename("animate opacity", to: "x2")?["error"] != nil)
    let prepare = client.request("textDocument/prepareRename", at("drift,", plus: 1))?["result"]
    #expect(prepare?["placeholder"] == .string("drift"))
    #expect(prepare?["range"] == J.range(9, 26, 9, 31))
    #expect(client.shutdownAndExit() == 0)
  }
}
