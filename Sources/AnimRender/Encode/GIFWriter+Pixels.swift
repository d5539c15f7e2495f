// The screen's pixels: each frame composited over the background, and the rectangles a
// frame needs to write.

extension GIFWriter {
  /// Straight-alpha RGBA over the background colour, into `current` as packed RGB; with
  /// `transparency`, pixels under half alpha as `ColorQuantizer.skip` (no packed RGB
  /// colour has its top byte set).
  mutating func composite(_ frame: Bitmap) {
    let count = width * height
    if current.count != count { current = [UInt32](repeating: 0, count: count) }
    let cut: UInt32 = options.transparency ? 128 : 0
    let bg = options.background
    let (br, bgG, bb) = (UInt32(bg.red), UInt32(bg.green), UInt32(bg.blue))
    for i in 0..<count {
      let r = UInt32(frame.pixels[i * 4])
      let g = UInt32(frame.pixels[i * 4 + 1])
      let b = UInt32(frame.pixels[i * 4 + 2])
      let a = UInt32(frame.pixels[i * 4 + 3])
      if a == 255 {
        current[i] = r << 16 | g << 8 | b
      } else if a < cut {
        current[i] = ColorQuantizer.skip
      } else {
        let ia = 255 - a
        // Rounded division by 255, without a divide per channel.
        @inline(__always) func blend(_ f: UInt32, _ k: UInt32) -> UInt32 {
          let t = f * a + k * ia + 128
          return (t + (t >> 8)) >> 8
        }
        current[i] = blend(r, br) << 16 | blend(g, bgG) << 8 | blend(b, bb)
      }
    }
  }

  /// With `transparency`: the bounding box of the frame's visible pixels; a single pixel
  /// when there are none. Every frame is disposed to transparent after it shows, so the
  /// next one is drawn on a clear screen and needs only what it shows.
  func visibleRect() -> (x: Int, y: Int, width: Int, height: Int) {
    boundingRect { current[$0] != ColorQuantizer.skip }
  }

  /// The bounding box of pixels that differ from the previous frame; a single pixel when
  /// nothing changed (every frame needs an image to carry its delay).
  func changedRect() -> (x: Int, y: Int, width: Int, height: Int) {
    boundingRect { current[$0] != previous[$0] }
  }

  /// The bounding box of the pixels (indices into `current`) for which `marked` holds;
  /// a single pixel at the origin when there are none. Each row is scanned from both
  /// ends only as far as its first and last marked pixel.
  func boundingRect(where marked: (Int) -> Bool) -> (x: Int, y: Int, width: Int, height: Int) {
    var minX = width
    var minY = height
    var maxX = -1
    var maxY = -1
    for y in 0..<height {
      let row = y * width
      var x = 0
      while x < width && !marked(row + x) { x += 1 }
      guard x < width else { continue }
      var last = width - 1
      while !marked(row + last) { last -= 1 }
      minX = min(minX, x)
      maxX = max(maxX, last)
      if maxY < 0 { minY = y }
      maxY = y
    }
    if maxY < 0 { return (0, 0, 1, 1) }
    return (minX, minY, maxX - minX + 1, maxY - minY + 1)
  }
}
