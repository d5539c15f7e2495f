import Testing

@testable import AnimRender

/// The APNG encoder's parts with values worked by hand; whole files are decoded by
/// Pillow in `APNGTests`.
@Suite struct APNGWriterTests {
  /// 4 × 3 images differing at (1, 0) and (2, 2): the box from x 1 to 2, y 0 to 2.
  @Test func theChangedBoxHoldsEveryDifferingPixel() {
    let a = [UInt8](repeating: 9, count: 4 * 3 * 4)
    var b = a
    b[(0 * 4 + 1) * 4 + 3] = 0
    b[(2 * 4 + 2) * 4] = 1
    #expect(ChangedBox.between(a, b, width: 4, height: 3) == ChangedBox(x: 1, y: 0, width: 2, height: 3))
    #expect(ChangedBox.between(a, a, width: 4, height: 3) == nil)
    var c = a
    c[(1 * 4 + 3) * 4 + 2] = 0
    #expect(ChangedBox.between(a, c, width: 4, height: 3) == ChangedBox(x: 3, y: 1, width: 1, height: 1))
  }

  /// fcTL: sequence, width, height, x, y (4 bytes each, big-endian), delay numerator and
  /// denominator (2 each), dispose 0 (none), blend 0 (source).
  @Test func frameControlBytes() {
    let frame = APNGWriter.EncodedFrame(x: 2, y: 3, width: 5, height: 6, periods: 3, data: [])
    #expect(
      APNGWriter.frameControl(frame, sequence: 7, fps: 60)
        == [0, 0, 0, 7, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0, 2, 0, 0, 0, 3, 0, 3, 0, 60, 0, 0])
    // 100,000 periods at 60 fps (1,666.67 s): halved once to 50,000 / 30.
    let long = APNGWriter.EncodedFrame(x: 0, y: 0, width: 1, height: 1, periods: 100_000, data: [])
    let bytes = APNGWriter.frameControl(long, sequence: 0, fps: 60)
    #expect(Array(bytes[20..<24]) == [0xC3, 0x50, 0, 30])
    // 29.97 fps is not whole: milliseconds, 2 periods = 66.733 ms → 67 / 1000.
    let ntsc = APNGWriter.EncodedFrame(x: 0, y: 0, width: 1, height: 1, periods: 2, data: [])
    #expect(Array(APNGWriter.frameControl(ntsc, sequence: 0, fps: 29.97)[20..<24]) == [0, 67, 0x03, 0xE8])
  }
}
