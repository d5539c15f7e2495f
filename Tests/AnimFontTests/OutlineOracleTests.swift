import AnimFont
import AnimMath
import Foundation
import Testing

/// Glyph IDs, advances and outlines against fontTools, segment by segment, in font units:
/// TrueType (DejaVu Sans, with composite accented letters), TrueType CJK in a collection
/// (WenQuanYi Zen Hei, faces 0 and 1) and CID-keyed CFF in a collection (Noto Sans CJK SC).
struct OutlineOracleTests {
  static let cases: [(path: String, index: Int, text: String)] = [
    (FontOracle.dejaVu, 0, "Hello, World! AVATAR Ty. 0123"),
    (FontOracle.dejaVu, 0, "àéîõü ÅǺĳ ŁÓDŹ Ωπ→∞ @&%"),
    (FontOracle.dejaVuBold, 0, "Bold Wavy Text"),
    (FontOracle.zenHei, 0, "我喜欢你 文泉驿正黑 Hello"),
    (FontOracle.zenHei, 1, "我喜欢你 AV"),
    (FontOracle.notoCJK, 2, "我喜欢你 简体中文"),
    (FontOracle.notoCJK, 2, "Noto CJK: AVATAR 123 「」、。"),
    (FontOracle.notoCJK, 0, "日本語のテキスト"),
  ]

  @Test(arguments: 0..<cases.count)
  func outlinesMatchFontTools(_ c: Int) throws {
    let (path, index, text) = Self.cases[c]
    let face = try FontFace(path: path, index: index)
    let expected = try FontOracle.glyphs(path: path, index: index, text: text)
    #expect(expected.count == text.unicodeScalars.count)
    for (scalar, oracle) in zip(text.unicodeScalars, expected) {
      let id = oracle["glyph"] as? Int ?? -1
      #expect((face.glyph(for: scalar) ?? 0) == id, "glyph of \(scalar) in \(face.label)")
      guard id != 0 else { continue }
      #expect(face.advance(id) == oracle["advance"] as? Int, "advance of \(scalar)")
      let ours = try face.outline(id).segments
      let theirs = oracle["ops"] as? [[Any]] ?? []
      #expect(ours.count == theirs.count, "segments of \(scalar) in \(face.label)")
      for (segment, op) in zip(ours, theirs) {
        #expect(Self.matches(segment, op), "\(scalar): \(segment) vs \(op)")
      }
    }
  }

  /// DejaVu's accented letters are composites, so the composite path is exercised.
  @Test func compositesAreAmongTheCases() throws {
    let expected = try FontOracle.glyphs(path: FontOracle.dejaVu, index: 0, text: "àéîõüÅǺĳ")
    #expect(expected.contains { $0["composite"] as? Bool == true })
  }

  static func matches(_ segment: PathSegment, _ op: [Any]) -> Bool {
    guard let kind = op.first as? String else { return false }
    let n = op.dropFirst().compactMap { ($0 as? NSNumber)?.doubleValue }
    func near(_ p: Point, _ i: Int) -> Bool {
      i + 1 < n.count && abs(p.x - n[i]) <= 1e-6 && abs(p.y - n[i + 1]) <= 1e-6
    }
    switch (segment, kind) {
    case (.move(let p), "M"), (.line(let p), "L"): return n.count == 2 && near(p, 0)
    case (.quad(let c, let p), "Q"): return n.count == 4 && near(c, 0) && near(p, 2)
    case (.cubic(let a, let b, let p), "C"): return n.count == 6 && near(a, 0) && near(b, 2) && near(p, 4)
    case (.close, "Z"): return true
    default: return false
    }
  }
}
