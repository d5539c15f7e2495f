import XCTest

@testable import AnimPreview

/// The page works offline: it names nothing outside itself, and its policy forbids
/// loading anything from elsewhere.
final class PreviewPageTests: XCTestCase {
  func testThePageLoadsNothingFromElsewhere() {
    let html = PreviewPage.html.lowercased()
    for needle in ["http:", "https:", "//cdn", "src=", "href=", "@import", "url(", "<link", "<iframe"] {
      XCTAssertFalse(html.contains(needle), needle)
    }
    XCTAssertTrue(html.contains("<canvas id=\"stage\""))
    XCTAssertTrue(PreviewPage.contentSecurityPolicy.hasPrefix("default-src 'none';"))
    XCTAssertTrue(PreviewPage.contentSecurityPolicy.contains("connect-src 'self'"))
  }

  func testTheScriptDrawsFromDumpRecords() {
    // The record types of §9 and the two of the preview, and nothing that evaluates code.
    let script = PreviewScript.drawing + PreviewScript.controls
    for type in ["'header'", "'shape'", "'frame'", "'preview'", "'diagnostics'"] {
      XCTAssertTrue(script.contains("case \(type):"), type)
    }
    XCTAssertTrue(script.contains("new Path2D("))
    XCTAssertFalse(script.contains("eval("))
    XCTAssertFalse(script.contains("innerHTML"))
  }
}
