import AnimFont
import Foundation
import Testing

/// Line advances with pair kerning against HarfBuzz with only `kern` on, within 0.01 pt,
/// and glyph pen positions (HarfBuzz's cumulative advances plus x offsets).
struct KerningOracleTests {
  static let cases: [(path: String, index: Int, text: String, size: Double)] = [
    (FontOracle.dejaVu, 0, "AVATAR WAVE Ty. To Yo", 34),
    (FontOracle.dejaVu, 0, "Hello, World! LT P. F, r.", 17),
    (FontOracle.dejaVuBold, 0, "AVAWAY Te Vo", 48),
    (FontOracle.zenHei, 0, "我喜欢你 AVATAR", 34),
    (FontOracle.zenHei, 1, "文泉驿 Ty", 20),
    (FontOracle.notoCJK, 2, "AVATAR Ty. WAVE", 34),
    (FontOracle.notoCJK, 2, "我喜欢你。", 34),
    (FontOracle.notoCJK, 0, "Type: ワード", 12),
  ]

  @Test(arguments: 0..<cases.count)
  func advancesMatchHarfBuzz(_ c: Int) throws {
    let (path, index, text, size) = Self.cases[c]
    let face = try FontFace(path: path, index: index)
    let hb = try FontOracle.shape(path: path, index: index, text: text)
    let layout = try TextLayout(text, size: size, primary: face)
    let ids = hb["glyphs"] as? [Int] ?? []
    let advances = hb["advances"] as? [Int] ?? []
    let offsets = hb["offsets"] as? [Int] ?? []
    let scale = size / Double(hb["upem"] as? Int ?? 1)
    #expect(layout.glyphs.map(\.glyph) == ids, "glyphs of \(text)")
    let expected = Double(advances.reduce(0, +)) * scale
    #expect(abs(layout.lines[0].advance - expected) <= 0.01, "\(text): \(layout.lines[0].advance) vs \(expected)")
    var pen = 0.0
    for (k, glyph) in layout.glyphs.enumerated() where k < advances.count {
      #expect(abs(glyph.x - (pen + Double(offsets[k]) * scale)) <= 0.01, "\(text) glyph \(k)")
      pen += Double(advances[k]) * scale
    }
  }

  /// The kerning must change something in the Latin cases, or the test proves nothing.
  @Test func kerningIsNotZero() throws {
    let face = try FontFace(path: FontOracle.dejaVu)
    let ids = "AV".unicodeScalars.compactMap { face.glyph(for: $0) }
    #expect(try face.kerning(ids)[0].advance != 0)
  }
}

/// The `kern` table (format 0) path: DejaVu Sans with its GPOS removed by fontTools, so
/// that both HarfBuzz and the reader fall back to the `kern` table.
struct KernTableOracleTests {
  @Test func kernTableAdvancesMatchHarfBuzz() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("animc-dejavu-kern.ttf").path
    _ = try FontOracle.run(
      """
      f = TTFont(req['path'])
      del f['GPOS']
      f.save(req['out'])
      print('{}')
      """, ["path": FontOracle.dejaVu, "out": path])
    for text in ["AVATAR WAVE Ty. To", "LT P. F, r. Yo"] {
      let face = try FontFace(path: path)
      let hb = try FontOracle.shape(path: path, index: 0, text: text)
      let layout = try TextLayout(text, size: 34, primary: face)
      let advances = hb["advances"] as? [Int] ?? []
      let expected = Double(advances.reduce(0, +)) * 34 / Double(hb["upem"] as? Int ?? 1)
      let unkerned = Double(layout.glyphs.map { face.advance($0.glyph) }.reduce(0, +)) * 34 / 2048
      #expect(abs(layout.lines[0].advance - expected) <= 0.01, "\(text)")
      #expect(abs(unkerned - expected) > 0.01, "the kern table must kern \(text)")
    }
  }
}
