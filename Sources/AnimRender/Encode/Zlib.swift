/// zlib streams (RFC 1950): a two-byte header, raw DEFLATE data and the Adler-32 of the
/// uncompressed bytes, as PNG's IDAT data requires.
public enum Zlib {
  /// Compresses `input` into a complete zlib stream that any inflater accepts.
  public static func compress(_ input: [UInt8], level: Deflate.Level = .default) -> [UInt8] {
    // CMF 0x78: deflate with a 32 KiB window. FLG 0x9C: "default" level, no dictionary,
    // and check bits making (CMF << 8 | FLG) a multiple of 31.
    var out: [UInt8] = [0x78, 0x9C]
    let body = Deflate.compress(input, level: level)
    out.reserveCapacity(body.count + 6)
    out.append(contentsOf: body)
    let adler = Adler32.checksum(input)
    out.append(contentsOf: [
      UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF),
      UInt8(adler & 0xFF),
    ])
    return out
  }
}
