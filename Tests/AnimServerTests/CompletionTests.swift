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

  /// A client that accepts snippets, as VS Code and Neovim do.
  static let snippetClient = JSONValue.object([
    (
      "textDocument",
      .object([("completion", .object([("completionItem", .object([("snippetSupport", .bool(true))]))]))])
    )
  ])

  /// The completion labels at `‸`, and the items themselves.
  func complete(_ source: String, capabilities: JSONValue = snippetClient) throws -> [JSONValue] {
    let text = Self.prelude + source
    let (line, character) = J.find("‸", in: text)
    let client = try LSPClient()
    client.initialize(capabilities)
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

  /// `doubleSided` (§14) is set in a block, never animated: offered as a statement,
  /// not after `animate`.
  @Test func aFixedPropertyIsOfferedInBlocksOnly() throws {
    #expect(try labels("node a = circle(4) {\n  dou‸\n}\n").contains("doubleSided"))
    #expect(try !labels("node a = circle(4) {\n  animate ‸\n}\n").contains("doubleSided"))
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
    #expect(l.isSuperset(of: ["pop", "linear", "easeIn", "easeOut", "easeInOut", "default", "cubicBezier", "steps"]))
    #expect(!l.contains("circle"))
    // The four spring forms share the insertable name; the form is a label detail.
    let springs = items.filter { $0["label"] == .string("spring") }
    #expect(
      Set(springs.compactMap { $0["labelDetails"]?["detail"]?.stringValue }) == [
        "(damping:velocity:)", "(duration:bounce:)", "(response:dampingFraction:)",
        "(mass:stiffness:damping:velocity:)",
      ])
    let bezier = try #require(items.first { $0["label"] == .string("cubicBezier") })
    #expect(bezier["labelDetails"]?["detail"] == .string("(x1, y1, x2, y2)"))
    #expect(bezier["insertText"] == .string("cubicBezier(${1:x1}, ${2:y1}, ${3:x2}, ${4:y2})"))
  }

  /// Issue 20 item 8: a client that inserts the label must insert a name, never a
  /// display form such as `cubicBezier(…)`.
  @Test func everyLabelIsInsertable() throws {
    for source in ["path q = ‸\n", "node a = circle(4) {\n  animate x to 5 over 1s timing ‸\n}\n", "‸"] {
      for item in try complete(source) {
        let label = try #require(item["label"]?.stringValue)
        #expect(!label.contains("(") && !label.contains("…") && !label.contains(":"), "\(label)")
      }
    }
  }

  /// Issue 20 item 9: `snippetSupport: false` (or absent, LSP's default) gets plain text.
  @Test func clientsWithoutSnippetsGetPlainText() throws {
    let without = JSONValue.object([
      (
        "textDocument",
        .object([("completion", .object([("completionItem", .object([("snippetSupport", .bool(false))]))]))])
      )
    ])
    for capabilities in [without, .object([])] {
      var items: [JSONValue] = []
      for source in ["path q = ‸\n", "node a = circle(4) {\n  ‸\n}\n", "‸", "replicate r count 2 {\n  ‸\n}\n"] {
        items += try complete(source, capabilities: capabilities)
      }
      #expect(items.count > 40)
      for item in items {
        #expect(item["insertTextFormat"] == nil || item["insertTextFormat"] == .number(1), "\(item)")
        let text = item["insertText"]?.stringValue ?? ""
        #expect(!text.contains("$"), "\(text)")
      }
      let parabola = try #require(items.first { $0["label"] == .string("parabola") })
      #expect(parabola["insertText"] == .string("parabola(from: , to: , height: , type: .up)"))
      let animate = try #require(items.first { $0["label"] == .string("animate") })
      #expect(animate["insertText"] == .string("animate opacity "))
    }
  }

  @Test func expressionsOfferNamesAndBuiltinSnippets() throws {
    let items = try complete("path q = ‸\n")
    let parabola = try #require(items.first { $0["label"] == .string("parabola") })
    #expect(parabola["insertText"] == .string("parabola(from: ${1}, to: ${2}, height: ${3}, type: .up)"))
    #expect(parabola["insertTextFormat"] == .number(2))
    let l = Set(items.compactMap { $0["label"]?.stringValue })
    #expect(l.isSuperset(of: ["button", "pop", "scene", "red", "circle"]))
    #expect(!l.contains("trigger"))  // only in spawn blocks
  }

  @Test func membersAfterADot() throws {
    #expect(try labels("let w = scene.‸\n") == ["width", "height", "center"])
    #expect(try labels("let w = button.‸\n") == ["position", "x", "y", "scenePosition"])
  }

  @Test func spawnBlocksOfferTriggerAndLocalLets() throws {
    let l = try labels("emitter e {\n  spawn circle(2) {\n    let dir = 1\n    animate x by ‸\n  }\n}\n")
    #expect(l.isSuperset(of: ["dir", "trigger", "self", "button"]))
  }

  @Test func nothingInComments() throws {
    #expect(try labels("// node ‸\n").isEmpty)
  }
}
