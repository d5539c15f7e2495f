/// From inflated, filtered scanlines to RGBA pixels: filters reversed (PNG §7.3, §9), samples
/// unpacked from 1, 2, 4, 8 or 16 bits, palette and tRNS applied, and each Adam7 pass's
/// pixels put in their places (PNG §8.2).
enum PNGPixels {
  static func decode(
    _ data: inout [UInt8], header: PNGHeader, palette: [(UInt8, UInt8, UInt8, UInt8)], transparency: [Int]?
  ) throws(ImageError) -> DecodedImage {
    try unfilter(&data, header: header)
    let count = header.width * header.height * 4
    let wide = header.bitDepth == 16
    var out8 = wide ? [] : [UInt8](repeating: 0, count: count)
    var out16 = wide ? [UInt16](repeating: 0, count: count) : []
    // Grey samples below 8 bits scale exactly to 8: 1 → ×255, 2 → ×85, 4 → ×17.
    let greyScale = header.bitDepth < 8 ? 255 / ((1 << header.bitDepth) - 1) : 1
    let opaque = wide ? 65535 : 255
    let channels = header.colorType.channels
    // The transparent grey or RGB value; -1 (no sample has it) when there is none.
    let key = (transparency ?? []) + [-1, -1, -1]
    var raw = [Int](repeating: 0, count: header.width * channels)
    var base = 0
    for pass in header.passes {
      let rowBytes = pass.rowBytes(bitsPerPixel: header.bitsPerPixel)
      for j in 0..<pass.height {
        unpack(data, from: base + 1, samples: pass.width * channels, depth: header.bitDepth, into: &raw)
        base += rowBytes + 1
        let y = pass.y0 + j * pass.dy
        for i in 0..<pass.width {
          let s = i * channels
          var px: (Int, Int, Int, Int)
          switch header.colorType {
          case .grey:
            let g = raw[s]
            let clear = g == key[0]
            px = (g * greyScale, g * greyScale, g * greyScale, clear ? 0 : opaque)
          case .rgb:
            let clear = raw[s] == key[0] && raw[s + 1] == key[1] && raw[s + 2] == key[2]
            px = (raw[s], raw[s + 1], raw[s + 2], clear ? 0 : opaque)
          case .palette:
            let index = raw[s]
            guard index < palette.count else {
              throw ImageError(
                "pixel (\(pass.x0 + i * pass.dx), \(y)) uses palette index \(index), but the palette has only "
                  + "\(palette.count) entries")
            }
            let e = palette[index]
            px = (Int(e.0), Int(e.1), Int(e.2), Int(e.3))
          case .greyAlpha:
            px = (raw[s], raw[s], raw[s], raw[s + 1])
          case .rgba:
            px = (raw[s], raw[s + 1], raw[s + 2], raw[s + 3])
          }
          let o = ((y * header.width) + pass.x0 + i * pass.dx) * 4
          if wide {
            out16[o] = UInt16(px.0)
            out16[o + 1] = UInt16(px.1)
            out16[o + 2] = UInt16(px.2)
            out16[o + 3] = UInt16(px.3)
          } else {
            out8[o] = UInt8(px.0)
            out8[o + 1] = UInt8(px.1)
            out8[o + 2] = UInt8(px.2)
            out8[o + 3] = UInt8(px.3)
          }
        }
      }
    }
    let samples: DecodedImage.Samples = wide ? .rgba16(out16) : .rgba8(out8)
    return DecodedImage(header: header, samples: samples)
  }

  /// The first `samples` samples of the row at `data[start...]`, most significant bits first.
  private static func unpack(_ data: [UInt8], from start: Int, samples: Int, depth: Int, into raw: inout [Int]) {
    switch depth {
    case 16:
      for k in 0..<samples { raw[k] = Int(data[start + 2 * k]) << 8 | Int(data[start + 2 * k + 1]) }
    case 8:
      for k in 0..<samples { raw[k] = Int(data[start + k]) }
    default:
      let perByte = 8 / depth
      let mask = (1 << depth) - 1
      for k in 0..<samples {
        let byte = Int(data[start + k / perByte])
        raw[k] = (byte >> (8 - depth * (k % perByte + 1))) & mask
      }
    }
  }

  /// Reverses each row's filter in place. The filters work on bytes, with `bpp` the bytes
  /// per complete pixel (at least 1), and the previous row of the same pass as "up".
  static func unfilter(_ data: inout [UInt8], header: PNGHeader) throws(ImageError) {
    let bpp = max(1, header.bitsPerPixel / 8)
    var base = 0
    for (p, pass) in header.passes.enumerated() {
      let rowBytes = pass.rowBytes(bitsPerPixel: header.bitsPerPixel)
      for j in 0..<pass.height {
        let start = base + 1
        let up = start - (rowBytes + 1)
        let hasUp = j > 0
        switch data[base] {
        case 0:
          break
        case 1:
          for i in stride(from: bpp, to: rowBytes, by: 1) { data[start + i] &+= data[start + i - bpp] }
        case 2:
          if hasUp { for i in 0..<rowBytes { data[start + i] &+= data[up + i] } }
        case 3:
          for i in 0..<rowBytes {
            let a = i >= bpp ? Int(data[start + i - bpp]) : 0
            let b = hasUp ? Int(data[up + i]) : 0
            data[start + i] &+= UInt8((a + b) / 2)
          }
        case 4:
          for i in 0..<rowBytes {
            let a = i >= bpp ? Int(data[start + i - bpp]) : 0
            let b = hasUp ? Int(data[up + i]) : 0
            let c = i >= bpp && hasUp ? Int(data[up + i - bpp]) : 0
            data[start + i] &+= UInt8(paeth(a, b, c))
          }
        default:
          let row = header.interlaced ? "row \(j) of Adam7 pass \(p + 1)" : "row \(j)"
          throw ImageError("image data: \(row) has the unknown filter type \(data[base])")
        }
        base += rowBytes + 1
      }
    }
  }

  /// PNG §9.4: the neighbour nearest to a + b − c, ties to a, then b.
  static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let p = a + b - c
    let pa = abs(p - a)
    let pb = abs(p - b)
    let pc = abs(p - c)
    if pa <= pb && pa <= pc { return a }
    if pb <= pc { return b }
    return c
  }
}
