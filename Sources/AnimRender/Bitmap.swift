/// An 8-bit RGBA image with straight alpha, rows top to bottom: what encoders consume.
package struct Bitmap: Sendable, Equatable {
  package let width: Int
  package let height: Int
  /// `width * height * 4` bytes: R, G, B, A per pixel.
  package var pixels: [UInt8]

  package init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 4, "pixel buffer does not match the size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  package init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
    self.width = width
    self.height = height
    var px = [UInt8](repeating: 0, count: width * height * 4)
    if fill != (0, 0, 0, 0) {
      for i in stride(from: 0, to: px.count, by: 4) {
        px[i] = fill.0
        px[i + 1] = fill.1
        px[i + 2] = fill.2
        px[i + 3] = fill.3
      }
    }
    self.pixels = px
  }
}
