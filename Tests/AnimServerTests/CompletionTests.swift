import AnimJSON
import Testing

/// Context-aware completion: each case opens a document with `‸` marking the cursor.
@Suite struct CompletionTests {
  static let prelude = """
    timing pop = spring(damping: 0.6, velocity: 0.8)
    node button = circle(40) {
      fill #007AFF
    }

    """

  /// The completion labels at `‸`, and the items themselves.
  func complete(_ source: String) throws -> [JSONValue] {
    let text = Self.prelude + source
    let (line, character) = J.find("‸", in: text)
    let client = try LSPClient()
    client.initialize()
    client.open("file:///c.anim", text.replacingOccurrences(of: "‸", with: ""))
    let items = client.request("textDocument/completion", J.at("file:///c.anim", line, character))?["result"]?["items"]?
      .arrayValue
    _ = client.shutdownAndExit()
    return try #require(items)
  }

  func labels(_ source: String) throws -> Set<String> {
    Set(try complete(source).compactMap { $0["label"]?.stringValue })
  }

  @Test func topLevelOffersDeclarations() throws {
    let l = try labels("‸")
    #expect(l.isSuperset(of: ["scene", "let", "timing", "shape", "path", "node", "emitter", "replicate", "input"]))
    #expect(!l.contains("animate"))
  }

  @Test func nodeBlockOffersPropertiesAndStatements() throws {
    let l = try labels("node a = circle(4) {\n  op‸\n}\n")
    #expect(l.isSuperset(of: ["opacity", "position", "fill", "anchor", "animate", "let", "remove"]))
    #expect(!l.contains("emitter"))
  }

  @Test func emitterBlockOffersTriggers() throws {
    let l = try labels("emitter e {\n  ‸\n}\n")
    #expect(l.isSuperset(of: ["on", "every", "at", "burst", "max", "origin", "spawn"]))
  }

  @Test func afterAnimateOffersProperties() throws {
    let l = try labels("node a = circle(4) {\n  animate ‸\n}\n")
    #expect(l.isSuperset(of: ["opacity", "scale", "rotation", "position", "strokeEnd"]))
    #expect(!l.contains("over"))
  }

  @Test func afterAnimatePropertyOffersClauses() throws {
    let l = try labels("node a = circle(4) {\n  animate opacity from 0 to 1 ‸\n}\n")
    #expect(l.isSuperset(of: ["over", "delay", "timing", "repeat", "autoreverse", "fill"]))
    #expect(!l.contains("opacity"))
    #expect(!l.contains("from"))  // already used
  }

  @Test func enumCasesFitTheirContext() throws {
    #expect(
      try labels("path p = parabola(from: (0, 0), to: (1, 1), height: 3, type: .‸)\n") == ["up", "downUp", "upDown"])
    #expect(
      try labels("node a = circle(4) {\n  animate x to 5 over 1s fill .‸\n}\n") == [
        "removed", "forwards", "backwards", "both",
      ])
    #expect(
      try labels("node a = circle(4) {\n  animate position along p over 1s rotate .‸\n}\n") == ["auto", "autoReverse"])
    #expect(
      try labels("node a = circle(4) {\n  animate x {\n    keyframes 0: 0, 1: 5\n    interpolate .‸\n  }\n}\n")
        == ["linear", "discrete", "paced", "cubic", "spline"])
    #expect(
      try labels("node a = circle(4) {\n  animate position along p over 1s pacing .‸\n}\n") == ["paced", "linear"])
    #expect(try labels("timing t = steps(4, .‸)\n") == ["start", "end"])
  }

  @Test func afterTimingOffersTimings() throws {
    let items = try complete("node a = circle(4) {\n  animate x to 5 over 1s timing ‸\n}\n")
    let l = Set(items.compactMap { $0["label"]?.stringValue })
    #expect(
      l.isSuperset(of: ["pop", "linear", "easeIn", "easeOut", "easeInOut", "default", "cubicBezier(…)", "steps(…)"]))
    #expect(l.contains("spring(damping:velocity:)"))
    #expect(!l.contains("circle(…)"))
  }

  @Test func expressionsOfferNamesAndBuiltinSnippets() throws {
    let items = try complete("path q = ‸\n")
    let parabola = try #require(items.first { $0["label"] == .string("parabola(…)") })
    #expect(parabola["insertText"] == .string("parabola(from: ${1}, to: ${2}, height: ${3}, type: .up)"))
    #expect(parabola["insertTextFormat"] == .number(2))
    let l = Set(items.compactMap { $0["label"]?.stringValue })
    #expect(l.isSuperset(of: ["button", "pop", "scene", "red", "circle(…)"]))
    #expect(!l.contains("trigger"))  // only in spawn blocks
  }

  @Test func membersAfterADot() throws {
    #expect(try labels("let w = scene.‸\n") == ["width", "height", "center"])
    #expect(try labels("let w = button.‸\n") == ["position", "x", "y"])
  }

  @Test func spawnBlocksOfferTriggerAndLocalLets() throws {
    let l = try labels("emitter e {\n  spawn circle(2) {\n    let dir = 1\n    animate x by ‸\n  }\n}\n")
    #expect(l.isSuperset(of: ["dir", "trigger", "self", "button"]))
  }

  @Test func nothingInComments() throws {
    #expect(try labels("// node ‸\n").isEmpty)
  }
}
