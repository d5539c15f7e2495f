import AnimJSON
import Testing

/// Issue 17 item 10: a body the server cannot parse gets JSON-RPC 2.0's parse error
/// (`-32700`, `"id": null`, §5 and §5.1 of the JSON-RPC 2.0 specification), and the
/// server keeps serving.
@Suite struct ParseErrorTests {
  func frame(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

  func nullIDError(_ client: LSPClient) -> JSONValue? {
    client.waitFor { $0["id"] == .null && $0["error"] != nil }
  }

  @Test func badJSONGetsAParseErrorWithANullID() throws {
    let client = try LSPClient()
    client.initialize()
    for body in [#"{"jsonrpc": "2.0", "id": 4, "method": "shutdown""#, #"{"id": 5, method: "x"}"#, "\u{FF}"] {
      client.sendRaw(frame(Array(body.utf8)))
      let answer = try #require(nullIDError(client), "\(body)")
      #expect(answer["jsonrpc"] == .string("2.0"))
      #expect(answer["error"]?["code"] == .number(-32700))
      #expect(answer["error"]?["message"]?.stringValue?.isEmpty == false)
    }
    // Still serving.
    let hover = client.request("textDocument/hover", J.at("file:///none.anim", 0, 0))
    #expect(hover?["error"]?["code"] == .number(-32803))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func nestingAMillionLevelsDeepGetsAParseError() throws {
    let client = try LSPClient()
    client.initialize()
    let depth = 1_000_000
    for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
      let body = Array(String(repeating: open, count: depth).utf8) + Array(String(repeating: close, count: depth).utf8)
      client.sendRaw(frame(body))
      let answer = try #require(nullIDError(client), "\(open)")
      #expect(answer["error"]?["code"] == .number(-32700))
    }
    #expect(client.request("workspace/frobnicate")?["error"]?["code"] == .number(-32601))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func validJSONThatIsNotARequestGetsInvalidRequest() throws {
    let client = try LSPClient()
    client.initialize()
    client.send(.array([.number(1), .number(2)]))
    #expect(nullIDError(client)?["error"]?["code"] == .number(-32600))
    client.send(.string("just a string"))
    #expect(nullIDError(client)?["error"]?["code"] == .number(-32600))
    #expect(client.shutdownAndExit() == 0)
  }
}
