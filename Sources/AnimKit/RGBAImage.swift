/// A picture of a frame: 8 bits per channel, R, G, B, A, premultiplied alpha, rows top
/// to bottom. What `CGImage` (`premultipliedLast`) and most GPU textures take as is.
public struct RGBAImage: Sendable, Equatable {
  /// The size in pixels.
  public let width: Int
  public let height: Int
  /// Pixels per scene point.
  public let scale: Double
  /// `width * height * 4` bytes; each colour channel is its straight value times alpha,
  /// (c × a + 127) / 255 in integers, so an opaque pixel is as drawn and a clear one 0.
  public let pixels: [UInt8]

  /// `straight` (R, G, B, A, straight alpha) premultiplied.
  init(width: Int, height: Int, scale: Double, straight: [UInt8]) {
    var pixels = straight
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let a = UInt16(pixels[i + 3])
      guard a != 255 else { continue }
      for c in i..<i + 3 { pixels[c] = UInt8((UInt16(pixels[c]) * a + 127) / 255) }
    }
    self.width = width
    self.height = height
    self.scale = scale
    self.pixels = pixels
  }
}

/// Why a frame cannot be drawn at the size asked for.
public struct PictureError: Error, Sendable, Equatable, CustomStringConvertible {
  public let description: String
}
