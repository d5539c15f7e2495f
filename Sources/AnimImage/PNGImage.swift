/// Reading PNG files (ISO/IEC 15948, W3C PNG 2nd edition) into straight-alpha RGBA.
///
/// `header` reads only the signature and IHDR, for the checker, which needs the size and a
/// verdict without reading the image data. `decode` reads everything: it enforces the chunk
/// order (IHDR first; at most one PLTE and tRNS, before the IDATs; IDATs consecutive; IEND
/// last), checks every CRC, skips ancillary chunks other than tRNS, refuses unknown critical
/// ones, inflates the IDATs in-house (stopping at the size the header implies), and
/// reverses the filters and Adam7 interlacing. Any failure is an `ImageError`; no input
/// traps, and the work done is linear in the input plus the header-implied image size.
package enum PNGImage {
  /// The header of the PNG in `bytes`, which may be only the file's first 33 bytes.
  package static func header(_ bytes: [UInt8], limits: ImageLimits = .standard) throws(ImageError) -> PNGHeader {
    try PNGChunk.checkSignature(bytes)
    let first = try PNGChunk.read(bytes, at: 8)
    guard first.type == "IHDR" else {
      throw ImageError("the first chunk is \(first.type), not IHDR", offset: first.offset)
    }
    return try PNGHeader(ihdr: bytes[first.data], offset: first.offset, limits: limits)
  }

  /// The image in `bytes`, a whole PNG file.
  package static func decode(_ bytes: [UInt8], limits: ImageLimits = .standard) throws(ImageError) -> DecodedImage {
    try limits.check(fileSize: bytes.count)
    let header = try header(bytes, limits: limits)
    let parts = try readChunks(bytes, header: header)
    var filtered: [UInt8]
    do {
      filtered = try Inflater.zlibDecompress(parts.compressed, size: header.filteredSize)
    } catch {
      throw ImageError("image data: " + error.message, offset: parts.fileOffset(ofStream: error.streamOffset))
    }
    return try PNGPixels.decode(&filtered, header: header, palette: parts.palette, transparency: parts.transparency)
  }

  /// What the chunks carry besides the header.
  struct Parts {
    /// The IDATs' data, concatenated: one zlib stream.
    var compressed: [UInt8] = []
    /// Where each IDAT's data starts in `compressed` and in the file.
    var segments: [(stream: Int, file: Int)] = []
    /// PLTE as RGBA; alpha from tRNS, else 255.
    var palette: [(UInt8, UInt8, UInt8, UInt8)] = []
    /// tRNS for grey (one value) or RGB (three), at the image's bit depth.
    var transparency: [Int]?

    func fileOffset(ofStream offset: Int?) -> Int? {
      guard let offset, let segment = segments.last(where: { $0.stream <= offset }) else { return nil }
      return segment.file + offset - segment.stream
    }
  }

  private static func readChunks(_ bytes: [UInt8], header: PNGHeader) throws(ImageError) -> Parts {
    var parts = Parts()
    // IHDR, at 8 and already checked by `header`, has 13 bytes of data.
    var offset = 8 + 12 + 13
    var seenPalette = false
    var seenTransparency = false
    var idatState = 0  // 0: none yet, 1: in the IDAT run, 2: after it
    while true {
      let chunk = try PNGChunk.read(bytes, at: offset)
      if idatState == 1 && chunk.type != "IDAT" { idatState = 2 }
      switch chunk.type {
      case "IHDR":
        throw ImageError("a second IHDR chunk", offset: chunk.offset)
      case "PLTE":
        guard !seenPalette else { throw ImageError("a second PLTE chunk", offset: chunk.offset) }
        guard idatState == 0 else {
          throw ImageError("the PLTE chunk comes after the image data", offset: chunk.offset)
        }
        seenPalette = true
        try readPalette(bytes, chunk, header: header, into: &parts)
      case "tRNS":
        guard !seenTransparency else { throw ImageError("a second tRNS chunk", offset: chunk.offset) }
        guard idatState == 0 else {
          throw ImageError("the tRNS chunk comes after the image data", offset: chunk.offset)
        }
        seenTransparency = true
        try readTransparency(bytes, chunk, header: header, into: &parts)
      case "IDAT":
        guard idatState != 2 else {
          throw ImageError("the IDAT chunks are not consecutive", offset: chunk.offset)
        }
        if idatState == 0 && header.colorType == .palette && !seenPalette {
          throw ImageError("a palette image has no PLTE chunk before its image data", offset: chunk.offset)
        }
        idatState = 1
        parts.segments.append((parts.compressed.count, chunk.data.lowerBound))
        parts.compressed += bytes[chunk.data]
      case "IEND":
        guard idatState != 0 else { throw ImageError("the file has no IDAT chunk", offset: chunk.offset) }
        guard chunk.data.isEmpty else { throw ImageError("the IEND chunk is not empty", offset: chunk.offset) }
        return parts
      default:
        guard !chunk.isCritical else {
          throw ImageError("unknown critical chunk \(chunk.type)", offset: chunk.offset)
        }
      }
      offset = chunk.next
    }
  }

  private static func readPalette(
    _ bytes: [UInt8], _ chunk: PNGChunk, header: PNGHeader, into parts: inout Parts
  ) throws(ImageError) {
    guard header.colorType != .grey && header.colorType != .greyAlpha else {
      throw ImageError("a greyscale image has a PLTE chunk", offset: chunk.offset)
    }
    let n = chunk.data.count
    guard n > 0, n % 3 == 0, n <= 768 else {
      throw ImageError("the PLTE chunk has \(n) bytes, not 3 to 768 in threes", offset: chunk.offset)
    }
    // A suggested palette for RGB images does not affect decoding.
    guard header.colorType == .palette else { return }
    let d = chunk.data.lowerBound
    parts.palette = (0..<n / 3).map { (bytes[d + 3 * $0], bytes[d + 3 * $0 + 1], bytes[d + 3 * $0 + 2], 255) }
  }

  private static func readTransparency(
    _ bytes: [UInt8], _ chunk: PNGChunk, header: PNGHeader, into parts: inout Parts
  ) throws(ImageError) {
    let d = chunk.data.lowerBound
    let n = chunk.data.count
    switch header.colorType {
    case .palette:
      guard !parts.palette.isEmpty else {
        throw ImageError("the tRNS chunk comes before PLTE", offset: chunk.offset)
      }
      guard n <= parts.palette.count else {
        throw ImageError(
          "the tRNS chunk has \(n) entries, more than the palette's \(parts.palette.count)", offset: chunk.offset)
      }
      for i in 0..<n { parts.palette[i].3 = bytes[d + i] }
    case .grey, .rgb:
      let count = header.colorType == .grey ? 1 : 3
      guard n == 2 * count else {
        throw ImageError("the tRNS chunk has \(n) bytes, not \(2 * count)", offset: chunk.offset)
      }
      parts.transparency = (0..<count).map { Int(bytes[d + 2 * $0]) << 8 | Int(bytes[d + 2 * $0 + 1]) }
    case .greyAlpha, .rgba:
      throw ImageError("an image with an alpha channel has a tRNS chunk", offset: chunk.offset)
    }
  }
}

extension ImageLimits {
  /// Refuses a file larger than `maxFileBytes`; callers can run this on a file's size before
  /// reading it.
  package func check(fileSize: Int) throws(ImageError) {
    guard fileSize <= maxFileBytes else {
      throw ImageError("the file has \(fileSize) bytes, more than the \(maxFileBytes) allowed")
    }
  }
}
