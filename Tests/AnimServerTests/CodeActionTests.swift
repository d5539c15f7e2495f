import AnimJSON
import Testing

/// Quick fixes are listed once, however the client sends the diagnostic back: Neovim
/// re-serializes it with its keys in another order, and clients may drop `data`.
@Suite struct CodeActionTests {
  static let uri = "file:///tmp/actions.anim"
  /// `6sec` on line 2 (0-based), columns 23–26: E0106, one fix (`s`).
  static let text = """
    node button = circle(40) {
      fill #007AFF
      animate x to 5 over 6sec
    }

    """

  func actions(_ client: LSPClient, _ diagnostics: [JSONValue]) throws -> [JSONValue] {
    try #require(
      client.request(
        "textDocument/codeAction",
        .object([
          ("textDocument", J.doc(Self.uri)), ("range", J.range(2, 24, 2, 24)),
          ("context", .object([("diagnostics", .array(diagnostics))])),
        ]))?["result"]?.arrayValue)
  }

  /// The object's members in reverse order, recursively, as another serializer may write them.
  func reordered(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let members): return .object(members.reversed().map { ($0.0, reordered($0.1)) })
    case .array(let items): return .array(items.map(reordered))
    default: return value
    }
  }

  func without(_ key: String, _ value: JSONValue) -> JSONValue {
    guard case .object(let members) = value else { return value }
    return .object(members.filter { $0.0 != key })
  }

  @Test func aDiagnosticSentBackReorderedOrWithoutDataGetsItsFixOnce() throws {
    let client = try LSPClient()
    client.initialize()
    client.open(Self.uri, Self.text)
    let published = try #require(client.diagnostics(Self.uri)?["diagnostics"]?.arrayValue)
    let diagnostic = try #require(published.first)
    #expect(published.count == 1)
    #expect(diagnostic["code"] == .string("E0106"))

    let reorderedActions = try actions(client, [reordered(diagnostic)])
    #expect(reorderedActions.count == 1, "\(reorderedActions)")
    #expect(reorderedActions.first?["title"] == .string("seconds are written `s`"))
    let edits = reorderedActions.first?["edit"]?["changes"]?[Self.uri]?.arrayValue
    #expect(edits == [.object([("range", J.range(2, 23, 2, 26)), ("newText", .string("s"))])])

    #expect(try actions(client, [without("data", reordered(diagnostic))]).count == 1)
    // Sent twice, still one action; and with no diagnostics at all, the server's own.
    #expect(try actions(client, [diagnostic, reordered(diagnostic)]).count == 1)
    #expect(try actions(client, []).count == 1)
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func aStaleDiagnosticFallsBackToItsDataOnce() throws {
    let client = try LSPClient()
    client.initialize()
    client.open(Self.uri, Self.text)
    _ = client.diagnostics(Self.uri)
    // A diagnostic this version does not produce (another message), with its fix in data.
    let edit = JSONValue.object([("range", J.range(0, 5, 0, 11)), ("newText", .string("knob"))])
    let stale = JSONValue.object([
      ("message", .string("an older complaint")), ("code", .string("E0999")),
      ("data", .object([("titles", .array([.string("rename to `knob`")])), ("fixes", .array([edit]))])),
      ("range", .object([("end", J.pos(2, 26)), ("start", J.pos(2, 23))])),
    ])
    let result = try actions(client, [stale, reordered(stale)])
    // Ours for E0106 (under the cursor), and the stale one's, once.
    #expect(result.compactMap { $0["title"]?.stringValue }.sorted() == ["rename to `knob`", "seconds are written `s`"])
    #expect(client.shutdownAndExit() == 0)
  }
}
