import AnimFont
import AnimMath
import AnimModel

/// The text constructor (§12.4): a Shape whose outline is the glyph outlines of a string.
package enum TextBuiltins {
  static let text = BuiltinSpec(
    "text", .text,
    [
      Parameter(nil, .string), Parameter("size", .number, default: .constant(.number(17))),
      // The empty string stands for the default family (§12.4's list).
      Parameter("font", .string, default: .constant(.string(""))),
      Parameter("weight", .enumeration(.fontWeight), default: .constant(.enumCase("regular"))),
      Parameter("align", .enumeration(.textAlignment), default: .constant(.enumCase("leading"))),
    ],
    result: .shape, kind: .shape, form: "string, size: 17, font: default, weight: .regular, align: .leading",
    doc: """
      The glyph outlines of `string` at `size` points, in a box the width of the widest line by \
      `n·(ascent + descent) + (n − 1)·lineGap` (the font's `hhea` metrics); lines split at `\\n` and are placed \
      by `align` (`.leading`, `.center`, `.trailing`). `font:` is a family name (\"DejaVu Sans\") or a \
      `.ttf`/`.otf`/`.ttc` file relative to the scene; `weight:` is SwiftUI's (`.ultraLight` … `.black`). \
      The string and font must be constants: the checker lays the text out.
      """,
    snippets: [
      BuiltinSnippet(
        "(string, size: 17, font: default, weight: .regular, align: .leading)", "text(\"${1}\", size: ${2:17})")
    ]
  ) { v, _ in
    // The checker lays the text out (its string and font are constants) and, when the
    // size is not a constant, passes the layout at size 1 in place of the string.
    guard case .shape(let unit)? = v.first else { return .shape(ShapeValue(outline: TextShapes.empty)) }
    return .shape(ShapeValue(outline: TextShapes.scaled(unit.outline, by: v.n(1))))
  }
}
