import AnimChecksum
/// The chunk layer of a PNG file (PNG §5.3): length, type, data and CRC, walked in order.
///
/// Every length is checked against the bytes that remain before anything is sliced, so a
/// chunk claiming 2^31 bytes is refused without allocating; every chunk's CRC is checked,
/// ancillary ones included.
struct PNGChunk {
  /// The four type letters, e.g. "IDAT".
  var type: String
  /// Where the data lies in the file.
  var data: Range<Int>
  /// Offset of the chunk's length field.
  var offset: Int

  /// Critical chunks have an upper-case first letter (bit 5 clear, PNG §5.4).
  var isCritical: Bool { type.utf8.first.map { $0 & 0x20 == 0 } ?? true }

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Checks the 8-byte signature, telling a truncated file from one that is not a PNG.
  static func checkSignature(_ bytes: [UInt8]) throws(ImageError) {
    let n = min(bytes.count, 8)
    guard bytes[0..<n].elementsEqual(signature[0..<n]) else {
      throw ImageError("not a PNG file: the PNG signature is missing", offset: 0)
    }
    guard n == 8 else { throw ImageError("the file ends inside the PNG signature", offset: bytes.count) }
  }

  /// The chunk starting at `offset`, with its CRC checked.
  static func read(_ bytes: [UInt8], at offset: Int) throws(ImageError) -> PNGChunk {
    guard bytes.count - offset >= 8 else {
      throw ImageError("the file ends inside a chunk header, before IEND", offset: offset)
    }
    let length = Int(PNGBytes.uint32(bytes, offset))
    let typeBytes = bytes[offset + 4..<offset + 8]
    let letters = typeBytes.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    guard letters else {
      throw ImageError("a chunk type is not four ASCII letters: the file is corrupt", offset: offset + 4)
    }
    let type = String(decoding: typeBytes, as: UTF8.self)
    guard length <= 0x7FFF_FFFF else {
      throw ImageError("chunk \(type) claims \(length) bytes, more than PNG's 2^31 − 1", offset: offset)
    }
    let remaining = bytes.count - offset - 12
    guard length <= remaining else {
      throw ImageError(
        "chunk \(type) claims \(length) bytes but the file has only \(max(remaining, 0)) more", offset: offset)
    }
    let dataStart = offset + 8
    let end = dataStart + length
    let stored = PNGBytes.uint32(bytes, end)
    let computed = CRC32.checksum(bytes[(offset + 4)..<end])
    guard stored == computed else {
      throw ImageError(
        "chunk \(type): CRC mismatch (stored \(hex(stored)), computed \(hex(computed)))", offset: end)
    }
    return PNGChunk(type: type, data: dataStart..<end, offset: offset)
  }

  /// Offset of the chunk after this one.
  var next: Int { data.upperBound + 4 }
}
