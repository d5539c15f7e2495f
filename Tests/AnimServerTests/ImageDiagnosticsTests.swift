import AnimJSON
import Foundation
import Testing

/// §12.3 while typing: the server checks with the document's own path, so an image path
/// resolves beside the document, and a missing or broken image is a diagnostic at its
/// string that goes away when the file is fixed and the document re-checked.
@Suite struct ImageDiagnosticsTests {
  @Test func aMissingImageIsReportedAtItsString() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-lsp-image-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let uri = "file://" + dir.appendingPathComponent("scene.anim").path
    let text = "node n = image(\"pic.png\") { position (10, 10) }\n"
    let client = try LSPClient()
    client.initialize()
    client.open(uri, text)
    let first = try #require(client.diagnostics(uri))
    let items = try #require(first["diagnostics"]?.arrayValue)
    #expect(items.count == 1)
    #expect(items.first?["code"] == .string("E0362"))
    // The string literal, quotes included: columns 15…24 (0-based).
    #expect(items.first?["range"] == J.range(0, 15, 0, 24))
    #expect(items.first?["message"]?.stringValue?.contains("the file does not exist") == true)

    // A not-a-PNG file under that name: still an error, now naming the signature.
    try Data("not a png".utf8).write(to: dir.appendingPathComponent("pic.png"))
    edit(client, uri, version: 2, text)
    let second = try #require(client.diagnostics(uri, version: 2))
    #expect(second["diagnostics"]?.arrayValue?.first?["message"]?.stringValue?.contains("not a PNG file") == true)

    // A real PNG (its header is all the checker reads): the diagnostic clears.
    try Data(Self.onePixelPNG).write(to: dir.appendingPathComponent("pic.png"))
    edit(client, uri, version: 3, text)
    let third = try #require(client.diagnostics(uri, version: 3))
    #expect(third["diagnostics"] == .array([]))
    #expect(client.shutdownAndExit() == 0)
  }

  func edit(_ client: LSPClient, _ uri: String, version: Int, _ text: String) {
    client.notify(
      "textDocument/didChange",
      .object([
        ("textDocument", .object([("uri", .string(uri)), ("version", .number(Double(version)))])),
        ("contentChanges", .array([.object([("text", .string(text))])])),
      ]))
  }

  /// A 1 × 1 opaque white 8-bit RGB PNG (written with Python's zlib).
  static let onePixelPNG: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xFF, 0xFF, 0x3F,
    0x00, 0x05, 0xFE, 0x02, 0xFE, 0x0D, 0xEF, 0x46, 0xB8, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
    0x44, 0xAE, 0x42, 0x60, 0x82,
  ]
}
