import AnimCheck
import AnimIR
import AnimJSON
import AnimModel
import AnimSource
import AnimSyntax
import Foundation
import Testing

@testable import AnimServer

/// The extension points others wire in: a formatter and an expression-type provider.
/// The server runs in this process here, since the `animc` binary has neither yet.
@Suite struct HookTests {
  /// Collapses runs of spaces: enough of a "formatter" to see the edit the server makes.
  struct SpaceSquasher: DocumentFormatter {
    func formattedText(of file: SourceFile, options: FormattingOptions) -> String? {
      var text = file.text(SourceRange(start: 0, end: file.bytes.count))
      while text.contains("  =") { text = text.replacingOccurrences(of: "  =", with: " =") }
      return text
    }
  }

  @Test func formattingUsesTheHookAndSendsAMinimalEdit() throws {
    let client = LSPClient(hooks: ServerHooks(formatter: SpaceSquasher()))
    let caps = client.initialize()?["result"]?["capabilities"]
    #expect(caps?["documentFormattingProvider"] == .bool(true))
    client.open("file:///f.anim", "let a = 1\nlet bb  = 2\nlet c = 3\n")
    let edits = try #require(
      client.request(
        "textDocument/formatting",
        .object([
          ("textDocument", J.doc("file:///f.anim")),
          ("options", .object([("tabSize", .number(2)), ("insertSpaces", .bool(true))])),
        ]))?[
          "result"]?.arrayValue)
    #expect(edits == [.object([("range", J.range(1, 0, 2, 0)), ("newText", .string("let bb = 2\n"))])])
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func formattingWithoutAFormatterAnswersNoEdits() throws {
    let client = LSPClient(hooks: ServerHooks())
    client.initialize()
    client.open("file:///f.anim", "let a  = 1\n")
    let result = client.request(
      "textDocument/formatting", .object([("textDocument", J.doc("file:///f.anim")), ("options", .object([]))]))
    #expect(result?["result"] == .array([]))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func hoverShowsTheTypeFromTheHook() throws {
    let hooks = ServerHooks(typeOf: { analysis, node in
      analysis.syntax.kind(node) == .call ? "Shape" : analysis.syntax.kind(node) == .name ? "Node" : nil
    })
    let client = LSPClient(hooks: hooks)
    client.initialize()
    client.open("file:///t.anim", "node button = circle(40)\nemitter e {\n  on tap button\n}\n")
    let declared = client.request("textDocument/hover", J.at("file:///t.anim", 0, 6))?["result"]?["contents"]?["value"]?
      .stringValue
    #expect(declared?.contains("Type: `Shape`") == true)
    let used = client.request("textDocument/hover", J.at("file:///t.anim", 2, 10))?["result"]?["contents"]?["value"]?
      .stringValue
    #expect(used?.contains("Type: `Node`") == true)
    #expect(client.shutdownAndExit() == 0)
  }
}
