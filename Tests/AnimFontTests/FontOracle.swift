import AnimTestSupport
import Foundation

/// fontTools and HarfBuzz (PyPI `fonttools`, `uharfbuzz`) in a Python child process: the
/// independent reading every test compares with. Missing tools are errors, never skips:
/// CI installs them (`pip install fonttools uharfbuzz`, and the fonts with `apt-get
/// install fonts-dejavu-core fonts-wqy-zenhei fonts-noto-cjk`).
enum FontOracle {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static let dejaVuBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
  static let zenHei = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"
  static let notoCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

  /// Runs `script` (Python) with `request` as JSON on standard input; its standard output
  /// is JSON.
  static func run(_ script: String, _ request: Any) throws -> Any {
    let input = try JSONSerialization.data(withJSONObject: request)
    let out = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", prelude + script], stdin: input)
    let stderr = String(decoding: out.stderr, as: UTF8.self)
    if out.status == 127 { throw Failure(description: "python3 is not installed") }
    if stderr.contains("No module named") {
      throw Failure(description: "fontTools or uharfbuzz is missing (pip install fonttools uharfbuzz): \(stderr)")
    }
    guard out.status == 0 else { throw Failure(description: "python3 failed (\(out.status)): \(stderr)") }
    return try JSONSerialization.jsonObject(with: out.stdout)
  }

  private static let prelude = """
    import sys, json
    from fontTools.ttLib import TTFont
    from fontTools.pens.basePen import BasePen
    req = json.load(sys.stdin)

    class Ops(BasePen):
        # Segments one by one: BasePen splits TrueType's implied on-curve points and
        # decomposes composite glyphs through the glyph set.
        def __init__(self, glyphSet):
            super().__init__(glyphSet)
            self.ops = []
        def _moveTo(self, p): self.ops.append(['M', *p])
        def _lineTo(self, p): self.ops.append(['L', *p])
        def _qCurveToOne(self, a, b): self.ops.append(['Q', *a, *b])
        def _curveToOne(self, a, b, c): self.ops.append(['C', *a, *b, *c])
        def _closePath(self): self.ops.append(['Z'])
        def _endPath(self): self.ops.append(['E'])

    def font(path, index):
        return TTFont(path, fontNumber=index, lazy=True)

    """

  /// Per character of `text`: the glyph ID (0 when unmapped), advance, whether it is a
  /// composite `glyf` glyph, and the outline as pen operations.
  static func glyphs(path: String, index: Int, text: String) throws -> [[String: Any]] {
    let script = """
      f = font(req['path'], req['index'])
      cmap = f.getBestCmap()
      gs = f.getGlyphSet()
      order = f.getGlyphOrder()
      out = []
      for ch in req['text']:
          name = cmap.get(ord(ch))
          if name is None:
              out.append({'glyph': 0}); continue
          pen = Ops(gs)
          gs[name].draw(pen)
          composite = 'glyf' in f and f['glyf'][name].isComposite()
          out.append({'glyph': f.getGlyphID(name), 'advance': f['hmtx'][name][0], 'ops': pen.ops,
                      'composite': composite})
      print(json.dumps(out))
      """
    guard let result = try run(script, ["path": path, "index": index, "text": text]) as? [[String: Any]] else {
      throw Failure(description: "unexpected oracle output")
    }
    return result
  }

  /// HarfBuzz's shaping of `text` with only the `kern` feature on: glyph IDs, x advances
  /// and x offsets in font units, and the face's units per em and `hhea` metrics.
  static func shape(path: String, index: Int, text: String) throws -> [String: Any] {
    let script = """
      import uharfbuzz as hb
      blob = hb.Blob.from_file_path(req['path'])
      face = hb.Face(blob, req['index'])
      hfont = hb.Font(face)
      buf = hb.Buffer()
      buf.add_str(req['text'])
      buf.guess_segment_properties()
      off = ['abvm', 'blwm', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'calt', 'clig', 'curs', 'dist', 'liga',
             'rclt', 'rvrn', 'ltra', 'ltrm', 'frac', 'numr', 'dnom', 'palt', 'halt', 'vert', 'vkrn', 'ccmp']
      features = {t: False for t in off}
      features['kern'] = True
      hb.shape(hfont, buf, features)
      hhea = font(req['path'], req['index'])['hhea']
      print(json.dumps({
          'glyphs': [i.codepoint for i in buf.glyph_infos],
          'advances': [p.x_advance for p in buf.glyph_positions],
          'offsets': [p.x_offset for p in buf.glyph_positions],
          'upem': face.upem, 'ascender': hhea.ascent, 'descender': hhea.descent, 'lineGap': hhea.lineGap}))
      """
    guard let result = try run(script, ["path": path, "index": index, "text": text]) as? [String: Any] else {
      throw Failure(description: "unexpected oracle output")
    }
    return result
  }
}
