import AnimMath

/// Where each line sits in its box (§12.4 `align:`).
package enum TextAlignment: String, Sendable, CaseIterable {
  case leading, center, trailing
}

/// A laid-out text: glyph outlines in points with y down, the origin at the top-left of
/// the text's box, and the metrics §12.4 defines.
package struct TextLayout: Sendable {
  package struct Line: Sendable, Equatable {
    /// The x of the line's pen start, the y of its baseline, and its advance (points).
    package var x: Double
    package var baseline: Double
    package var advance: Double
  }

  /// One glyph as placed: its face (an entry of `fonts`), glyph ID and pen origin.
  package struct Glyph: Sendable, Equatable {
    package var font: String
    package var glyph: Int
    package var x: Double
    package var baseline: Double
  }

  package var path: Path
  /// The glyphs in string order, lines one after another.
  package var glyphs: [Glyph]
  package var width: Double
  package var height: Double
  /// The primary face's `hhea` metrics scaled to the size; descent is positive.
  package var ascent: Double
  package var descent: Double
  package var lineGap: Double
  package var lines: [Line]
  /// The faces used, as "file#index", in order of first use: the primary first (its
  /// metrics place the lines), then fallbacks as characters need them.
  package var fonts: [String]
  /// Characters no face has: they advance 0 and draw nothing (a warning each).
  package var missing: [Unicode.Scalar]

  /// The most outline points one text may have (every segment's end and control points):
  /// a glyph alone is bounded (`TrueTypeOutlines.maxPoints`), but a string may repeat a
  /// heavy glyph without end, and the outline is held whole.
  package static let maxPoints = 1_000_000

  /// Lays out `text` at `size` points with `primary`; a character `primary` lacks is
  /// taken from the first face of `fallbacks` that has it (each opened on demand; one
  /// that cannot be read, nil, is passed over: it is not the font asked for).
  ///
  /// Lines split at U+000A; line k's baseline is at `ascent + k·(ascent + descent +
  /// lineGap)`; the box is the widest line by `n·(ascent + descent) + (n−1)·lineGap`.
  /// A line's advance is its glyphs' advances plus pair kerning between neighbours of the
  /// same face. Characters map one to one to glyphs (Unicode scalars, no shaping).
  package init(
    _ text: String, size: Double, primary: FontFace, align: TextAlignment = .leading,
    fallbacks: [@Sendable () -> FontFace?] = []
  ) throws(FontError) {
    let scale = size / Double(primary.unitsPerEm)
    ascent = Double(primary.ascender) * scale
    descent = -Double(primary.descender) * scale
    lineGap = Double(primary.lineGap) * scale
    var usedFonts = [primary.label]
    var missingScalars: [Unicode.Scalar] = []
    var faces = [primary]
    var opened: [Int: FontFace] = [:]

    /// The face that has `scalar`, registering it in `faces`; nil when none has it.
    func find(_ scalar: Unicode.Scalar) throws(FontError) -> (Int, Int)? {
      for (i, face) in faces.enumerated() {
        if let g = face.glyph(for: scalar) { return (i, g) }
      }
      for (k, open) in fallbacks.enumerated() {
        let face: FontFace
        if let f = opened[k] {
          face = f
        } else {
          guard let f = open() else { continue }
          opened[k] = f
          face = f
        }
        if let g = face.glyph(for: scalar) {
          if let i = faces.firstIndex(where: { $0.label == face.label && $0.path == face.path }) { return (i, g) }
          faces.append(face)
          usedFonts.append(face.label)
          return (faces.count - 1, g)
        }
      }
      return nil
    }

    var placed: [[(face: Int, glyph: Int, x: Double)]] = []
    var advances: [Double] = []
    for lineText in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
      var glyphs: [(face: Int, glyph: Int)] = []
      for scalar in lineText {
        if let found = try find(scalar) {
          glyphs.append(found)
        } else if !missingScalars.contains(scalar) {
          missingScalars.append(scalar)
        }
      }
      // Kerning within runs of one face, then pen positions.
      var pen = 0.0
      var line: [(face: Int, glyph: Int, x: Double)] = []
      var start = 0
      while start < glyphs.count {
        var end = start
        while end < glyphs.count, glyphs[end].face == glyphs[start].face { end += 1 }
        let face = faces[glyphs[start].face]
        let run = glyphs[start..<end].map(\.glyph)
        let kerning = try face.kerning(run)
        let s = size / Double(face.unitsPerEm)
        for (k, g) in run.enumerated() {
          line.append((glyphs[start].face, g, pen + Double(kerning[k].placement) * s))
          pen += Double(face.advance(g) + kerning[k].advance) * s
        }
        start = end
      }
      placed.append(line)
      advances.append(pen)
    }

    fonts = usedFonts
    missing = missingScalars
    let n = Double(placed.count)
    width = advances.max() ?? 0
    height = n * (ascent + descent) + (n - 1) * lineGap
    lines = []
    glyphs = []
    path = Path()
    var points = 0
    for (k, line) in placed.enumerated() {
      let baseline = ascent + Double(k) * (ascent + descent + lineGap)
      let x0: Double
      switch align {
      case .leading: x0 = 0
      case .center: x0 = (width - advances[k]) / 2
      case .trailing: x0 = width - advances[k]
      }
      lines.append(Line(x: x0, baseline: baseline, advance: advances[k]))
      for glyph in line {
        let face = faces[glyph.face]
        let s = size / Double(face.unitsPerEm)
        let origin = Point(x0 + glyph.x, baseline)
        glyphs.append(Glyph(font: face.label, glyph: glyph.glyph, x: origin.x, baseline: baseline))
        func map(_ p: Point) -> Point { Point(origin.x + p.x * s, origin.y - p.y * s) }
        let outline = try face.outline(glyph.glyph).segments
        points += outline.reduce(0) { $0 + Self.points($1) }
        guard points <= Self.maxPoints else { throw FontError.textTooLarge(limit: Self.maxPoints) }
        for segment in outline {
          switch segment {
          case .move(let p): path.segments.append(.move(to: map(p)))
          case .line(let p): path.segments.append(.line(to: map(p)))
          case .quad(let c, let p): path.segments.append(.quad(control: map(c), to: map(p)))
          case .cubic(let c1, let c2, let p): path.segments.append(.cubic(c1: map(c1), c2: map(c2), to: map(p)))
          case .close: path.segments.append(.close)
          case .arc: break  // Font outlines have no arcs.
          }
        }
      }
    }
  }

  /// The points that `segment` adds to an outline.
  static func points(_ segment: PathSegment) -> Int {
    switch segment {
    case .move, .line: return 1
    case .quad: return 2
    case .cubic: return 3
    case .close, .arc: return 0
    }
  }
}
