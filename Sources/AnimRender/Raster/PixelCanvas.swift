/// The pixels of a `Bitmap` while the rasterizer draws into it: premultiplied RGBA8, one
/// little-endian `UInt32` per pixel (bytes R, G, B, A in memory), row-major.
///
/// The one place the raster reaches pixels through a pointer, so that compositing a row
/// costs one load and one store per pixel. A canvas exists only inside
/// `Bitmap.withCanvas`, which keeps the pixel array alive and uniquely held while it
/// runs. Its callers (`Compositor`) check a box against `width × height` once, with
/// `contains`, before they touch the pixels in it; each access asserts it in debug builds.
struct PixelCanvas {
  private let base: UnsafeMutableRawPointer
  let width: Int
  let height: Int

  fileprivate init(base: UnsafeMutableRawPointer, width: Int, height: Int) {
    self.base = base
    self.width = width
    self.height = height
  }

  /// Whether the `w × h` box at `(x, y)` lies inside the canvas.
  func contains(x: Int, y: Int, width w: Int, height h: Int) -> Bool {
    x >= 0 && y >= 0 && w >= 0 && h >= 0 && x <= width - w && y <= height - h
  }

  /// The pixel at index `i` (`y * width + x`).
  @inline(__always) func load(_ i: Int) -> UInt32 {
    assert(i >= 0 && i < width * height)
    return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
  }

  @inline(__always) func store(_ i: Int, _ v: UInt32) {
    assert(i >= 0 && i < width * height)
    base.storeBytes(of: v.littleEndian, toByteOffset: i &* 4, as: UInt32.self)
  }

  /// Sets every pixel to `word` (one 32-bit store each).
  func clear(to word: UInt32) {
    for i in 0..<width * height { store(i, word) }
  }
}

extension Bitmap {
  /// Runs `body` on the bitmap's pixels as a canvas; nil for an empty bitmap or one whose
  /// buffer does not match its size.
  mutating func withCanvas<R>(_ body: (PixelCanvas) -> R) -> R? {
    let (w, h) = (width, height)
    guard w > 0, h > 0, pixels.count == w * h * 4 else { return nil }
    return pixels.withUnsafeMutableBytes { raw in
      raw.baseAddress.map { body(PixelCanvas(base: $0, width: w, height: h)) }
    }
  }
}
