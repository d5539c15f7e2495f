/// OpenType Layout's shared structures: Coverage and ClassDef tables.
enum OpenTypeCommon {
  /// The coverage index of `glyph`, or nil when the table does not cover it.
  static func coverage(_ table: ByteView, _ glyph: Int) throws(FontError) -> Int? {
    let format = try table.u16(0)
    let count = try table.u16(2)
    switch format {
    case 1:
      var lo = 0
      var hi = count - 1
      while lo <= hi {
        let mid = (lo + hi) / 2
        let g = try table.u16(4 + 2 * mid)
        if g < glyph { lo = mid + 1 } else if g > glyph { hi = mid - 1 } else { return mid }
      }
      return nil
    case 2:
      // A range record's value is the coverage index of its first glyph.
      guard let range = try rangeRecord(table, count: count, glyph) else { return nil }
      return range.value + glyph - range.start
    default:
      throw table.fail("coverage format \(format)")
    }
  }

  /// The class of `glyph`; 0 for glyphs the table does not list.
  static func classOf(_ table: ByteView, _ glyph: Int) throws(FontError) -> Int {
    let format = try table.u16(0)
    switch format {
    case 1:
      let start = try table.u16(2)
      let count = try table.u16(4)
      guard glyph >= start, glyph < start + count else { return 0 }
      return try table.u16(6 + 2 * (glyph - start))
    case 2:
      return try rangeRecord(table, count: try table.u16(2), glyph)?.value ?? 0
    default:
      throw table.fail("class definition format \(format)")
    }
  }

  /// The range record (start glyph, end glyph, value; sorted, from byte 4) that holds
  /// `glyph`, found by binary search: the format 2 of both Coverage and ClassDef tables.
  static func rangeRecord(_ table: ByteView, count: Int, _ glyph: Int) throws(FontError) -> (start: Int, value: Int)? {
    var lo = 0
    var hi = count - 1
    while lo <= hi {
      let mid = (lo + hi) / 2
      let start = try table.u16(4 + 6 * mid)
      let end = try table.u16(4 + 6 * mid + 2)
      if end < glyph {
        lo = mid + 1
      } else if start > glyph {
        hi = mid - 1
      } else {
        return (start, try table.u16(4 + 6 * mid + 4))
      }
    }
    return nil
  }

  /// The size in bytes of a value record of `format`: two bytes per bit set.
  static func valueSize(_ format: Int) -> Int { 2 * (format & 0xFF).nonzeroBitCount }

  /// The horizontal placement and advance of the value record at `offset`.
  static func value(_ table: ByteView, _ offset: Int, format: Int) throws(FontError) -> (placement: Int, advance: Int) {
    var at = offset
    var placement = 0
    var advance = 0
    if format & 0x01 != 0 {
      placement = try table.i16(at)
      at += 2
    }
    if format & 0x02 != 0 { at += 2 }
    if format & 0x04 != 0 { advance = try table.i16(at) }
    return (placement, advance)
  }
}
