/// The colour table in a GIF's header (GIF89a §18): the first frame's colours, plus one
/// entry no colour uses, kept for transparency, when the table has room for it.
///
/// A later frame whose colours all appear here may leave out its own table (up to 768
/// bytes) and index this one; the writer does so when that makes the frame smaller, as
/// gifsicle's optimizer does. Indices into it may need one more bit than the frame's own
/// table would, which is why the choice is made per frame by size.
struct GIFGlobalPalette {
  /// The table as written: `colors` padded with black to `1 << bits` entries.
  let colors: [UInt32]
  let bits: Int
  /// The entry after the colours, when the table has one to spare.
  let transparentIndex: Int?
  /// Each colour's first index.
  let slot: [UInt32: UInt8]

  /// The first frame's palette; its indices (with the transparent one at
  /// `palette.count`) are valid indices into the table as they are.
  init(firstFrame palette: [UInt32]) {
    var bits = 1
    while 1 << bits < min(palette.count + 1, 256) { bits += 1 }
    self.bits = bits
    colors = palette
    transparentIndex = palette.count < 1 << bits ? palette.count : nil
    var slot: [UInt32: UInt8] = [:]
    slot.reserveCapacity(palette.count)
    for (i, color) in palette.enumerated() where slot[color] == nil { slot[color] = UInt8(i) }
    self.slot = slot
  }

  /// The table's bytes: RGB per entry, `1 << bits` entries.
  var bytes: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(3 << bits)
    for color in colors {
      out.append(UInt8(color >> 16))
      out.append(UInt8((color >> 8) & 0xFF))
      out.append(UInt8(color & 0xFF))
    }
    out.append(contentsOf: repeatElement(0, count: ((1 << bits) - colors.count) * 3))
    return out
  }

  /// The logical screen descriptor's packed byte: a global table of `1 << bits` entries,
  /// colour resolution the same, not sorted.
  var packedField: UInt8 { UInt8(0x80 | (bits - 1) << 4 | (bits - 1)) }

  /// For a frame's palette (and its transparent index, if any), the table index of each
  /// of its indices, or nil when a colour is missing or no entry is free for transparency.
  func indexMap(for palette: [UInt32], transparent: Int?) -> [UInt8]? {
    var map = [UInt8](repeating: 0, count: 256)
    for (i, color) in palette.enumerated() {
      guard let j = slot[color] else { return nil }
      map[i] = j
    }
    if let transparent {
      guard let t = transparentIndex else { return nil }
      map[transparent] = UInt8(t)
    }
    return map
  }
}
