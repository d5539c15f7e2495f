/// Per-frame GIF delays in centiseconds for a frame rate, carrying the rounding error so
/// that frame k ends at `round((k + 1) × 100 / fps)` centiseconds: 60 fps gives
/// 2, 1, 2, 2, 1, 2, … summing to exactly 100 per 60 frames.
///
/// Exact timing is kept even when it yields delays below 2 (above 50 fps) or 0 (above
/// 100 fps), which decoders such as Pillow and ffmpeg honour; most browsers instead
/// stretch delays under 2 cs to 10 cs, so for browser playback render at 50 fps or less.
package struct GIFFrameClock: Sendable {
  package let fps: Double
  package private(set) var frames = 0

  /// Fails for rates that are not finite and positive, or so slow that one frame exceeds
  /// GIF's 16-bit delay (655.35 s).
  package init(fps: Double) throws(EncodeError) {
    guard fps.isFinite, fps > 0, 100 / fps <= 65535 else { throw .invalidFrameRate(fps) }
    self.fps = fps
  }

  /// Centiseconds elapsed after `count` frames.
  package func elapsed(after count: Int) -> Int {
    Int((Double(count) * 100 / fps).rounded())
  }

  /// Takes back the last `nextDelay`, so that it is given again.
  package mutating func rewind() {
    if frames > 0 { frames -= 1 }
  }

  /// The next frame's delay, advancing the clock.
  package mutating func nextDelay() -> Int {
    let delay = elapsed(after: frames + 1) - elapsed(after: frames)
    frames += 1
    return min(max(delay, 0), 65535)
  }
}
