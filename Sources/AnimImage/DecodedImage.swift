/// A decoded image: straight (not premultiplied) RGBA, rows top to bottom, left to right.
///
/// Images of 1 to 8 bits per sample are kept as 8-bit samples and 16-bit images as 16-bit
/// samples, so nothing is rounded and memory stays at 4 bytes a pixel for the common case
/// (§12.3's limit is on width × height × 4). Lower depths are scaled exactly (a 4-bit
/// grey 0xA becomes 0xAA). `rgba16(x:y:)` reads either kind on one 0...65535 scale (an
/// 8-bit value v as v × 257, exactly v/255 of full scale), which is what a bilinear sampler
/// wants: it can premultiply and blend the four taps in floating point without a
/// per-depth branch and without losing a 16-bit image's precision. Alpha stays straight
/// because PNG stores it so; premultiplying here would round away colour under low alpha.
public struct DecodedImage: Sendable, Equatable {
  public enum Samples: Sendable, Equatable {
    /// `width × height × 4` bytes.
    case rgba8([UInt8])
    /// `width × height × 4` 16-bit samples.
    case rgba16([UInt16])
  }

  /// The header the image was decoded under.
  public let header: PNGHeader
  public let samples: Samples

  public var width: Int { header.width }
  public var height: Int { header.height }

  /// Pixel (x, y) on the 16-bit scale; x in 0..<width, y in 0..<height.
  public func rgba16(x: Int, y: Int) -> (r: UInt16, g: UInt16, b: UInt16, a: UInt16) {
    let o = (y * header.width + x) * 4
    switch samples {
    case .rgba8(let s):
      return (UInt16(s[o]) * 257, UInt16(s[o + 1]) * 257, UInt16(s[o + 2]) * 257, UInt16(s[o + 3]) * 257)
    case .rgba16(let s):
      return (s[o], s[o + 1], s[o + 2], s[o + 3])
    }
  }

  /// Pixel (x, y) premultiplied, each channel in 0...1: the values a bilinear sampler blends
  /// (§12.3), so that a transparent pixel's colour does not bleed into its neighbours.
  public func premultiplied(x: Int, y: Int) -> (r: Double, g: Double, b: Double, a: Double) {
    let p = rgba16(x: x, y: y)
    let a = Double(p.a) / 65535
    return (Double(p.r) / 65535 * a, Double(p.g) / 65535 * a, Double(p.b) / 65535 * a, a)
  }

  /// All samples on the 16-bit scale.
  public var rgba16: [UInt16] {
    switch samples {
    case .rgba8(let s): s.map { UInt16($0) * 257 }
    case .rgba16(let s): s
    }
  }

  /// All samples on the 8-bit scale; 16-bit samples are rounded to nearest (v × 255 / 65535).
  public var rgba8: [UInt8] {
    switch samples {
    case .rgba8(let s): s
    case .rgba16(let s): s.map { UInt8((UInt32($0) * 255 + 32767) / 65535) }
    }
  }
}
