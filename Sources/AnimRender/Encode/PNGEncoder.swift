/// PNG encoding of a `Bitmap` as 8-bit RGBA (colour type 6), straight alpha, no
/// interlacing. Each row gets the filter (None, Sub, Up, Average or Paeth) with the
/// smallest sum of absolute signed bytes: the PNG specification's recommended heuristic.
public enum PNGEncoder {
  /// Largest side accepted: PNG allows 2^31 − 1, but the filtered buffer must fit in memory.
  public static let maxSide = 1 << 24
  /// Largest pixel count accepted (1 GiB of RGBA).
  public static let maxPixels = 1 << 28

  /// The complete PNG file for `bitmap`.
  public static func encode(_ bitmap: Bitmap, level: Deflate.Level = .default) throws(EncodeError)
    -> [UInt8]
  {
    try EncodeError.validate(bitmap, maxSide: maxSide, maxPixels: maxPixels)
    let filtered = filter(bitmap)
    let compressed = Zlib.compress(filtered, level: level)

    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png.reserveCapacity(compressed.count + 64 + compressed.count / (1 << 20) * 12)
    var header: [UInt8] = []
    appendBigEndian(UInt32(bitmap.width), to: &header)
    appendBigEndian(UInt32(bitmap.height), to: &header)
    // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
    header += [8, 6, 0, 0, 0]
    appendChunk("IHDR", header[...], to: &png)
    // IDAT chunks of at most 1 MiB keep each chunk's length field modest.
    var start = 0
    repeat {
      let end = min(start + (1 << 20), compressed.count)
      appendChunk("IDAT", compressed[start..<end], to: &png)
      start = end
    } while start < compressed.count
    appendChunk("IEND", [][...], to: &png)
    return png
  }

  private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  private static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to png: inout [UInt8]) {
    appendBigEndian(UInt32(data.count), to: &png)
    let typeBytes = Array(type.utf8)
    png += typeBytes
    png += data
    var crc = CRC32()
    crc.update(typeBytes)
    crc.update(data)
    appendBigEndian(crc.value, to: &png)
  }

  /// Rows prefixed by their filter type byte, ready for zlib.
  static func filter(_ bitmap: Bitmap) -> [UInt8] {
    let stride = bitmap.width * 4
    let height = bitmap.height
    var out = [UInt8](repeating: 0, count: (stride + 1) * height)
    // Candidate rows for Sub, Up, Average and Paeth; None is the source row itself.
    var scratch = [UInt8](repeating: 0, count: stride * 4)
    let zeroRow = [UInt8](repeating: 0, count: stride)
    bitmap.pixels.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        scratch.withUnsafeMutableBufferPointer { cand in
          zeroRow.withUnsafeBufferPointer { zero in
            guard let s = src.baseAddress, let d = dst.baseAddress, let c = cand.baseAddress,
              let z = zero.baseAddress
            else { return }
            for y in 0..<height {
              let row = s + y * stride
              let up = y == 0 ? z : row - stride
              let best = filterRow(row, up: up, count: stride, into: c)
              let o = d + y * (stride + 1)
              o[0] = UInt8(best)
              if best == 0 {
                (o + 1).update(from: row, count: stride)
              } else {
                (o + 1).update(from: c + (best - 1) * stride, count: stride)
              }
            }
          }
        }
      }
    }
    return out
  }

  /// Writes the four predicted rows into `c` and returns the filter type (0–4) whose
  /// bytes, read as signed, have the smallest absolute sum.
  @inline(__always)
  private static func filterRow(
    _ row: UnsafePointer<UInt8>, up: UnsafePointer<UInt8>, count: Int,
    into c: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let sub = c
    let upRow = c + count
    let avg = c + 2 * count
    let paeth = c + 3 * count
    var s0 = 0
    var s1 = 0
    var s2 = 0
    var s3 = 0
    var s4 = 0
    // Everything stays in this loop body (no nested functions) so the sums live in
    // registers rather than captured memory.
    for i in 0..<count {
      let x = row[i]
      let b = up[i]
      let a: UInt8 = i >= 4 ? row[i - 4] : 0
      let c: UInt8 = i >= 4 ? up[i - 4] : 0
      let ia = Int(a)
      let ib = Int(b)
      let ic = Int(c)
      let pa = abs(ib - ic)  // |p − a| with p = a + b − c
      let pb = abs(ia - ic)
      let pc = abs(ia + ib - 2 * ic)
      let predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
      let vSub = x &- a
      let vUp = x &- b
      let vAvg = x &- UInt8(truncatingIfNeeded: (ia + ib) >> 1)
      let vPaeth = x &- predictor
      sub[i] = vSub
      upRow[i] = vUp
      avg[i] = vAvg
      paeth[i] = vPaeth
      // |signed byte|, the heuristic's cost.
      s0 &+= abs(Int(Int8(bitPattern: x)))
      s1 &+= abs(Int(Int8(bitPattern: vSub)))
      s2 &+= abs(Int(Int8(bitPattern: vUp)))
      s3 &+= abs(Int(Int8(bitPattern: vAvg)))
      s4 &+= abs(Int(Int8(bitPattern: vPaeth)))
    }
    let sums = (s0, s1, s2, s3, s4)
    var best = 0
    var bestSum = sums.0
    for (type, sum) in [(1, sums.1), (2, sums.2), (3, sums.3), (4, sums.4)] where sum < bestSum {
      best = type
      bestSum = sum
    }
    return best
  }
}
