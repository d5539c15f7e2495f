/// An animated PNG (APNG 1.0: `acTL`, `fcTL`, `fdAT`) of RGBA frames at a fixed rate.
///
/// - Frame 0 is the whole canvas, carried by `IDAT`, so a viewer without APNG shows it.
/// - Every later frame is the smallest rectangle holding the pixels that changed since the
///   frame before, blended with `APNG_BLEND_OP_SOURCE` (the rectangle's pixels, alpha
///   included, replace the canvas's) and disposed with `APNG_DISPOSE_OP_NONE` (the canvas
///   is kept): the canvas after frame N is exactly frame N.
/// - A frame identical to the one before lengthens that frame's delay instead.
///
/// `acTL` comes before the image data and holds the number of frames, which merging
/// decides only at the end: the frames are kept compressed until `finish`, so memory is
/// about the size of the file.
package struct APNGWriter {
  package let width: Int
  package let height: Int
  private let fps: Double
  private let plays: Int
  private var encoder = PNGFrameEncoder()
  /// The last frame's pixels: what the canvas holds.
  private var canvas: [UInt8] = []
  private var frames: [EncodedFrame] = []

  /// One frame: where its rectangle sits, how many frame periods it shows, and its zlib
  /// stream.
  struct EncodedFrame {
    var x, y, width, height: Int
    var periods: Int
    var data: [UInt8]
  }

  /// `plays` is how many times the animation plays in all; 0 plays it forever.
  package init(width: Int, height: Int, fps: Double, plays: Int = 0) throws(EncodeError) {
    guard fps.isFinite, fps > 0 else { throw EncodeError.invalidFrameRate(fps) }
    try EncodeError.validate(
      Bitmap(width: width, height: height), maxSide: PNGEncoder.maxSide, maxPixels: PNGEncoder.maxPixels)
    self.width = width
    self.height = height
    self.fps = fps
    self.plays = max(0, plays)
  }

  /// Adds the next frame, which must be `width` × `height`.
  package mutating func add(_ bitmap: Bitmap) throws(EncodeError) {
    guard bitmap.width == width, bitmap.height == height else {
      throw EncodeError.frameSizeMismatch(
        expectedWidth: width, expectedHeight: height, width: bitmap.width, height: bitmap.height)
    }
    guard !frames.isEmpty else {
      canvas = bitmap.pixels
      frames.append(EncodedFrame(x: 0, y: 0, width: width, height: height, periods: 1, data: encode(canvas)))
      return
    }
    guard let box = ChangedBox.between(canvas, bitmap.pixels, width: width, height: height) else {
      frames[frames.count - 1].periods += 1
      return
    }
    var part: [UInt8] = []
    part.reserveCapacity(box.width * box.height * 4)
    for row in box.y..<(box.y + box.height) {
      let start = (row * width + box.x) * 4
      part += bitmap.pixels[start..<(start + box.width * 4)]
    }
    canvas = bitmap.pixels
    frames.append(
      EncodedFrame(
        x: box.x, y: box.y, width: box.width, height: box.height, periods: 1,
        data: encoder.imageData(part, width: box.width, height: box.height)))
  }

  private mutating func encode(_ pixels: [UInt8]) -> [UInt8] {
    encoder.imageData(pixels, width: width, height: height)
  }

  /// The whole file; nil before the first frame.
  package func finish() -> [UInt8]? {
    guard !frames.isEmpty else { return nil }
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    Self.put(UInt32(width), &header)
    Self.put(UInt32(height), &header)
    // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
    header += [8, 6, 0, 0, 0]
    PNGFrameEncoder.appendChunk("IHDR", header[...], to: &png)
    var control: [UInt8] = []
    Self.put(UInt32(frames.count), &control)
    Self.put(UInt32(plays), &control)
    PNGFrameEncoder.appendChunk("acTL", control[...], to: &png)
    var sequence: UInt32 = 0
    for (n, frame) in frames.enumerated() {
      PNGFrameEncoder.appendChunk("fcTL", Self.frameControl(frame, sequence: sequence, fps: fps)[...], to: &png)
      sequence += 1
      var start = 0
      repeat {
        let end = min(start + PNGFrameEncoder.maxChunkData, frame.data.count)
        if n == 0 {
          PNGFrameEncoder.appendChunk("IDAT", frame.data[start..<end], to: &png)
        } else {
          var chunk: [UInt8] = []
          chunk.reserveCapacity(4 + end - start)
          Self.put(sequence, &chunk)
          chunk += frame.data[start..<end]
          PNGFrameEncoder.appendChunk("fdAT", chunk[...], to: &png)
          sequence += 1
        }
        start = end
      } while start < frame.data.count
    }
    PNGFrameEncoder.appendChunk("IEND", [][...], to: &png)
    return png
  }

  /// `fcTL`'s 26 bytes. The delay is `periods / fps` seconds, as a fraction of two 16-bit
  /// numbers: `periods / fps` exactly for a whole frame rate, else in milliseconds. Both
  /// are halved together while either is too large (a still frame of more than 65,535
  /// periods), which keeps the ratio to within one part in 2¹⁵.
  static func frameControl(_ frame: EncodedFrame, sequence: UInt32, fps: Double) -> [UInt8] {
    let whole = fps.rounded() == fps && fps <= 0xFFFF
    var numerator = whole ? frame.periods : Int((Double(frame.periods) * 1000 / fps).rounded())
    var denominator = whole ? Int(fps) : 1000
    while numerator > 0xFFFF || denominator > 0xFFFF {
      numerator = (numerator + 1) / 2
      denominator = max(1, denominator / 2)
    }
    var bytes: [UInt8] = []
    put(sequence, &bytes)
    for value in [frame.width, frame.height, frame.x, frame.y] { put(UInt32(value), &bytes) }
    bytes += [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF)]
    // APNG_DISPOSE_OP_NONE, APNG_BLEND_OP_SOURCE.
    bytes += [0, 0]
    return bytes
  }

  private static func put(_ value: UInt32, _ bytes: inout [UInt8]) {
    PNGFrameEncoder.appendBigEndian(value, to: &bytes)
  }
}

/// The smallest rectangle holding every pixel that differs between two RGBA images of
/// one size; nil when they are identical.
struct ChangedBox: Equatable {
  var x, y, width, height: Int

  static func between(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> ChangedBox? {
    let rowBytes = width * 4
    func rowDiffers(_ row: Int) -> Bool {
      let start = row * rowBytes
      return a[start..<(start + rowBytes)] != b[start..<(start + rowBytes)]
    }
    guard let top = (0..<height).first(where: rowDiffers) else { return nil }
    let bottom = (top..<height).last(where: rowDiffers) ?? top
    var left = width
    var right = -1
    for row in top...bottom {
      let start = row * rowBytes
      // Only columns outside the box so far need looking at.
      var column = 0
      while column < left {
        let i = start + column * 4
        if a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] || a[i + 3] != b[i + 3] {
          left = column
          break
        }
        column += 1
      }
      column = width - 1
      while column > right {
        let i = start + column * 4
        if a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] || a[i + 3] != b[i + 3] {
          right = column
          break
        }
        column -= 1
      }
    }
    return ChangedBox(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
  }
}
