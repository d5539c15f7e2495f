import AnimJSON
import Testing

/// Issue 20 item 10: formatting a document that does not parse says why, instead of
/// answering `[]` in silence. These run the real binary, whose formatter is `animc fmt`'s.
@Suite struct FormattingTests {
  static let uri = "file:///tmp/unformattable.anim"

  func format(_ client: LSPClient) -> JSONValue? {
    client.request(
      "textDocument/formatting",
      .object([
        ("textDocument", J.doc(Self.uri)),
        ("options", .object([("tabSize", .number(2)), ("insertSpaces", .bool(true))])),
      ]))
  }

  func shownMessages(_ client: LSPClient) -> [JSONValue] {
    client.drain().filter { $0["method"] == .string("window/showMessage") }.compactMap { $0["params"] }
  }

  @Test func aSyntaxErrorIsShownWithItsPosition() throws {
    let client = try LSPClient()
    client.initialize()
    // The `{` that is never closed is the 20th character of line 1: "node a = circle(4) " is 19.
    client.open(Self.uri, "node a = circle(4) {\n  fill  #FF0000\n")
    let published = try #require(client.diagnostics(Self.uri)?["diagnostics"]?.arrayValue?.first)
    #expect(format(client)?["result"] == .array([]))
    let messages = shownMessages(client)
    #expect(messages.count == 1)
    let shown = try #require(messages.first)
    #expect(shown["type"] == .number(2))  // Warning
    let text = try #require(shown["message"]?.stringValue)
    #expect(text.contains("1:20"), "\(text)")
    #expect(text.contains("unclosed"), "\(text)")  // §1: "the bracket is reported unclosed"
    // The same first error the editor already lists.
    #expect(text.contains(try #require(published["message"]?.stringValue)), "\(text)")
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func aCleanOrCanonicalDocumentShowsNothing() throws {
    let client = try LSPClient()
    client.initialize()
    client.open(Self.uri, "let a = 1\n")
    _ = client.diagnostics(Self.uri)
    #expect(format(client)?["result"] == .array([]))
    client.open("file:///tmp/other.anim", "let  b = 2\n")
    let edits = client.request(
      "textDocument/formatting",
      .object([("textDocument", J.doc("file:///tmp/other.anim")), ("options", .object([]))]))?["result"]?.arrayValue
    #expect(edits?.count == 1)
    #expect(shownMessages(client).isEmpty)
    #expect(client.shutdownAndExit() == 0)
  }
}
