import XCTest

@testable import AnimPreview

final class HTTPParserTests: XCTestCase {
  private func parse(_ text: String) -> HTTPParse { HTTPParser.parse(Array(text.utf8)) }

  func testCompleteRequest() {
    guard case .complete(let r) = parse("GET /control?cmd=tap&x=1.5&y=%32 HTTP/1.1\r\nHost: a:1\r\n\r\n") else {
      return XCTFail("not complete")
    }
    XCTAssertEqual(r.method, "GET")
    XCTAssertEqual(r.path, "/control")
    XCTAssertEqual(r.query, ["cmd": "tap", "x": "1.5", "y": "2"])
    XCTAssertEqual(r.headers["host"], "a:1")
  }

  func testIncompleteUntilEmptyLine() {
    XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost: a:1\r\n"), .incomplete)
  }
}

final class HTTPParserLimitTests: XCTestCase {
  private func parse(_ text: String) -> HTTPParse { HTTPParser.parse(Array(text.utf8)) }

  private func status(_ result: HTTPParse) -> Int? {
    if case .failed(let status, _) = result { return status }
    return nil
  }

  func testALongRequestLineIsRefusedBeforeItEnds() {
    // No line end yet, but already past the limit: refused without waiting for more.
    let line = "GET /" + String(repeating: "a", count: HTTPLimits.requestLine)
    XCTAssertEqual(status(parse(line)), 414)
    XCTAssertEqual(parse("GET /" + String(repeating: "a", count: 100)), .incomplete)
  }

  func testBareLineFeedsAreAccepted() {
    guard case .complete(let r) = parse("GET /a%20b HTTP/1.0\nHost: h:1\n\n") else { return XCTFail("not complete") }
    XCTAssertEqual(r.path, "/a b")
  }

  func testBodiesAreBoundedAndAwaited() {
    XCTAssertEqual(status(parse("POST / HTTP/1.1\r\nContent-Length: 4097\r\n\r\n")), 413)
    XCTAssertEqual(status(parse("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n")), 400)
    XCTAssertEqual(status(parse("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n")), 400)
    XCTAssertEqual(parse("POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nab"), .incomplete)
    guard case .complete = parse("POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc") else { return XCTFail() }
  }

  func testTwoContentLengthsAreRefused() {
    // RFC 9112 §6.3: differing lengths, equal ones, and names that differ only in case.
    XCTAssertEqual(status(parse("POST / HTTP/1.1\r\nContent-Length: 0\r\nContent-Length: 3\r\n\r\nabc")), 400)
    XCTAssertEqual(status(parse("POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc")), 400)
    XCTAssertEqual(status(parse("POST / HTTP/1.1\r\ncontent-length: 3\r\nCONTENT-LENGTH: 3\r\n\r\nabc")), 400)
  }

  func testEncodingsThatHideBytesAreRefused() {
    XCTAssertEqual(status(parse("GET /%zz HTTP/1.1\r\n\r\n")), 400)
    XCTAssertEqual(status(parse("GET /%0 HTTP/1.1\r\n\r\n")), 400)
    XCTAssertEqual(status(parse("GET /a%00b HTTP/1.1\r\n\r\n")), 400)
    XCTAssertEqual(status(parse("GET /%ff HTTP/1.1\r\n\r\n")), 400)
    guard case .complete(let r) = parse("GET /%2e%2E/x HTTP/1.1\r\n\r\n") else { return XCTFail() }
    XCTAssertEqual(r.path, "/../x")
  }

  func testHeadersAreChecked() {
    XCTAssertEqual(status(parse("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")), 400)
    XCTAssertEqual(status(parse("GET / HTTP/1.1\r\nBad Name: a\r\n\r\n")), 400)
    XCTAssertEqual(status(parse("GET / HTTP/1.1\r\n folded\r\n\r\n")), 400)
    XCTAssertEqual(status(parse("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n")), 501)
  }

  func testTheGuardChecksHostPathAndToken() {
    let guardian = RequestGuard(token: "abc", port: 8080)
    func request(_ path: String, host: String?, token: String?) -> HTTPRequest {
      HTTPRequest(
        method: "GET", target: path, path: path, query: token.map { ["token": $0] } ?? [:],
        headers: host.map { ["host": $0] } ?? [:])
    }
    XCTAssertNil(guardian.refusal(request("/", host: "127.0.0.1:8080", token: "abc")))
    XCTAssertNil(guardian.refusal(request("/", host: "LOCALHOST:8080", token: "abc")))
    XCTAssertEqual(guardian.refusal(request("/", host: "127.0.0.1:8080", token: "abd"))?.status, 403)
    XCTAssertEqual(guardian.refusal(request("/", host: "127.0.0.1:8080", token: nil))?.status, 403)
    XCTAssertEqual(guardian.refusal(request("/", host: "attacker.example:8080", token: "abc"))?.status, 403)
    XCTAssertEqual(guardian.refusal(request("/", host: "127.0.0.1:8081", token: "abc"))?.status, 403)
    XCTAssertEqual(guardian.refusal(request("/", host: nil, token: "abc"))?.status, 400)
    XCTAssertEqual(guardian.refusal(request("/a/../b", host: "127.0.0.1:8080", token: "abc"))?.status, 400)
  }

  func testTokensAreRandomAndLong() {
    let a = RequestGuard.newToken()
    let b = RequestGuard.newToken()
    XCTAssertEqual(a.count, 32)
    XCTAssertNotEqual(a, b)
    XCTAssertTrue(a.allSatisfy(\.isHexDigit))
  }

  func testEventsAreDataLines() {
    let event = EventStream.event(Array("{\"a\":1}\n{\"b\":2}\n".utf8))
    XCTAssertEqual(String(decoding: event, as: UTF8.self), "data: {\"a\":1}\ndata: {\"b\":2}\n\n")
  }
}
