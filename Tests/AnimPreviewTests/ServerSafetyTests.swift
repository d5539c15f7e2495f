import Foundation
import XCTest

@testable import AnimPreview

/// Hostile requests against a real server on 127.0.0.1: each is refused, and the server
/// goes on serving a good request afterwards.
final class ServerSafetyTests: XCTestCase {
  static let scene = """
    scene "Tap" {
      size 200, 200
      fps 30
      duration 2s
    }
    node button = circle(20) {
      position (100, 150)
      fill #FF2D55
    }
    emitter sparks {
      on tap button
      burst 3
      origin button.position
      spawn circle(4) {
        animate y by -80 over 1s
      }
    }

    """

  private var directory: URL!
  private var server: PreviewServer!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("animc-preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("tap.anim")
    try Self.scene.write(to: file, atomically: true, encoding: .utf8)
    server = try PreviewServer(path: file.path)
    try server.start()
  }

  override func tearDownWithError() throws {
    server?.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  private var host: String { "127.0.0.1:\(server.port)" }

  /// One request's whole response.
  private func request(_ text: String) -> [UInt8] {
    guard let client = TestClient(port: server.port) else { return [] }
    client.send(text)
    return client.receiveAll()
  }

  private func get(_ target: String, host: String? = nil) -> (status: Int?, body: String) {
    let response = request("GET \(target) HTTP/1.1\r\nHost: \(host ?? self.host)\r\n\r\n")
    return (TestClient.status(response), String(decoding: response, as: UTF8.self))
  }

  private func assertStillServing(file: StaticString = #filePath, line: UInt = #line) {
    let page = get("/?token=\(server.token)")
    XCTAssertEqual(page.status, 200, "the server stopped serving", file: file, line: line)
    XCTAssertTrue(page.body.contains("<canvas"), file: file, line: line)
  }

  func testThePageNeedsTheToken() {
    assertStillServing()
    XCTAssertEqual(get("/").status, 403)
    XCTAssertEqual(get("/?token=wrong").status, 403)
    XCTAssertEqual(get("/?token=\(server.token)x").status, 403)
    XCTAssertEqual(get("/events?token=\(String(server.token.reversed()))").status, 403)
    assertStillServing()
  }

  func testAForeignHostIsRefused() {
    XCTAssertEqual(get("/?token=\(server.token)", host: "evil.example:\(server.port)").status, 403)
    XCTAssertEqual(get("/?token=\(server.token)", host: "127.0.0.1:1").status, 403)
    XCTAssertEqual(get("/?token=\(server.token)", host: "127.0.0.1").status, 403)
    let noHost = request("GET /?token=\(server.token) HTTP/1.1\r\n\r\n")
    XCTAssertEqual(TestClient.status(noHost), 400)
    XCTAssertEqual(get("/?token=\(server.token)", host: "localhost:\(server.port)").status, 200)
    assertStillServing()
  }

  func testATenMegabyteRequestLineFailsSafely() {
    guard let client = TestClient(port: server.port) else { return XCTFail("no connection") }
    var line = Array("GET /?token=\(server.token)&pad=".utf8)
    line += [UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20)
    line += Array(" HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8)
    // The server refuses after its limit and closes: the send fails part way, or the
    // 414 arrives. It never holds 10 MB, and never answers 200.
    client.send(line)
    let response = client.receiveAll()
    if let status = TestClient.status(response) { XCTAssertEqual(status, 414) }
    assertStillServing()
  }

  func testTwoHundredIdleConnectionsDoNotLockOut() {
    let idle = (0..<200).compactMap { _ in TestClient(port: server.port) }
    XCTAssertEqual(idle.count, 200)
    for client in idle.prefix(100) { client.send("GET / HTTP/1.1\r\n") }
    let start = Date()
    assertStillServing()
    XCTAssertLessThan(Date().timeIntervalSince(start), 2, "a good request waited for idle ones")
    _ = idle
  }

  func testAnIdleConnectionIsClosedAfterTheRequestTimeLimit() {
    guard let client = TestClient(port: server.port) else { return XCTFail("no connection") }
    client.send("GET / HTTP/1.1\r\n")
    let start = Date()
    let response = client.receiveAll()
    let waited = Date().timeIntervalSince(start)
    XCTAssertEqual(TestClient.status(response), 408)
    XCTAssertGreaterThan(waited, HTTPLimits.requestSeconds - 1)
    XCTAssertLessThan(waited, HTTPLimits.requestSeconds + 2)
  }

  func testPathTraversalServesNothing() {
    let t = server.token
    let targets = [
      "/../../etc/passwd?token=\(t)", "/%2e%2e/%2e%2e/etc/passwd?token=\(t)",
      "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd?token=\(t)",
      "/..%2f..%2fetc%2fpasswd?token=\(t)", "/%252e%252e/etc/passwd?token=\(t)", "//etc/passwd?token=\(t)",
      "/scene.anim/../../../etc/passwd?token=\(t)", "/..\\..\\etc\\passwd?token=\(t)", "/etc/passwd?token=\(t)",
      "/%00/etc/passwd?token=\(t)", "/./scene.anim?token=\(t)",
    ]
    for target in targets {
      let (status, body) = get(target)
      XCTAssertNotEqual(status, 200, target)
      XCTAssertNotNil(status, target)
      XCTAssertFalse(body.contains("root:"), target)
    }
    // The scene itself is the one file served.
    let scene = get("/scene.anim?token=\(t)")
    XCTAssertEqual(scene.status, 200)
    XCTAssertTrue(scene.body.contains("emitter sparks"))
    assertStillServing()
  }

  func testMalformedAndOversizedRequestsAreRefused() {
    let t = server.token
    XCTAssertEqual(TestClient.status(request("BREW / HTTP/1.1\r\nHost: \(host)\r\n\r\n")), 403)
    XCTAssertEqual(TestClient.status(request("GET / HTTP/2.0\r\nHost: \(host)\r\n\r\n")), 505)
    XCTAssertEqual(TestClient.status(request("get / HTTP/1.1\r\nHost: \(host)\r\n\r\n")), 400)
    XCTAssertEqual(TestClient.status(request("GET http://x/ HTTP/1.1\r\nHost: \(host)\r\n\r\n")), 400)
    let manyHeaders = (0..<100).map { "X-\($0): 1\r\n" }.joined()
    XCTAssertEqual(TestClient.status(request("GET /?token=\(t) HTTP/1.1\r\nHost: \(host)\r\n\(manyHeaders)\r\n")), 431)
    let bigHeader = "X-Big: " + String(repeating: "b", count: 20_000) + "\r\n"
    XCTAssertEqual(TestClient.status(request("GET /?token=\(t) HTTP/1.1\r\nHost: \(host)\r\n\(bigHeader)\r\n")), 431)
    XCTAssertEqual(
      TestClient.status(
        request("POST /control?token=\(t)&cmd=tap HTTP/1.1\r\nHost: \(host)\r\nContent-Length: 99999\r\n\r\n")),
      413)
    XCTAssertEqual(
      TestClient.status(
        request("POST /control?token=\(t)&cmd=tap HTTP/1.1\r\nHost: \(host)\r\nTransfer-Encoding: chunked\r\n\r\n")),
      501)
    XCTAssertEqual(
      TestClient.status(request("POST /control?token=\(t)&cmd=fly HTTP/1.1\r\nHost: \(host)\r\n\r\n")), 400)
    XCTAssertEqual(TestClient.status(request("POST /?token=\(t) HTTP/1.1\r\nHost: \(host)\r\n\r\n")), 405)
    assertStillServing()
  }

  func testTheStreamCarriesDumpRecordsAndATapSpawns() throws {
    let t = server.token
    guard let stream = TestClient(port: server.port) else { return XCTFail("no connection") }
    stream.send("GET /events?token=\(t) HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    let opening = stream.receive(until: "event: frame-bin")
    XCTAssertTrue(opening.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream"))
    XCTAssertTrue(
      opening.contains("data: {\"type\":\"header\",\"scene\":\"Tap\",\"width\":200,\"height\":200,\"fps\":30"))
    XCTAssertTrue(opening.contains("data: {\"type\":\"shape\",\"id\":\"button\""))
    XCTAssertEqual(
      TestClient.status(request("POST /control?token=\(t)&cmd=tap&x=100&y=150 HTTP/1.1\r\nHost: \(host)\r\n\r\n")), 204)
    // The burst's spawns are named sparks#0…2 (§9), in the binary frames' records.
    var seen = opening
    seen += stream.receive { text in
      StreamFrames.frames(in: seen + text).contains { $0.ids.contains("sparks#2") }
    }
    let spawned = StreamFrames.frames(in: seen).last { $0.ids.contains("sparks#2") }
    XCTAssertEqual(spawned?.ids.filter { $0.hasPrefix("sparks#") }.sorted(), ["sparks#0", "sparks#1", "sparks#2"])
  }

  func testAPageThatReadsNothingDoesNotStallTheOthers() throws {
    let t = server.token
    guard let stalled = TestClient(port: server.port), let live = TestClient(port: server.port) else {
      return XCTFail("no connection")
    }
    var small: Int32 = 4096
    _ = setsockopt(stalled.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
    stalled.send("GET /events?token=\(t) HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    live.send("GET /events?token=\(t) HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    // 2 s at 30 fps is 60 frames; the live page sees the run wrap around to frame 0 and on.
    let seen = live.receive { text in StreamFrames.frames(in: text).contains { $0.index == 45 } }
    XCTAssertTrue(StreamFrames.frames(in: seen).contains { $0.index == 45 }, "the live page stopped getting frames")
  }

  func testStopClosesEveryConnection() {
    let t = server.token
    guard let stream = TestClient(port: server.port), let idle = TestClient(port: server.port) else {
      return XCTFail("no connection")
    }
    stream.send("GET /events?token=\(t) HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    _ = stream.receive(until: "event: frame-bin")
    idle.send("GET / HTTP/1.1\r\n")
    let start = Date()
    server.stop()
    _ = stream.receiveAll(limit: 64 << 20)
    _ = idle.receiveAll()
    XCTAssertLessThan(Date().timeIntervalSince(start), 3, "a connection outlived stop()")
    XCTAssertEqual(server.streamCount, 0)
    XCTAssertNil(TestClient(port: server.port), "the listener outlived stop()")
  }
}
