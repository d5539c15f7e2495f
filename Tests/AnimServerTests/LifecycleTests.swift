import AnimJSON
import Foundation
import Testing

/// `initialize` … `exit` against the real `animc lsp` process.
@Suite struct LifecycleTests {
  /// `swift test` does not rebuild executables: these tests need a current
  /// `swift build --product animc`, and say so instead of testing an old binary.
  @Test func animcIsBuiltAndCurrent() throws {
    let fm = FileManager.default
    let binary = LSPClient.executable.path
    #expect(fm.isExecutableFile(atPath: binary), "build it first: swift build --product animc")
    let built = try fm.attributesOfItem(atPath: binary)[.modificationDate] as? Date ?? .distantPast
    let sources = LSPClient.packageRoot.appendingPathComponent("Sources")
    var stale: [String] = []
    for case let url as URL in fm.enumerator(at: sources, includingPropertiesForKeys: [.contentModificationDateKey])
      ?? .init()
    where url.pathExtension == "swift" && !url.path.contains("/animc-bench/") {
      let modified =
        try url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate ?? .distantPast
      if modified > built { stale.append(url.lastPathComponent) }
    }
    #expect(stale.isEmpty, "animc is older than \(stale.prefix(5)); run swift build --product animc")
  }

  @Test func initializeAdvertisesWhatIsImplemented() throws {
    let client = try LSPClient()
    let response = try #require(client.initialize())
    let caps = try #require(response["result"]?["capabilities"])
    #expect(caps["positionEncoding"] == .string("utf-16"))
    #expect(caps["textDocumentSync"]?["change"] == .number(2))
    #expect(caps["textDocumentSync"]?["openClose"] == .bool(true))
    for key in ["hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider"] {
      #expect(caps[key] == .bool(true), "\(key)")
    }
    #expect(caps["completionProvider"]?["triggerCharacters"] == .array([.string(".")]))
    #expect(caps["codeActionProvider"]?["codeActionKinds"] == .array([.string("quickfix")]))
    #expect(caps["renameProvider"]?["prepareProvider"] == .bool(true))
    // `animc lsp` wires in the canonical formatter, so formatting is advertised.
    #expect(caps["documentFormattingProvider"] == .bool(true))
    #expect(response["result"]?["serverInfo"]?["name"] == .string("animc"))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func utf8IsChosenWhenOffered() throws {
    let client = try LSPClient()
    let general = JSONValue.object([("positionEncodings", .array([.string("utf-8"), .string("utf-16")]))])
    let response = try #require(client.initialize(.object([("general", general)])))
    #expect(response["result"]?["capabilities"]?["positionEncoding"] == .string("utf-8"))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func utf16StaysWhenOnlyUTF32IsOffered() throws {
    let client = try LSPClient()
    let general = JSONValue.object([("positionEncodings", .array([.string("utf-32")]))])
    let response = try #require(client.initialize(.object([("general", general)])))
    #expect(response["result"]?["capabilities"]?["positionEncoding"] == .string("utf-16"))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func positionsFollowTheNegotiatedEncoding() throws {
    // `é` is 2 UTF-8 bytes and 1 UTF-16 unit; `😀` is 4 bytes and 2 units.
    let text = "let e = \"😀é\"; let u = e\n"
    for (offer, column) in [("utf-16", 22 + 1), ("utf-8", 22 + 3 + 1)] {
      let client = try LSPClient()
      let general = JSONValue.object([("positionEncodings", .array([.string(offer)]))])
      client.initialize(.object([("general", general)]))
      client.open("file:///enc.anim", text)
      // The `e` after `u = ` is at scalar column 22, plus the extra units of the emoji (and é).
      let response = try #require(client.request("textDocument/definition", J.at("file:///enc.anim", 0, column)))
      #expect(response["result"]?["range"] == J.range(0, 4, 0, 5), "\(offer)")
      let refs = try #require(client.request("textDocument/references", J.at("file:///enc.anim", 0, 4)))
      #expect(refs["result"]?.arrayValue?.last?["range"] == J.range(0, column, 0, column + 1), "\(offer)")
      #expect(client.shutdownAndExit() == 0)
    }
  }

  @Test func requestsBeforeInitializeAreRefused() throws {
    let client = try LSPClient()
    let early = try #require(client.request("textDocument/hover", J.at("file:///x.anim", 0, 0)))
    #expect(early["error"]?["code"] == .number(-32002))
    // Notifications before initialize are dropped, not fatal.
    client.open("file:///x.anim", "let a = 1\n")
    #expect(client.initialize()?["result"] != nil)
    let again = try #require(client.request("initialize", .object([("capabilities", .object([]))])))
    #expect(again["error"]?["code"] == .number(-32600))
    #expect(client.shutdownAndExit() == 0)
  }

  @Test func exitWithoutShutdownIsStatusOne() throws {
    let client = try LSPClient()
    client.initialize()
    client.notify("exit")
    #expect(client.exitStatus() == 1)
  }

  @Test func requestsAfterShutdownAreInvalid() throws {
    let client = try LSPClient()
    client.initialize()
    #expect(client.request("shutdown", .null)?["result"] == .null)
    let late = try #require(
      client.request("textDocument/documentSymbol", .object([("textDocument", J.doc("file:///x.anim"))])))
    #expect(late["error"]?["code"] == .number(-32600))
    client.notify("exit")
    #expect(client.exitStatus() == 0)
  }

  @Test func endOfInputEndsTheServer() throws {
    let client = try LSPClient()
    client.initialize()
    client.closeInput()
    #expect(client.exitStatus() == 1)

    let polite = try LSPClient()
    polite.initialize()
    polite.request("shutdown", .null)
    polite.closeInput()
    #expect(polite.exitStatus() == 0)
  }
}
