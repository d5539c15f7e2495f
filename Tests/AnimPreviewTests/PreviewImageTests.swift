import Foundation
import Testing

@testable import AnimPreview

/// The preview's pictures (issue 33, item 4): each served once by a URL that names its
/// content, kept by the browser, and never sent inside the event stream again.
@Suite(.timeLimit(.minutes(1))) struct PreviewImageTests {
  static let scene = """
    scene "Card" {
      size 100, 100
      fps 10
      duration 1s
    }
    node card = image("card.png") {
      position (50, 50)
    }

    """

  @Test func aPictureIsServedByURLAndCached() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-preview-image-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    // The example's card has only the chunks that draw: served as the file is.
    let png = try Data(contentsOf: package.appendingPathComponent("examples/fu-card.png"))
    try png.write(to: dir.appendingPathComponent("card.png"))
    let file = dir.appendingPathComponent("card.anim")
    try Self.scene.write(to: file, atomically: true, encoding: .utf8)
    let server = try PreviewServer(path: file.path)
    try server.start()
    defer { server.stop() }
    let host = "127.0.0.1:\(server.port)"
    let token = server.token
    func raw(_ text: String) -> [UInt8] {
      guard let client = TestClient(port: server.port) else { return [] }
      client.send(text)
      return client.receiveAll()
    }
    func request(_ text: String) -> String { String(decoding: raw(text), as: UTF8.self) }

    let stream = try #require(TestClient(port: server.port))
    stream.send("GET /events?token=\(token) HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    let opening = stream.receive(until: "event: frame-bin")
    let record = try #require(opening.split(separator: "\n").first { $0.contains("\"type\":\"image\"") })
    #expect(!record.contains("base64"), "\(record)")
    let url = try #require(record.firstMatch(of: /"url":"(\/image\/[0-9a-f]+-[0-9a-f]+\.png)"/)?.1)
    // The length in hex after the dash: the file's, by hand.
    #expect(url.hasSuffix("-\(String(png.count, radix: 16)).png"))

    let bytes = raw("GET \(url)?token=\(token) HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    let blank = try #require((0..<max(bytes.count - 3, 0)).first { bytes[$0..<$0 + 4] == [13, 10, 13, 10] })
    let head = String(decoding: bytes[..<blank], as: UTF8.self)
    #expect(head.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n"))
    #expect(head.contains("\r\nCache-Control: private, max-age=31536000, immutable\r\n"))
    #expect(Array(bytes[(blank + 4)...]) == [UInt8](png))
    #expect(request("GET \(url) HTTP/1.1\r\nHost: \(host)\r\n\r\n").hasPrefix("HTTP/1.1 403"))
    #expect(request("GET /image/0-0.png?token=\(token) HTTP/1.1\r\nHost: \(host)\r\n\r\n").hasPrefix("HTTP/1.1 404"))

    // A restart names the same URL again: the page has the picture already.
    _ = request("POST /control?token=\(token)&cmd=restart HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    let again = stream.receive(until: "\"url\":\"\(url)\"")
    #expect(again.contains("\"type\":\"image\",\"name\":\"card.png\",\"url\":\"\(url)\""), "\(again.suffix(500))")
  }
}
