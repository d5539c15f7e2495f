import AnimModel

extension DumpRecords {
  /// A text shape's `"fonts"` member (§12.4): the faces its outline was drawn from, so a
  /// dump names the font files it depends on.
  static func fonts(_ fonts: [String], into out: inout DumpBytes) {
    out.append(",\"fonts\":[")
    for (i, font) in fonts.enumerated() {
      if i > 0 { out.append(",") }
      out.append(jsonString: font)
    }
    out.append("]")
  }
}
