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
