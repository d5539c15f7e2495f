import AnimKit
import Foundation

/// `EventStream`'s pacing of frames to a page that says when it draws: at most one frame
/// sent and not yet drawn, the newest of the rest held. The writer thread's own state.
struct Pace {
  /// Whether the page has ever said `drawn`: until then, every frame is sent.
  private var paced = false
  private var waiting = false
  private var held: Frame? = nil
  private var lastDrawn = Date.distantPast

  /// Whether `frame` is held (the page has not begun to draw the last one sent); a
  /// frame held before is dropped.
  mutating func hold(_ frame: Frame) -> Bool {
    guard paced, waiting, Date().timeIntervalSince(lastDrawn) < EventStream.drawnTimeout else {
      // Sent at once: an older frame held must never follow it.
      held = nil
      return false
    }
    held = frame
    return true
  }

  /// A frame was sent.
  mutating func sent() { waiting = true }

  /// The page has begun to draw: the held frame, if any, to send now.
  mutating func drawn() -> Frame? {
    paced = true
    waiting = false
    lastDrawn = Date()
    defer { held = nil }
    return held
  }

  /// When the writer must wake: for a keep-alive, or to stop waiting for a silent page.
  func deadline(keepAlive: Double) -> Date {
    let alive = Date(timeIntervalSinceNow: keepAlive)
    guard held != nil else { return alive }
    return min(alive, lastDrawn.addingTimeInterval(EventStream.drawnTimeout))
  }

  /// The held frame once the page has been silent too long (as if it had drawn).
  mutating func takeOverdue() -> Frame? {
    guard held != nil, Date().timeIntervalSince(lastDrawn) >= EventStream.drawnTimeout else { return nil }
    defer { held = nil }
    return held
  }

  /// Drops the held frame, and sends the next at once: a new run begins, and the page
  /// drops the frame it has not drawn when it reads the new header.
  mutating func forget() {
    held = nil
    waiting = false
  }
}
