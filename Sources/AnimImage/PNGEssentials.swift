/// A PNG as every output embeds it (an SVG data URI, a Lottie asset, the preview's
/// picture): the signature and the chunks that draw the picture, IHDR, PLTE, tRNS, IDAT
/// and IEND, each copied whole (its CRC still holds), in the file's order.
///
/// Every other chunk is ancillary and left out. Text, time and EXIF chunks are metadata
/// the author may not mean to publish, and can be of any size. gAMA, cHRM, sRGB and iCCP
/// are left out too: the decoder does not apply them (§12.3's raster draws the stored
/// values), so a viewer that did would show the embedded picture unlike every raster.
enum PNGEssentials {
  static let kept: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]

  /// The kept chunks of `bytes`, a PNG that decodes (its chunks are whole and checked);
  /// nil when a chunk cannot be read, which a decoded file never has.
  static func strip(_ bytes: [UInt8]) -> [UInt8]? {
    guard (try? PNGChunk.checkSignature(bytes)) != nil else { return nil }
    var out = PNGChunk.signature
    var offset = PNGChunk.signature.count
    while offset < bytes.count {
      guard let chunk = try? PNGChunk.read(bytes, at: offset) else { return nil }
      if kept.contains(chunk.type) { out += bytes[chunk.offset..<chunk.next] }
      offset = chunk.next
      if chunk.type == "IEND" { break }
    }
    return out
  }
}
