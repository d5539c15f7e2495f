import AnimJSON
import AnimTestSupport
import Testing

/// The editor knows §15's `blend` and `blur` from their declarations: both are offered
/// as statements, only `blur` after `animate`, the cases after `blend .`, and hover
/// documents the property and its cases.
@Suite struct BlendBlurServerTests {
  static let uri = "file:///tmp/fx.anim"
  static let text = "node a = circle(4) {\n  blend .additive\n  blur 2\n}\n"

  @Test func completionOffersThePropertiesAndTheCases() throws {
    let c = CompletionTests()
    let statements = try c.labels("node a = circle(4) {\n  bl‸\n}\n")
    #expect(statements.isSuperset(of: ["blend", "blur"]))
    let animated = try c.labels("node a = circle(4) {\n  animate ‸\n}\n")
    #expect(animated.contains("blur") && !animated.contains("blend"))
    #expect(try c.labels("node a = circle(4) {\n  blend .‸\n}\n") == ["normal", "additive"])
  }

  @Test func hoverDocumentsThePropertyAndItsCases() throws {
    let client = try LSPClient()
    client.initialize()
    client.open(Self.uri, Self.text)
    func hover(_ needle: String, plus k: Int) -> String { client.hover(Self.uri, Self.text, needle, plus: k) }
    #expect(hover("blend", plus: 1).contains("blend .normal | .additive"))
    #expect(hover(".additive", plus: 2).contains("min(1, below + shape)"))
    #expect(hover("blur", plus: 1).contains("standard deviation"))
    #expect(client.shutdownAndExit() == 0)
  }
}

extension LSPClient {
  /// The hover text at `needle` (plus `k` characters) in the open document `text`.
  func hover(_ uri: String, _ text: String, _ needle: String, plus k: Int) -> String {
    let (line, character) = J.find(needle, in: text, plus: k)
    return request("textDocument/hover", J.at(uri, line, character))?["result"]?["contents"]?["value"]?.stringValue
      ?? "<none>"
  }
}
