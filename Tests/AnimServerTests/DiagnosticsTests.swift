import AnimJSON
import Foundation
import Testing

/// Document sync, debounced diagnostics and the quick fixes they carry.
@Suite struct DiagnosticsTests {
  static let uri = "file:///tmp/scene.anim"
  static let text = """
    node button = circle(40) {
      fill #007AFF
      animate x to 5 over 6sec
    }

    """

  @Test func diagnosticsAppearAndClearAfterAnIncrementalFix() throws {
    let client = try LSPClient()
    client.initialize()
    client.open(Self.uri, Self.text)
    let first = try #require(client.diagnostics(Self.uri))
    #expect(first["version"] == .number(1))
    let items = try #require(first["diagnostics"]?.arrayValue)
    #expect(items.count == 1)
    #expect(items.first?["code"] == .string("E0106"))
    #expect(items.first?["range"] == J.range(2, 23, 2, 26))
    #expect(items.first?["source"] == .string("animc"))

    // The quick fix for `6sec`: replace `sec` with `s`.
    let actions = try #require(
      client.request(
        "textDocument/codeAction",
        .object([
          ("textDocument", J.doc(Self.uri)), ("range", J.range(2, 24, 2, 24)),
          ("context", .object([("diagnostics", .array(items))])),
        ]))?["result"]?.arrayValue)
    #expect(actions.count == 1)
    let action = try #require(actions.first)
    #expect(action["title"] == .string("seconds are written `s`"))
    #expect(action["kind"] == .string("quickfix"))
    let edits = try #require(action["edit"]?["changes"]?[Self.uri]?.arrayValue)
    #expect(edits == [.object([("range", J.range(2, 23, 2, 26)), ("newText", .string("s"))])])

    // Apply it as the client would: an incremental change.
    change(client, version: 2, range: J.range(2, 23, 2, 26), text: "s")
    let second = try #require(client.diagnostics(Self.uri, version: 2))
    #expect(second["diagnostics"] == .array([]))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func diagnosticsAreCappedWithACountOfTheRest() throws {
    // 2,500 stray `@ `, each `@` its own invalid-character diagnostic on line 2: 1,000
    // are published, then one that counts the other 1,500, at the 1,001st `@` (column
    // 2 × 1,000).
    let client = try LSPClient()
    client.initialize()
    client.open(Self.uri, "let a = 1\n" + String(repeating: "@ ", count: 2_500) + "\n")
    let published = try #require(client.diagnostics(Self.uri))
    let items = try #require(published["diagnostics"]?.arrayValue)
    #expect(items.count == 1_001)
    #expect(items.dropLast().allSatisfy { $0["code"] == .string("E0101") })
    let last = try #require(items.last)
    #expect(last["message"] == .string("1500 more problems not shown"))
    #expect(last["range"]?["start"] == J.pos(1, 2_000))
    #expect(last["severity"] == .number(1))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func typingFastPublishesOnlyTheLastVersion() throws {
    let client = try LSPClient()
    client.initialize(options: .object([("debounceMilliseconds", .number(150))]))
    client.open(Self.uri, Self.text)
    _ = try #require(client.diagnostics(Self.uri, version: 1))
    // Twenty keystrokes: type `abc…` at the end of the file, one character each.
    for i in 0..<20 {
      let letter = String(UnicodeScalar(UInt8(97 + i)))
      change(client, version: 2 + i, range: J.range(4, i, 4, i), text: letter)
    }
    // Normally exactly one publication, for version 21. A machine too loaded to read 20
    // small messages within the debounce may publish in between, but never out of order,
    // never once per keystroke, and never after the last version.
    var versions: [Int] = []
    while versions.last != 21, let p = client.diagnostics(Self.uri), let v = p["version"]?.intValue {
      versions.append(v)
    }
    #expect(versions.last == 21)
    #expect(versions == versions.sorted() && Set(versions).count == versions.count)
    #expect(versions.count <= 3, "\(versions)")
    Thread.sleep(forTimeInterval: 0.3)
    let stray = client.drain().filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
    #expect(stray.isEmpty, "no publication after the last version: \(stray)")
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func fullSyncAndCloseClearDiagnostics() throws {
    let client = try LSPClient()
    client.initialize()
    client.open(Self.uri, "let _a = 1\n")  // `_`: an unused name that is not warned about
    #expect(client.diagnostics(Self.uri, version: 1)?["diagnostics"] == .array([]))
    client.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(Self.uri)), ("version", .number(2))])),
        ("contentChanges", .array([.object([("text", .string("let a = 1...2\n"))])])),
      ]))
    let broken = try #require(client.diagnostics(Self.uri, version: 2))
    #expect(broken["diagnostics"]?.arrayValue?.isEmpty == false)
    client.notify("textDocument/didSave", .object([("textDocument", J.doc(Self.uri))]))
    client.notify("textDocument/didClose", .object([("textDocument", J.doc(Self.uri))]))
    let cleared = try #require(client.diagnostics(Self.uri) { $0["version"] == nil })
    #expect(cleared["diagnostics"] == .array([]))
    // Closed means closed: requests now fail cleanly.
    let hover = try #require(client.request("textDocument/hover", J.at(Self.uri, 0, 4)))
    #expect(hover["error"] != nil)
    #expect(client.shutdownAndExit() == 0)
  }

  func change(_ client: LSPClient, version: Int, range: JSONValue, text: String) {
    client.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(Self.uri)), ("version", .number(Double(version)))])),
        ("contentChanges", .array([.object([("range", range), ("text", .string(text))])])),
      ]))
  }
}

extension LSPClient {
  /// The next `publishDiagnostics` for `uri` whose params satisfy `where`.
  func diagnostics(_ uri: String, where extra: @escaping (JSONValue) -> Bool) -> JSONValue? {
    waitFor {
      $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri
        && extra($0["params"] ?? .null)
    }?["params"]
  }
}
