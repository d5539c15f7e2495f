import AnimFont
import Foundation
import FuzzSupport

/// The font reader on arbitrary bytes as a font file: the table directory (collections
/// too), the small tables, cmap, then outlines (glyf or CFF charstrings) and kerning
/// (GPOS or kern) of a few characters and glyphs. Each step yields a value or a
/// `FontError`.
@main enum FuzzFont {
  /// Latin, a ligature-prone pair, CJK and an emoji: the cmap formats' different ranges.
  static let scalars: [Unicode.Scalar] = ["A", "V", "a", "f", "i", " ", "é", "中", "文", "😀"]

  static func main() {
    fuzzMain { bytes in
      let data = Data(bytes)
      guard let count = try? FontFace.faceCount(data: data) else { return }
      for index in 0..<min(count, 2) {
        guard let face = try? FontFace(data: data, index: index) else { continue }
        var glyphs = scalars.compactMap { face.glyph(for: $0) }
        glyphs += (0..<min(face.glyphCount, 4)).map { $0 }
        for glyph in glyphs {
          _ = face.advance(glyph)
          _ = try? face.outline(glyph)
        }
        _ = try? face.kerning(glyphs)
      }
    }
  }
}
