import AnimCheck
import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimTestSupport
import Foundation
import Testing

/// `text(…)` (§12.4) against fontTools and HarfBuzz in Python: the oracle lays the text
/// out from the font's own tables (hhea ascent, descent and line gap; HarfBuzz advances
/// with only `kern` on; §12.4's line and alignment rules, written out again in Python)
/// and draws each glyph with a fontTools pen, moved to its pen position and scaled with
/// y down. The checker's shape must match it segment for segment.
@Suite struct TextShapeOracleTests {
  struct Case: Sendable, CustomStringConvertible {
    var text: String
    var size: Double
    var weight: String
    var align: String
    var file: String
    var description: String { "\(text.debugDescription) \(weight) \(align)" }
  }

  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static let dejaVuBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

  static let cases = [
    Case(text: "Hello, AV\nWorld", size: 40, weight: "regular", align: "center", file: dejaVu),
    Case(text: "To Wait\nfor Yves", size: 34, weight: "bold", align: "trailing", file: dejaVuBold),
    Case(text: "Type", size: 17, weight: "regular", align: "leading", file: dejaVu),
  ]

  static let oracle = """
    import sys, json
    import uharfbuzz as hb
    from fontTools.ttLib import TTFont
    from fontTools.pens.basePen import BasePen
    req = json.load(sys.stdin)
    f = TTFont(req['file'])
    gs = f.getGlyphSet()
    order = f.getGlyphOrder()
    upem = f['head'].unitsPerEm
    s = req['size'] / upem
    hhea = f['hhea']
    ascent, descent, gap = hhea.ascent * s, -hhea.descent * s, hhea.lineGap * s
    face = hb.Face(hb.Blob.from_file_path(req['file']), 0)
    hfont = hb.Font(face)
    off = ['ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'calt', 'clig', 'liga', 'rclt', 'rvrn', 'ltra', 'ltrm']
    lines = []
    for text in req['text'].split('\\n'):
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        feats = {t: False for t in off}
        feats['kern'] = True
        hb.shape(hfont, buf, feats)
        pen, placed = 0.0, []
        for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
            placed.append((info.codepoint, pen + pos.x_offset * s))
            pen += pos.x_advance * s
        lines.append((placed, pen))
    width = max(adv for _, adv in lines)
    n = len(lines)
    height = n * (ascent + descent) + (n - 1) * gap
    class Ops(BasePen):
        def __init__(self, gs, x, y):
            super().__init__(gs); self.ops = []; self.x = x; self.y = y
        def m(self, p): return [self.x + p[0] * s, self.y - p[1] * s]
        def _moveTo(self, p): self.ops.append(['M', *self.m(p)])
        def _lineTo(self, p): self.ops.append(['L', *self.m(p)])
        def _qCurveToOne(self, a, b): self.ops.append(['Q', *self.m(a), *self.m(b)])
        def _curveToOne(self, a, b, c): self.ops.append(['C', *self.m(a), *self.m(b), *self.m(c)])
        def _closePath(self): self.ops.append(['Z'])
        def _endPath(self): pass
    ops = []
    for k, (placed, adv) in enumerate(lines):
        x0 = {'leading': 0, 'center': (width - adv) / 2, 'trailing': width - adv}[req['align']]
        baseline = ascent + k * (ascent + descent + gap)
        for gid, x in placed:
            pen = Ops(gs, x0 + x, baseline)
            gs[order[gid]].draw(pen)
            ops += pen.ops
    print(json.dumps({'width': width, 'height': height, 'ops': ops}))
    """

  /// The oracle's answer for `c`.
  static func expected(_ c: Case) throws -> (width: Double, height: Double, ops: [[Any]]) {
    let request = try JSONSerialization.data(withJSONObject: [
      "text": c.text, "size": c.size, "align": c.align, "file": c.file,
    ])
    let out = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", oracle], stdin: request)
    let stderr = String(decoding: out.stderr, as: UTF8.self)
    try #require(out.status == 0, "the fontTools/uharfbuzz oracle failed (pip install fonttools uharfbuzz): \(stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
    return (
      try #require(json["width"] as? Double), try #require(json["height"] as? Double),
      try #require(json["ops"] as? [[Any]])
    )
  }

  /// The checked shape of the scene's one node.
  static func shape(_ source: String) throws -> ShapeOutline {
    let analysis = analyze(SourceFile(name: "/tmp/text-oracle.anim", text: source))
    try #require(!analysis.hasErrors, "\(analysis.diagnostics)")
    let node = try #require(analysis.ir?.nodes.first)
    guard case .constant(.shape(let shape)) = node.shape else {
      Issue.record("the text's shape is not folded to a constant: \(node.shape)")
      throw CancellationError()
    }
    return shape.outline
  }

  /// A segment as the oracle writes it.
  static func ops(_ segment: PathSegment) -> [Any] {
    switch segment {
    case .move(let p): return ["M", p.x, p.y]
    case .line(let p): return ["L", p.x, p.y]
    case .quad(let c, let p): return ["Q", c.x, c.y, p.x, p.y]
    case .cubic(let a, let b, let p): return ["C", a.x, a.y, b.x, b.y, p.x, p.y]
    case .close: return ["Z"]
    case .arc: return ["A"]
    }
  }

  @Test(arguments: cases) func outlineMatchesFontTools(_ c: Case) throws {
    let source = """
      scene "T" {
        size 400, 300
      }

      node t = text("\(c.text.replacingOccurrences(of: "\n", with: "\\n"))", size: \(c.size), font: "DejaVu Sans", weight: .\(c.weight), align: .\(c.align)) {
        position (200, 150)
      }
      """
    let outline = try Self.shape(source)
    let want = try Self.expected(c)
    #expect(abs(outline.width - want.width) < 1e-9)
    #expect(abs(outline.height - want.height) < 1e-9)
    #expect(outline.fonts == [(c.file as NSString).lastPathComponent + "#0"])
    let got = outline.path.segments.map(Self.ops)
    try #require(got.count == want.ops.count, "\(got.count) segments, fontTools draws \(want.ops.count)")
    for (i, (g, w)) in zip(got, want.ops).enumerated() {
      let same =
        g.count == w.count && (g.first as? String) == (w.first as? String)
        && zip(g.dropFirst(), w.dropFirst()).allSatisfy { a, b in
          guard let x = a as? Double, let y = (b as? NSNumber)?.doubleValue else { return false }
          return abs(x - y) < 1e-9
        }
      #expect(same, "segment \(i): \(g) vs fontTools \(w)")
      if !same { break }
    }
  }

  /// A size known only per run: the layout at size 1, scaled, within rounding of the
  /// layout at that size.
  @Test func aSizeDrawnPerRunScalesTheLayout() throws {
    let fixed = try Self.shape(
      """
      scene "T" {
        size 400, 300
      }

      node t = text("AV", size: 30, font: "DejaVu Sans") {
        position (200, 150)
      }
      """)
    let analysis = analyze(
      SourceFile(
        name: "/tmp/text-oracle.anim",
        text: """
          scene "T" {
            size 400, 300
          }

          node t = text("AV", size: random(30..30), font: "DejaVu Sans") {
            position (200, 150)
          }
          """))
    let node = try #require(analysis.ir?.nodes.first)
    guard case .call(_, let args, _) = node.shape, case .constant(.shape(let unit))? = args.first else {
      Issue.record("expected the call with the layout at size 1: \(node.shape)")
      return
    }
    #expect(abs(unit.outline.width * 30 - fixed.width) < 1e-9)
    #expect(abs(unit.outline.height * 30 - fixed.height) < 1e-9)
  }
}
