/// A `cmap` subtable mapping Unicode scalars to glyph IDs: format 12 (segmented
/// coverage, the whole Unicode range) preferred, else format 4 (the BMP).
///
/// The subtable is read at lookup time through bounds-checked views, so a lookup costs a
/// binary search and opening a font does not walk every segment.
struct Cmap: Sendable {
  private enum Subtable: Sendable {
    case format4(ByteView, segments: Int)
    case format12(ByteView, groups: Int)
    case none
  }
  private let subtable: Subtable

  init(_ table: ByteView) throws(FontError) {
    let count = try table.u16(2)
    var best: (rank: Int, view: ByteView, format: Int)?
    for i in 0..<count {
      let record = 4 + 8 * i
      let platform = try table.u16(record)
      let encoding = try table.u16(record + 2)
      let offset = try table.u32(record + 4)
      guard let sub = try? table.sub(from: offset), let format = try? sub.u16(0) else { continue }
      let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
      guard unicode, format == 4 || format == 12 else { continue }
      let rank = format == 12 ? 2 : 1
      if best == nil || rank > best!.rank { best = (rank, sub, format) }
    }
    guard let best else {
      subtable = .none
      return
    }
    if best.format == 12 {
      let groups = try best.view.u32(12)
      let view = try best.view.sub(16, groups * 12)
      subtable = .format12(view, groups: groups)
    } else {
      let segments = try best.view.u16(6) / 2
      // endCode, pad, startCode, idDelta, idRangeOffset, then the glyph ID array.
      try best.view.check(14, segments * 8 + 2)
      subtable = .format4(best.view, segments: segments)
    }
  }

  /// The glyph of `scalar`, or 0 (`.notdef`) when the font has none; a lookup that lands
  /// outside the table is 0, not an error, so one bad segment loses only its characters.
  func glyph(for scalar: UInt32) -> Int {
    switch subtable {
    case .none: return 0
    case .format12(let view, let groups):
      var lo = 0
      var hi = groups - 1
      while lo <= hi {
        let mid = (lo + hi) / 2
        guard let start = try? view.u32(mid * 12), let end = try? view.u32(mid * 12 + 4) else { return 0 }
        if Int(scalar) < start {
          hi = mid - 1
        } else if Int(scalar) > end {
          lo = mid + 1
        } else {
          guard let first = try? view.u32(mid * 12 + 8) else { return 0 }
          let g = first + Int(scalar) - start
          return g <= 0xFFFF ? g : 0
        }
      }
      return 0
    case .format4(let view, let segments):
      guard scalar <= 0xFFFF else { return 0 }
      let c = Int(scalar)
      let ends = 14
      let starts = ends + 2 * segments + 2
      let deltas = starts + 2 * segments
      let ranges = deltas + 2 * segments
      var lo = 0
      var hi = segments - 1
      while lo <= hi {
        let mid = (lo + hi) / 2
        guard let end = try? view.u16(ends + 2 * mid) else { return 0 }
        if end < c {
          lo = mid + 1
          continue
        }
        // The first segment whose end is ≥ c: hi moves down, then check its start.
        if mid > 0, let previous = try? view.u16(ends + 2 * (mid - 1)), previous >= c {
          hi = mid - 1
          continue
        }
        guard let start = try? view.u16(starts + 2 * mid), start <= c,
          let delta = try? view.u16(deltas + 2 * mid), let rangeOffset = try? view.u16(ranges + 2 * mid)
        else { return 0 }
        if rangeOffset == 0 { return (c + delta) & 0xFFFF }
        let address = ranges + 2 * mid + rangeOffset + 2 * (c - start)
        guard let g = try? view.u16(address), g != 0 else { return 0 }
        return (g + delta) & 0xFFFF
      }
      return 0
    }
  }
}
