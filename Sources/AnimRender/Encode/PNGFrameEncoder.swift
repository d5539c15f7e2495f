import AnimChecksum
/// A PNG encoder for sequences: it keeps the filtered rows, the compressor's hash chains
/// and token buffer, and the compressed stream from one frame to the next, so frames of
/// one size allocate little beyond the file they return. Each file is byte-identical to
/// `PNGEncoder.encode` of the same bitmap, whatever was encoded before.
///
/// A value type holding only arrays: a sequence writer may give each thread its own.
package struct PNGFrameEncoder: Sendable {
  /// Largest IDAT chunk written, which keeps each chunk's length field modest.
  static let maxChunkData = 1 << 20

  private var deflater: Deflater
  private var filtered: [UInt8] = []
  private var scratch: [UInt8] = []
  private var stream: [UInt8] = []

  package init(level: Deflate.Level = .default) {
    deflater = Deflater(level: level)
  }

  /// The complete PNG file for `bitmap`.
  package mutating func encode(_ bitmap: Bitmap) throws(EncodeError) -> [UInt8] {
    var png: [UInt8] = []
    try encode(bitmap, appendingTo: &png)
    return png
  }

  /// Appends the complete PNG file for `bitmap` to `png`; on error `png` is unchanged.
  package mutating func encode(_ bitmap: Bitmap, appendingTo png: inout [UInt8]) throws(EncodeError) {
    try EncodeError.validate(bitmap, maxSide: PNGEncoder.maxSide, maxPixels: PNGEncoder.maxPixels)
    compress(bitmap.pixels, width: bitmap.width, height: bitmap.height)

    let chunks = max(1, (stream.count + PNGFrameEncoder.maxChunkData - 1) / PNGFrameEncoder.maxChunkData)
    png.reserveCapacity(png.count + stream.count + 8 + 25 + 12 * chunks + 12)
    png += [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    PNGFrameEncoder.appendBigEndian(UInt32(bitmap.width), to: &header)
    PNGFrameEncoder.appendBigEndian(UInt32(bitmap.height), to: &header)
    // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
    header += [8, 6, 0, 0, 0]
    PNGFrameEncoder.appendChunk("IHDR", header[...], to: &png)
    var start = 0
    repeat {
      let end = min(start + PNGFrameEncoder.maxChunkData, stream.count)
      PNGFrameEncoder.appendChunk("IDAT", stream[start..<end], to: &png)
      start = end
    } while start < stream.count
    PNGFrameEncoder.appendChunk("IEND", [][...], to: &png)
  }

  /// Filters RGBA rows of `width` pixels and compresses them into `stream` (the zlib
  /// stream an IDAT or fdAT sequence carries).
  private mutating func compress(_ pixels: [UInt8], width: Int, height: Int) {
    RowFilter.filter(
      pixels, stride: width * RowFilter.bytesPerPixel, height: height, into: &filtered, scratch: &scratch)
    stream.removeAll(keepingCapacity: true)
    deflater.compressZlib(filtered, appendingTo: &stream)
  }

  /// The zlib stream of an image of `width` × `height` RGBA pixels, as IDAT would carry it.
  package mutating func imageData(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
    compress(pixels, width: width, height: height)
    return stream
  }

  package static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes.append(UInt8(value >> 24))
    bytes.append(UInt8((value >> 16) & 0xFF))
    bytes.append(UInt8((value >> 8) & 0xFF))
    bytes.append(UInt8(value & 0xFF))
  }

  package static func appendChunk(_ type: StaticString, _ data: ArraySlice<UInt8>, to png: inout [UInt8]) {
    appendBigEndian(UInt32(data.count), to: &png)
    let typeStart = png.count
    type.withUTF8Buffer { png += $0 }
    png += data
    var crc = CRC32()
    crc.update(png[typeStart...])
    appendBigEndian(crc.value, to: &png)
  }
}
