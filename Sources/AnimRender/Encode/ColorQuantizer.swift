/// Reduces one frame's RGB pixels (packed `0x00RRGGBB`) to at most 256 palette entries
/// and writes an index per pixel. Frames with few colours keep them exactly; others go
/// through a 6-bit-per-channel histogram and `MedianCut`. Tables are reused across frames
/// and only touched entries are reset, so the cost follows the frame, not the table size.
struct ColorQuantizer {
  /// Pixels equal to this are skipped and get the transparent index.
  static let skip: UInt32 = 0xFF00_0000
  private static let emptyKey: UInt32 = 0xFFFF_FFFF
  private static let exactSlots = 1024  // over 4× the 256 colours, so probes stay short
  private static let bins = 1 << 18
  private static let unknown: UInt16 = 0xFFFF

  private var exactKeys = [UInt32](repeating: ColorQuantizer.emptyKey, count: exactSlots)
  private var exactValues = [UInt8](repeating: 0, count: exactSlots)
  private var binCount: [UInt32] = []
  private var binSums: [UInt64] = []
  private var binIndex: [UInt16] = []
  private var touched: [Int] = []

  /// Maps `pixels` (a `width`-wide rectangle whose top-left is at `origin` in the frame)
  /// into `indices` and returns the palette as packed RGB. Skipped pixels get index
  /// `maxColors`, so callers reserving a transparent entry pass 255.
  mutating func quantize(
    _ pixels: [UInt32], width: Int, origin: (x: Int, y: Int),
    maxColors: Int, dither: Bool, into indices: inout [UInt8]
  ) -> [UInt32] {
    if let palette = exactPalette(pixels, maxColors: maxColors, into: &indices) {
      return palette
    }
    return medianCut(
      pixels, width: width, origin: origin, maxColors: maxColors, dither: dither, into: &indices)
  }

  @inline(__always)
  private static func slot(_ color: UInt32) -> Int {
    Int((color &* 2_654_435_761) >> 22)  // top 10 bits: 1024 slots
  }

  /// The frame's own colours when there are at most `maxColors`, else nil.
  private mutating func exactPalette(
    _ pixels: [UInt32], maxColors: Int, into indices: inout [UInt8]
  ) -> [UInt32]? {
    var palette: [UInt32] = []
    palette.reserveCapacity(maxColors)
    let transparent = UInt8(truncatingIfNeeded: maxColors)
    for i in exactKeys.indices { exactKeys[i] = ColorQuantizer.emptyKey }
    var last = ColorQuantizer.emptyKey
    var lastIndex: UInt8 = 0
    for (p, color) in pixels.enumerated() {
      if color == last {
        indices[p] = lastIndex
        continue
      }
      if color == ColorQuantizer.skip {
        indices[p] = transparent
        continue
      }
      var s = ColorQuantizer.slot(color)
      while exactKeys[s] != color && exactKeys[s] != ColorQuantizer.emptyKey { s = (s + 1) & 1023 }
      if exactKeys[s] == ColorQuantizer.emptyKey {
        guard palette.count < maxColors else { return nil }
        exactKeys[s] = color
        exactValues[s] = UInt8(palette.count)
        palette.append(color)
      }
      last = color
      lastIndex = exactValues[s]
      indices[p] = lastIndex
    }
    return palette
  }

  @inline(__always)
  private static func bin(_ c: UInt32) -> Int {
    // Top six bits of each channel: r at bits 12–17, g at 6–11, b at 0–5.
    let r: UInt32 = (c >> 6) & 0x3F000
    let g: UInt32 = (c >> 4) & 0xFC0
    let b: UInt32 = (c >> 2) & 0x3F
    return Int(r | g | b)
  }

  /// The 4×4 Bayer matrix as offsets of about ±10 levels: enough to break up bands
  /// between neighbouring palette entries without visible noise.
  private static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map {
    ($0 * 4 - 30) / 3
  }

  private mutating func medianCut(
    _ pixels: [UInt32], width: Int, origin: (x: Int, y: Int),
    maxColors: Int, dither: Bool, into indices: inout [UInt8]
  ) -> [UInt32] {
    if binCount.isEmpty {
      binCount = [UInt32](repeating: 0, count: ColorQuantizer.bins)
      binSums = [UInt64](repeating: 0, count: ColorQuantizer.bins * 3)
      binIndex = [UInt16](repeating: ColorQuantizer.unknown, count: ColorQuantizer.bins)
    }
    touched.removeAll(keepingCapacity: true)
    for color in pixels where color != ColorQuantizer.skip {
      let b = ColorQuantizer.bin(color)
      if binCount[b] == 0 { touched.append(b) }
      binCount[b] &+= 1
      binSums[b * 3] &+= UInt64(color >> 16)
      binSums[b * 3 + 1] &+= UInt64((color >> 8) & 0xFF)
      binSums[b * 3 + 2] &+= UInt64(color & 0xFF)
    }
    var colors = touched.map { b -> WeightedColor in
      let n = Double(binCount[b])
      return WeightedColor(
        r: Float(Double(binSums[b * 3]) / n), g: Float(Double(binSums[b * 3 + 1]) / n),
        b: Float(Double(binSums[b * 3 + 2]) / n), weight: Float(n), tag: Int32(b))
    }
    var membership: [UInt8] = []
    let boxes = MedianCut.palette(&colors, maxColors: maxColors, membership: &membership)
    let palette = boxes.map { c -> UInt32 in
      let r = UInt32(min(255, max(0, c.r.rounded())))
      let g = UInt32(min(255, max(0, c.g.rounded())))
      let b = UInt32(min(255, max(0, c.b.rounded())))
      return r << 16 | g << 8 | b
    }
    // Nearest entry per bin is better than box membership (boxes are not Voronoi cells)
    // but costs colours × palette; past a few thousand bins, membership is used.
    let searchNearest = colors.count <= 4096
    for (i, c) in colors.enumerated() {
      binIndex[Int(c.tag)] =
        searchNearest
        ? UInt16(ColorQuantizer.nearest(r: c.r, g: c.g, b: c.b, in: palette))
        : UInt16(membership[i])
    }
    let transparent = UInt8(truncatingIfNeeded: maxColors)
    for (p, color) in pixels.enumerated() {
      if color == ColorQuantizer.skip {
        indices[p] = transparent
        continue
      }
      var c = color
      // Colours the palette already holds closely (flat fills, the background) are not
      // dithered: noise there would only add error.
      if dither
        && ColorQuantizer.spread(color, palette[Int(binIndex[ColorQuantizer.bin(color)])]) > 3
      {
        let x = origin.x + p % width
        let y = origin.y + p / width
        let offset = ColorQuantizer.bayer[(y & 3) << 2 | (x & 3)]
        c = ColorQuantizer.offset(color, by: offset)
      }
      let b = ColorQuantizer.bin(c)
      if binIndex[b] == ColorQuantizer.unknown {
        // Only dithered colours land here: bins no pixel of the frame had.
        binIndex[b] = UInt16(
          ColorQuantizer.nearest(
            r: Float(c >> 16), g: Float((c >> 8) & 0xFF), b: Float(c & 0xFF), in: palette))
        if binCount[b] == 0 {
          touched.append(b)
          binCount[b] = 1  // marks it touched; cleared below with the rest
        }
      }
      indices[p] = UInt8(truncatingIfNeeded: binIndex[b])
    }
    for b in touched {
      binCount[b] = 0
      binSums[b * 3] = 0
      binSums[b * 3 + 1] = 0
      binSums[b * 3 + 2] = 0
      binIndex[b] = ColorQuantizer.unknown
    }
    return palette
  }

  /// Largest per-channel difference between two packed colours.
  @inline(__always)
  private static func spread(_ a: UInt32, _ b: UInt32) -> Int {
    let dr = abs(Int(a >> 16) - Int(b >> 16))
    let dg = abs(Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF))
    let db = abs(Int(a & 0xFF) - Int(b & 0xFF))
    return max(dr, dg, db)
  }

  /// Adds `offset` to each channel, clamped.
  @inline(__always)
  private static func offset(_ c: UInt32, by offset: Int) -> UInt32 {
    let r = UInt32(min(255, max(0, Int(c >> 16) + offset)))
    let g = UInt32(min(255, max(0, Int((c >> 8) & 0xFF) + offset)))
    let b = UInt32(min(255, max(0, Int(c & 0xFF) + offset)))
    return r << 16 | g << 8 | b
  }

  /// Index of the palette entry nearest to the colour, by weighted squared distance.
  static func nearest(r: Float, g: Float, b: Float, in palette: [UInt32]) -> Int {
    var best = 0
    var bestDistance = Float.infinity
    let w = MedianCut.weights
    for (i, entry) in palette.enumerated() {
      let dr = r - Float(entry >> 16)
      let dg = g - Float((entry >> 8) & 0xFF)
      let db = b - Float(entry & 0xFF)
      let d = w.r * dr * dr + w.g * dg * dg + w.b * db * db
      if d < bestDistance {
        bestDistance = d
        best = i
      }
    }
    return best
  }
}
