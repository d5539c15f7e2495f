/// Why an image could not be encoded. Encoders refuse bad input with one of these rather
/// than trapping, whatever the size.
package enum EncodeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A width or height of zero or less; PNG and GIF need at least one pixel.
  case emptyImage(width: Int, height: Int)
  /// Larger than the format (or this encoder) can represent.
  case imageTooLarge(width: Int, height: Int, limit: Int)
  /// `pixels.count` is not `width * height * 4`.
  case pixelCountMismatch(expected: Int, actual: Int)
  /// An animation frame whose size differs from the animation's.
  case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
  /// A frame rate that is not finite, not positive, or too slow for GIF's 16-bit delays.
  case invalidFrameRate(Double)
  /// A frame was added after the animation was finished.
  case alreadyFinished
  /// An animation with no frames.
  case noFrames

  package var description: String {
    switch self {
    case .emptyImage(let w, let h): return "cannot encode an empty \(w)×\(h) image"
    case .imageTooLarge(let w, let h, let limit):
      return "a \(w)×\(h) image is too large to encode (limit \(limit) per side or in total)"
    case .pixelCountMismatch(let expected, let actual):
      return "pixel buffer holds \(actual) bytes, expected \(expected)"
    case .frameSizeMismatch(let ew, let eh, let w, let h):
      return "frame is \(w)×\(h) but the animation is \(ew)×\(eh)"
    case .invalidFrameRate(let fps): return "invalid frame rate \(fps)"
    case .alreadyFinished: return "the animation is already finished"
    case .noFrames: return "an animation needs at least one frame"
    }
  }

  /// Checks a size against a per-side and a total pixel limit, without overflowing.
  static func validateSize(width w: Int, height h: Int, maxSide: Int, maxPixels: Int)
    throws(EncodeError)
  {
    guard w > 0, h > 0 else { throw .emptyImage(width: w, height: h) }
    let (pixels, overflow) = w.multipliedReportingOverflow(by: h)
    guard w <= maxSide, h <= maxSide, !overflow, pixels <= maxPixels else {
      throw .imageTooLarge(width: w, height: h, limit: min(maxSide, maxPixels))
    }
  }

  /// Checks `bitmap`'s size, and that its buffer matches it (the buffer is a public `var`,
  /// so it can drift).
  static func validate(_ bitmap: Bitmap, maxSide: Int, maxPixels: Int) throws(EncodeError) {
    try validateSize(
      width: bitmap.width, height: bitmap.height, maxSide: maxSide, maxPixels: maxPixels)
    let expected = bitmap.width * bitmap.height * 4
    guard bitmap.pixels.count == expected else {
      throw .pixelCountMismatch(expected: expected, actual: bitmap.pixels.count)
    }
  }
}
