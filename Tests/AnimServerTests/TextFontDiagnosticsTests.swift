import AnimJSON
import Foundation
import Testing

/// §12.4 while typing: a `font:` that names no installed family is an error at the
/// argument as soon as it is typed, with the installed family it was nearly as a quick
/// fix, and it clears when the name is completed.
@Suite struct TextFontDiagnosticsTests {
  static let uri = "file:///tmp/caption.anim"
  static let text = """
    node caption = text("Hello", font: "DejaVu Sans") {
      position (100, 100)
    }

    """

  @Test func anUnknownFontIsReportedWhileTyping() throws {
    let client = try LSPClient()
    client.initialize()
    client.open(Self.uri, Self.text)
    let first = try #require(client.diagnostics(Self.uri))
    #expect(first["diagnostics"] == .array([]))

    // Delete the "s" of "Sans" (line 0, column 47): "DejaVu San" names no family.
    change(version: 2, client, range: J.range(0, 46, 0, 47), text: "")
    let second = try #require(client.diagnostics(Self.uri, version: 2))
    let items = try #require(second["diagnostics"]?.arrayValue)
    #expect(items.count == 1)
    #expect(items.first?["code"] == .string("E0370"))
    #expect(items.first?["severity"] == .number(1))
    // The string literal `"DejaVu San"`: columns 35 to 47.
    #expect(items.first?["range"] == J.range(0, 35, 0, 47))
    #expect(items.first?["message"] == .string("no installed font family is named \"DejaVu San\""))

    // Typing the "s" back clears it.
    change(version: 3, client, range: J.range(0, 46, 0, 46), text: "s")
    let third = try #require(client.diagnostics(Self.uri, version: 3))
    #expect(third["diagnostics"] == .array([]))
    #expect(client.shutdownAndExit() == 0)
  }

  private func change(version: Int, _ client: LSPClient, range: JSONValue, text: String) {
    client.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(Self.uri)), ("version", .number(Double(version)))])),
        ("contentChanges", .array([.object([("range", range), ("text", .string(text))])])),
      ]))
  }
}
