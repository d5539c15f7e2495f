import AnimMath
import Foundation

/// One face of a font file, ready for layout: its character map, metrics, outlines and
/// kerning. Opening reads the table directory and the small tables; glyph outlines are
/// decoded on demand, each read bounds-checked, so a corrupt font yields `FontError`.
package struct FontFace: Sendable {
  /// The file's name and face index as the dump records them ("DejaVuSans.ttf#0").
  package let label: String
  package let path: String
  package let index: Int
  package let names: FaceNames
  package var unitsPerEm: Int { metrics.unitsPerEm }
  /// `hhea` ascender, descender (negative below the baseline) and line gap, font units.
  package var ascender: Int { metrics.ascender }
  package var descender: Int { metrics.descender }
  package var lineGap: Int { metrics.lineGap }
  package var glyphCount: Int { metrics.numGlyphs }

  private let metrics: Metrics
  private let cmap: Cmap
  private let outlines: Outlines
  private let kerning: Kerning

  private enum Outlines: Sendable {
    case trueType(TrueTypeOutlines)
    case cff(CFFOutlines)
  }

  private enum Kerning: Sendable {
    case gpos(GPOSKerning)
    case kern(KernTable)
    case none
  }

  /// The number of faces in the file's bytes (a collection's count, else 1).
  package static func faceCount(data: Data) throws(FontError) -> Int {
    try TableDirectory.faceCount(ByteView(data, table: "file"))
  }

  /// Reads face `index` of the file at `path`.
  package init(path: String, index: Int = 0) throws(FontError) {
    try self.init(data: FontFile.read(path), index: index, path: path)
  }

  /// Reads face `index` of a font file's bytes; `path` only names it.
  package init(data: Data, index: Int = 0, path: String = "font") throws(FontError) {
    let directory = try TableDirectory(file: ByteView(data, table: "file"), index: index)
    self.path = path
    self.index = index
    label = "\((path as NSString).lastPathComponent)#\(index)"
    metrics = try Metrics(tables: directory)
    names = try FaceNames(tables: directory)
    cmap = try Cmap(directory.required("cmap"))
    if let cff = directory.tables["CFF "] {
      let outlines = try CFFOutlines(cff)
      guard outlines.glyphCount >= metrics.numGlyphs else {
        throw FontError.malformed(
          table: "CFF ", reason: "\(outlines.glyphCount) charstrings for \(metrics.numGlyphs) glyphs")
      }
      self.outlines = .cff(outlines)
    } else if directory.tables["glyf"] != nil {
      outlines = .trueType(try TrueTypeOutlines(tables: directory, metrics: metrics))
    } else {
      throw FontError.missingTable("glyf")
    }
    // GPOS kerning when the font has a kern feature, else the kern table (§12.4); a
    // broken kerning table is an error, as a silently different layout would be worse.
    if let gpos = directory.tables["GPOS"], case let k = try GPOSKerning(gpos), !k.isEmpty {
      kerning = .gpos(k)
    } else if let kern = directory.tables["kern"], case let k = try KernTable(kern), !k.isEmpty {
      kerning = .kern(k)
    } else {
      kerning = .none
    }
  }

  /// The glyph of `scalar`, or nil when the face has none (cmap gives `.notdef`).
  package func glyph(for scalar: Unicode.Scalar) -> Int? {
    let g = cmap.glyph(for: scalar.value)
    return g == 0 || g >= metrics.numGlyphs ? nil : g
  }

  /// The advance width of `glyph` in font units.
  package func advance(_ glyph: Int) -> Int { metrics.advance(glyph) }

  /// The outline of `glyph` in font units, y up: quadratic for TrueType, cubic for CFF.
  package func outline(_ glyph: Int) throws(FontError) -> Path {
    switch outlines {
    case .trueType(let t): return try t.outline(glyph)
    case .cff(let c): return try c.outline(glyph)
    }
  }

  /// Pair kerning over a run of this face's glyphs: for each glyph, an x offset for its
  /// drawing and an adjustment of its advance, in font units.
  package func kerning(_ glyphs: [Int]) throws(FontError) -> [(placement: Int, advance: Int)] {
    switch kerning {
    case .gpos(let g): return try g.adjustments(glyphs)
    case .kern(let k):
      var result = Array(repeating: (placement: 0, advance: 0), count: glyphs.count)
      for i in glyphs.indices.dropLast() { result[i].advance = k.value(glyphs[i], glyphs[i + 1]) }
      return result
    case .none: return Array(repeating: (0, 0), count: glyphs.count)
    }
  }
}
