/// PNG encoding of a `Bitmap` as 8-bit RGBA (colour type 6), straight alpha, no
/// interlacing, each row filtered as `RowFilter` chooses. For a sequence of frames, a
/// `PNGFrameEncoder` writes the same bytes while keeping its buffers between frames.
package enum PNGEncoder {
  /// Largest side accepted: PNG allows 2^31 − 1, but the filtered buffer must fit in memory.
  package static let maxSide = 1 << 24
  /// Largest pixel count accepted (1 GiB of RGBA).
  package static let maxPixels = 1 << 28

  /// The complete PNG file for `bitmap`.
  package static func encode(_ bitmap: Bitmap, level: Deflate.Level = .default) throws(EncodeError)
    -> [UInt8]
  {
    var encoder = PNGFrameEncoder(level: level)
    return try encoder.encode(bitmap)
  }

  /// Rows prefixed by their filter type byte, as `encode` compresses them: for comparing
  /// compressors on the same bytes.
  package static func filteredRows(_ bitmap: Bitmap) -> [UInt8] { filter(bitmap) }

  /// Rows prefixed by their filter type byte, ready for zlib.
  static func filter(_ bitmap: Bitmap) -> [UInt8] {
    var out: [UInt8] = []
    var scratch: [UInt8] = []
    RowFilter.filter(
      bitmap.pixels, stride: bitmap.width * RowFilter.bytesPerPixel, height: bitmap.height, into: &out,
      scratch: &scratch)
    return out
  }
}
