/// The facts of a PNG's IHDR chunk (PNG §11.2.2), validated: a combination of colour type
/// and bit depth that PNG allows, a known compression, filter and interlace method, and a
/// size within the limits it was read under.
public struct PNGHeader: Sendable, Equatable {
  public enum ColorType: Int, Sendable, Equatable {
    case grey = 0
    case rgb = 2
    case palette = 3
    case greyAlpha = 4
    case rgba = 6

    /// Samples per pixel.
    public var channels: Int {
      switch self {
      case .grey, .palette: 1
      case .greyAlpha: 2
      case .rgb: 3
      case .rgba: 4
      }
    }

    /// Bit depths PNG allows for this colour type (PNG §11.2.2, table 11.1).
    var allowedDepths: [Int] {
      switch self {
      case .grey: [1, 2, 4, 8, 16]
      case .palette: [1, 2, 4, 8]
      case .rgb, .greyAlpha, .rgba: [8, 16]
      }
    }
  }

  public let width: Int
  public let height: Int
  /// Bits per sample (per palette index for `.palette`): 1, 2, 4, 8 or 16.
  public let bitDepth: Int
  public let colorType: ColorType
  /// Adam7 interlacing.
  public let interlaced: Bool

  /// Bits per pixel in the filtered data.
  var bitsPerPixel: Int { bitDepth * colorType.channels }

  /// The 7 Adam7 passes, or the one pass of a non-interlaced image, with their sizes; passes
  /// with no pixels are left out, as they have no rows in the data (PNG §8.2).
  var passes: [Pass] {
    guard interlaced else { return [Pass(x0: 0, y0: 0, dx: 1, dy: 1, width: width, height: height)] }
    let starts = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    return starts.compactMap { x0, y0, dx, dy in
      let w = width > x0 ? (width - x0 + dx - 1) / dx : 0
      let h = height > y0 ? (height - y0 + dy - 1) / dy : 0
      return w > 0 && h > 0 ? Pass(x0: x0, y0: y0, dx: dx, dy: dy, width: w, height: h) : nil
    }
  }

  /// Bytes of filtered data the header implies: each row of each pass is a filter-type
  /// byte and its packed samples. Exact, so inflation can stop the moment it is exceeded.
  var filteredSize: Int {
    passes.reduce(0) { $0 + $1.height * (1 + $1.rowBytes(bitsPerPixel: bitsPerPixel)) }
  }

  /// One Adam7 pass (or the whole image): pixel (i, j) of the pass is image pixel
  /// (x0 + i·dx, y0 + j·dy).
  struct Pass: Equatable {
    var x0: Int
    var y0: Int
    var dx: Int
    var dy: Int
    var width: Int
    var height: Int

    func rowBytes(bitsPerPixel: Int) -> Int { (width * bitsPerPixel + 7) / 8 }
  }

  /// Reads IHDR's 13 data bytes (at `offset` in the file) and checks them against `limits`.
  init(ihdr data: ArraySlice<UInt8>, offset: Int, limits: ImageLimits) throws(ImageError) {
    guard data.count == 13 else {
      throw ImageError("the IHDR chunk has \(data.count) bytes of data, not 13", offset: offset)
    }
    let d = Array(data)
    let width = Int(PNGBytes.uint32(d, 0))
    let height = Int(PNGBytes.uint32(d, 4))
    guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
      throw ImageError("the image size \(width)×\(height) is invalid", offset: offset + 8)
    }
    guard let colorType = ColorType(rawValue: Int(d[9])) else {
      throw ImageError("the colour type \(d[9]) is not one PNG defines", offset: offset + 17)
    }
    let depth = Int(d[8])
    guard colorType.allowedDepths.contains(depth) else {
      throw ImageError("bit depth \(depth) is not allowed for colour type \(colorType.rawValue)", offset: offset + 16)
    }
    guard d[10] == 0 else { throw ImageError("the compression method \(d[10]) is unknown", offset: offset + 18) }
    guard d[11] == 0 else { throw ImageError("the filter method \(d[11]) is unknown", offset: offset + 19) }
    guard d[12] <= 1 else { throw ImageError("the interlace method \(d[12]) is unknown", offset: offset + 20) }
    guard width <= limits.maxSide, height <= limits.maxSide else {
      throw ImageError(
        "the image is \(width)×\(height) pixels; at most \(limits.maxSide) are allowed each way", offset: offset + 8)
    }
    // Both sides are at most 2^31 − 1, so the product cannot overflow a 64-bit Int.
    guard width * height * 4 <= limits.maxRGBABytes else {
      throw ImageError(
        "the image is \(width)×\(height) pixels, more than the \(limits.maxRGBABytes / 4) allowed", offset: offset + 8)
    }
    self.width = width
    self.height = height
    self.bitDepth = depth
    self.colorType = colorType
    self.interlaced = d[12] == 1
    guard filteredSize <= limits.maxDecompressedBytes else {
      throw ImageError(
        "the image data would inflate to \(filteredSize) bytes, more than the \(limits.maxDecompressedBytes) allowed",
        offset: offset + 8)
    }
  }
}

/// Big-endian reads, always within bounds the caller has checked.
enum PNGBytes {
  static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
  }
}
