import XCTest

@testable import AnimPreview

/// `String(strictUTF8:)` against the well-formed byte sequences of the Unicode Standard
/// (§3.9, table 3-7), written out by hand: each ill-formed kind is refused, and U+FFFD
/// itself, the replacement that decoding puts in, is accepted like any other character.
final class StrictUTF8Tests: XCTestCase {
  func testWellFormedBytesAreRead() {
    XCTAssertEqual(String(strictUTF8: [UInt8]()), "")
    XCTAssertEqual(String(strictUTF8: [0x61, 0x00, 0x62]), "a\u{0}b")
    XCTAssertEqual(String(strictUTF8: [0xC3, 0xA9]), "\u{E9}")
    XCTAssertEqual(String(strictUTF8: [0xE2, 0x82, 0xAC]), "\u{20AC}")
    XCTAssertEqual(String(strictUTF8: [0xEF, 0xBF, 0xBD]), "\u{FFFD}")
    XCTAssertEqual(String(strictUTF8: [0xF0, 0x9F, 0x98, 0x80]), "\u{1F600}")
    XCTAssertEqual(String(strictUTF8: [0xF4, 0x8F, 0xBF, 0xBF]), "\u{10FFFF}")
  }

  func testIllFormedBytesAreRefused() {
    let illFormed: [[UInt8]] = [
      [0x80],  // a continuation byte alone
      [0xFF],  // never in UTF-8
      [0x61, 0xC3],  // a lead byte cut off at the end
      [0xE2, 0x82, 0x61],  // a lead byte cut off by an ASCII byte
      [0xC0, 0xAF],  // an overlong "/"
      [0xE0, 0x80, 0xAF],  // an overlong "/" in three bytes
      [0xED, 0xA0, 0x80],  // a surrogate, U+D800
      [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
    ]
    for bytes in illFormed { XCTAssertNil(String(strictUTF8: bytes), "\(bytes)") }
  }

  func testARequestHeadWithInvalidBytesIsRefused() {
    let head = Array("GET / HTTP/1.1\r\nX-Name: a".utf8) + [0xFF] + Array("\r\n\r\n".utf8)
    guard case .failed(let status, _) = HTTPParser.parse(head) else { return XCTFail("not refused") }
    XCTAssertEqual(status, 400)
  }
}
