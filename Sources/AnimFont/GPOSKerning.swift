/// Pair kerning from GPOS: the pair adjustment lookups (type 2, formats 1 and 2, also
/// behind extension lookups, type 9) of the `kern` feature.
///
/// The feature is taken from the default language system of the script `latn`, else
/// `DFLT`, else the first script: layout here has no script itemisation (§12.4: no
/// shaping beyond pair kerning), so one choice holds for the whole string, and Latin's is
/// the one that carries the most pairs in fonts that differ by script (DejaVu Sans). Lookups apply
/// in lookup-list order; within one, the first subtable that takes a pair applies, as
/// HarfBuzz does. When a pair's second value record is non-empty, the second glyph is
/// consumed with it and the next pair starts after it.
struct GPOSKerning: Sendable {
  /// The pair-adjustment subtables of each kern lookup, in lookup order.
  private let lookups: [[ByteView]]

  init(_ gpos: ByteView) throws(FontError) {
    let scriptList = try gpos.sub(from: gpos.u16(4))
    let featureList = try gpos.sub(from: gpos.u16(6))
    let lookupList = try gpos.sub(from: gpos.u16(8))
    var scripts: [String: Int] = [:]
    var firstScript: Int?
    for i in 0..<(try scriptList.u16(0)) {
      let tag = try scriptList.tag(2 + 6 * i)
      let offset = try scriptList.u16(2 + 6 * i + 4)
      scripts[tag] = offset
      if firstScript == nil { firstScript = offset }
    }
    // Each entry read below is a two-byte field of the table, so an honest table lists
    // at most `gpos.count / 2` of them in all; more means records are reused to multiply
    // the work, and the table is refused.
    var budget = Budget(limit: gpos.count / 2, table: gpos)
    // The kern lookups, each once (a set, filled as the features are read, so a feature
    // listed many times or a lookup named many times costs no memory).
    var indices = Set<Int>()
    if let scriptOffset = scripts["latn"] ?? scripts["DFLT"] ?? firstScript {
      let script = try scriptList.sub(from: scriptOffset)
      let langSysOffset = try script.u16(0)
      if langSysOffset != 0 {
        let langSys = try script.sub(from: langSysOffset)
        var features = Set<Int>()
        for j in 0..<(try langSys.u16(4)) {
          try budget.spend(1)
          let feature = try langSys.u16(6 + 2 * j)
          guard feature < (try featureList.u16(0)), try featureList.tag(2 + 6 * feature) == "kern" else { continue }
          guard features.insert(feature).inserted else { continue }
          let table = try featureList.sub(from: featureList.u16(2 + 6 * feature + 4))
          let count = try table.u16(2)
          try budget.spend(count)
          for k in 0..<count { indices.insert(try table.u16(4 + 2 * k)) }
        }
      }
    }
    var lookups: [[ByteView]] = []
    let lookupCount = try lookupList.u16(0)
    for index in indices.sorted() where index < lookupCount {
      let lookup = try lookupList.sub(from: lookupList.u16(2 + 2 * index))
      var type = try lookup.u16(0)
      var subtables: [ByteView] = []
      let count = try lookup.u16(4)
      try budget.spend(count)
      for s in 0..<count {
        var sub = try lookup.sub(from: lookup.u16(6 + 2 * s))
        if type == 9 {
          type = try sub.u16(2)
          sub = try sub.sub(from: sub.u32(4))
        }
        if type == 2 { subtables.append(sub) }
      }
      if !subtables.isEmpty { lookups.append(subtables) }
    }
    self.lookups = lookups
  }

  var isEmpty: Bool { lookups.isEmpty }

  /// How many feature, lookup and subtable entries reading the table may still take.
  private struct Budget {
    var left: Int
    let limit: Int
    let table: ByteView
    init(limit: Int, table: ByteView) {
      left = limit
      self.limit = limit
      self.table = table
    }

    mutating func spend(_ entries: Int) throws(FontError) {
      left -= entries
      guard left >= 0 else {
        throw table.fail("its features, lookups and subtables list more than the \(limit) entries its size can hold")
      }
    }
  }

  /// Per glyph of `glyphs`: the placement (x offset) and advance adjustments, font units.
  func adjustments(_ glyphs: [Int]) throws(FontError) -> [(placement: Int, advance: Int)] {
    var result = Array(repeating: (placement: 0, advance: 0), count: glyphs.count)
    for subtables in lookups {
      var i = 0
      while i + 1 < glyphs.count {
        var step = 1
        for sub in subtables {
          guard let (v1, v2, consumesSecond) = try pair(sub, glyphs[i], glyphs[i + 1]) else { continue }
          result[i].placement += v1.placement
          result[i].advance += v1.advance
          result[i + 1].placement += v2.placement
          result[i + 1].advance += v2.advance
          if consumesSecond { step = 2 }
          break
        }
        i += step
      }
    }
    return result
  }

  private typealias Value = (placement: Int, advance: Int)

  /// The adjustment of one subtable for `first` then `second`, or nil when it has none.
  private func pair(_ sub: ByteView, _ first: Int, _ second: Int) throws(FontError) -> (Value, Value, Bool)? {
    let format = try sub.u16(0)
    guard let coverageIndex = try OpenTypeCommon.coverage(sub.sub(from: sub.u16(2)), first) else { return nil }
    let format1 = try sub.u16(4)
    let format2 = try sub.u16(6)
    let size1 = OpenTypeCommon.valueSize(format1)
    let size2 = OpenTypeCommon.valueSize(format2)
    switch format {
    case 1:
      guard coverageIndex < (try sub.u16(8)) else { return nil }
      let set = try sub.sub(from: sub.u16(10 + 2 * coverageIndex))
      let count = try set.u16(0)
      let record = 2 + size1 + size2
      var lo = 0
      var hi = count - 1
      while lo <= hi {
        let mid = (lo + hi) / 2
        let at = 2 + record * mid
        let g = try set.u16(at)
        if g < second {
          lo = mid + 1
        } else if g > second {
          hi = mid - 1
        } else {
          let v1 = try OpenTypeCommon.value(set, at + 2, format: format1)
          let v2 = try OpenTypeCommon.value(set, at + 2 + size1, format: format2)
          return (v1, v2, format2 != 0)
        }
      }
      return nil
    case 2:
      let class1 = try OpenTypeCommon.classOf(sub.sub(from: sub.u16(8)), first)
      let class2 = try OpenTypeCommon.classOf(sub.sub(from: sub.u16(10)), second)
      let class1Count = try sub.u16(12)
      let class2Count = try sub.u16(14)
      guard class1 < class1Count, class2 < class2Count else { return nil }
      let at = 16 + (class1 * class2Count + class2) * (size1 + size2)
      let v1 = try OpenTypeCommon.value(sub, at, format: format1)
      let v2 = try OpenTypeCommon.value(sub, at + size1, format: format2)
      return (v1, v2, format2 != 0)
    default:
      throw sub.fail("pair adjustment format \(format)")
    }
  }
}
