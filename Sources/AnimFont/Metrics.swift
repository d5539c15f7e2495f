/// The metrics a layout needs, from `head`, `hhea`, `maxp` and `hmtx`, in font units.
struct Metrics: Sendable {
  let unitsPerEm: Int
  /// `head.indexToLocFormat`: 0 for 16-bit `loca` offsets, 1 for 32-bit.
  let indexToLocFormat: Int
  let ascender: Int
  let descender: Int
  let lineGap: Int
  let numGlyphs: Int
  private let numberOfHMetrics: Int
  private let hmtx: ByteView

  init(tables: TableDirectory) throws(FontError) {
    let head = try tables.required("head")
    unitsPerEm = try head.u16(18)
    guard (16...16384).contains(unitsPerEm) else {
      throw head.fail("unitsPerEm \(unitsPerEm) is outside 16…16384")
    }
    indexToLocFormat = try head.i16(50)
    let hhea = try tables.required("hhea")
    ascender = try hhea.i16(4)
    descender = try hhea.i16(6)
    lineGap = try hhea.i16(8)
    numberOfHMetrics = try hhea.u16(34)
    numGlyphs = try tables.required("maxp").u16(4)
    hmtx = try tables.required("hmtx")
    guard numberOfHMetrics >= 1 else { throw hhea.fail("numberOfHMetrics is 0") }
    // The long metrics must be there; glyphs past them repeat the last advance.
    try hmtx.check(0, 4 * numberOfHMetrics)
  }

  /// The left side bearing of `glyph`: from its long metric, else from the array of
  /// bearings that follows them; nil when `hmtx` is too short to hold it.
  func leftSideBearing(_ glyph: Int) -> Int? {
    guard glyph >= 0 else { return nil }
    if glyph < numberOfHMetrics { return try? hmtx.i16(4 * glyph + 2) }
    return try? hmtx.i16(4 * numberOfHMetrics + 2 * (glyph - numberOfHMetrics))
  }

  /// The advance width of `glyph`; glyphs past `numberOfHMetrics` take the last one.
  func advance(_ glyph: Int) -> Int {
    let i = min(max(glyph, 0), numberOfHMetrics - 1)
    return (try? hmtx.u16(4 * i)) ?? 0
  }
}

/// What font lookup needs of a face: its family names, weight and slant.
package struct FaceNames: Sendable, Hashable {
  /// The typographic family names (`name` ID 16) in every language, else the family
  /// names (ID 1); the first is the English (or first) one, used in messages.
  package let families: [String]
  /// The subfamily (ID 17, else ID 2), e.g. "Bold".
  package let subfamily: String
  /// `OS/2.usWeightClass` (400 when the table is absent).
  package let weight: Int
  /// Italic or oblique: `OS/2.fsSelection` bit 0 or 9, or `head.macStyle` bit 1.
  package let isItalic: Bool

  init(tables: TableDirectory) throws(FontError) {
    let names = try NameTable(tables.required("name"))
    let typographic = names.strings(id: 16)
    families = typographic.isEmpty ? names.strings(id: 1) : typographic
    subfamily = (names.strings(id: 17).first ?? names.strings(id: 2).first) ?? ""
    var weight = 400
    var italic = false
    if let os2 = tables.tables["OS/2"] {
      weight = (try? os2.u16(4)) ?? 400
      let selection = (try? os2.u16(62)) ?? 0
      italic = selection & 0x201 != 0
    }
    if let head = tables.tables["head"], let style = try? head.u16(44), style & 2 != 0 { italic = true }
    self.weight = weight
    self.isItalic = italic
  }
}
