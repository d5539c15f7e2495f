import AnimChecksum
/// zlib streams (RFC 1950): a two-byte header, raw DEFLATE data and the Adler-32 of the
/// uncompressed bytes, as PNG's IDAT data requires.
package enum Zlib {
  /// Compresses `input` into a complete zlib stream that any inflater accepts.
  package static func compress(_ input: [UInt8], level: Deflate.Level = .default) -> [UInt8] {
    var deflater = Deflater(level: level)
    var out: [UInt8] = []
    deflater.compressZlib(input, appendingTo: &out)
    return out
  }
}

extension Deflater {
  /// Appends a complete zlib stream of `input` to `out`.
  package mutating func compressZlib(_ input: [UInt8], appendingTo out: inout [UInt8]) {
    // CMF 0x78: deflate with a 32 KiB window. FLG 0x9C: "default" level, no dictionary,
    // and check bits making (CMF << 8 | FLG) a multiple of 31.
    out.append(0x78)
    out.append(0x9C)
    compress(input, appendingTo: &out)
    let adler = Adler32.checksum(input)
    out.append(UInt8(adler >> 24))
    out.append(UInt8((adler >> 16) & 0xFF))
    out.append(UInt8((adler >> 8) & 0xFF))
    out.append(UInt8(adler & 0xFF))
  }
}
