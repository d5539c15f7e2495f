import AnimKit
import Foundation
import XCTest

@testable import AnimPreview

/// `EventStream`'s pacing: one frame in flight to a page that says when it draws, the
/// newest of the rest held; every frame to a page that never says so.
final class PaceTests: XCTestCase {
  private func frame(_ index: Int) -> Frame {
    var f = Frame()
    f.index = index
    return f
  }

  func testAPageThatNeverSaysDrawnGetsEveryFrame() {
    var pace = Pace()
    for k in 0..<5 {
      XCTAssertFalse(pace.hold(frame(k)), "frame \(k)")
      pace.sent()
    }
  }

  func testAPacedPageGetsTheNewestFrameWhenItDraws() {
    var pace = Pace()
    XCTAssertFalse(pace.hold(frame(0)))
    pace.sent()
    XCTAssertNil(pace.drawn(), "nothing held yet")
    XCTAssertFalse(pace.hold(frame(1)), "nothing in flight: sent")
    pace.sent()
    XCTAssertTrue(pace.hold(frame(2)))
    XCTAssertTrue(pace.hold(frame(3)))
    XCTAssertNil(pace.takeOverdue(), "the page spoke just now")
    XCTAssertEqual(pace.drawn()?.index, 3, "frame 2 was dropped for 3")
    XCTAssertNil(pace.drawn())
  }

  func testANewRunForgetsTheHeldFrame() {
    var pace = Pace()
    pace.sent()
    _ = pace.drawn()
    pace.sent()
    XCTAssertTrue(pace.hold(frame(7)))
    pace.forget()
    XCTAssertFalse(pace.hold(frame(0)), "the new run's first frame goes at once")
  }

  /// A page that falls silent (a hidden tab draws nothing) gets the held frame after
  /// `drawnTimeout`, and then every frame until it speaks again.
  func testASilentPageGetsTheHeldFrameAfterTheTimeout() {
    var pace = Pace()
    pace.sent()
    _ = pace.drawn()
    pace.sent()
    XCTAssertTrue(pace.hold(frame(4)))
    XCTAssertGreaterThan(pace.deadline(keepAlive: 5).timeIntervalSinceNow, 0)
    XCTAssertLessThanOrEqual(pace.deadline(keepAlive: 5).timeIntervalSinceNow, EventStream.drawnTimeout)
    Thread.sleep(forTimeInterval: EventStream.drawnTimeout + 0.05)
    XCTAssertEqual(pace.takeOverdue()?.index, 4)
    XCTAssertFalse(pace.hold(frame(5)), "silent: sent at once")
  }

  func testTheRouteNeedsAStreamNumber() {
    XCTAssertNil(PreviewRoutes.command(["cmd": "drawn"]), "not a session command")
  }
}
