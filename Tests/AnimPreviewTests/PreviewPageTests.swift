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

  /// What the page draws and how it answers input is tested in headless Chromium
  /// (`Tests/preview`): pictures against `animc render`, taps, reloads, the overlay. Here
  /// only what no behaviour test can show: the script never runs text as code or markup.
  func testTheScriptNeverRunsTextAsCodeOrMarkup() {
    let script = PreviewScript.drawing + PreviewScript.frames + PreviewScript.controls
    for needle in ["eval(", "new Function", "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write"] {
      XCTAssertFalse(script.contains(needle), needle)
    }
  }
}
