import AnimTestSupport
import Foundation
import Testing

/// Text through the command line (§12.4): the dump names the font files a text used,
/// a font file is an input no output may overwrite, and love-burst's CJK caption is
/// drawn where its glyphs are.
@Suite struct TextCommandTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  /// A scene with one text node, in a fresh folder.
  static func scene(_ name: String, _ call: String) throws -> URL {
    let dir = try RenderCommandTests.workDirectory("text-\(name)")
    let file = dir.appendingPathComponent("scene.anim")
    let source = """
      scene "Text" {
        size 200, 100
        fps 10
        duration 0.2s
      }

      node t = \(call) {
        position (100, 50)
      }

      """
    try source.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// "A" is in DejaVu Sans; 我 (U+6211) is not, nor in the other default families
  /// installed (Liberation Sans), so §12.4's fallback takes the first font file in byte
  /// order of its path that has it: of CI's fonts (fonts-dejavu-core, fonts-noto-cjk,
  /// fonts-wqy-zenhei), /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc sorts first
  /// ("opentype" < "truetype", "Bold" < "Regular"), face 0.
  @Test func theDumpNamesTheFontsInOrderOfFirstUse() throws {
    let file = try Self.scene("fonts", #"text("A我A", size: 20, font: "DejaVu Sans")"#)
    let r = try RenderCommandTests.animcOK(["dump", file.path])
    let lines = r.stdout.split(separator: "\n")
    let shape = try #require(lines.first { $0.contains(#""type":"shape""#) })
    #expect(shape.hasSuffix(#","fonts":["DejaVuSans.ttf#0","NotoSansCJK-Bold.ttc#0"]}"#), "\(shape.suffix(120))")
    #expect(shape.contains(#""height":"#))
    let height = try #require(shape.range(of: #""height":"#))
    let fonts = try #require(shape.range(of: #""fonts":"#))
    #expect(height.upperBound < fonts.lowerBound)
  }

  /// Shapes that are not text have no `fonts` key (and so dumps without text are unchanged).
  @Test func otherShapesHaveNoFontsKey() throws {
    let file = try Self.scene("nofonts", "circle(10)")
    let r = try RenderCommandTests.animcOK(["dump", file.path])
    #expect(!r.stdout.contains("fonts"))
  }

  @Test func noOutputOverwritesAFontFile() throws {
    let file = try Self.scene("input", #"text("Hi", font: "DejaVuSans.ttf")"#)
    let font = file.deletingLastPathComponent().appendingPathComponent("DejaVuSans.ttf")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.dejaVu), to: font)
    let before = try Data(contentsOf: font)
    let r = try CLITests.animc(["dump", file.path, "-o", font.path])
    #expect(r.status == 2)
    #expect(r.stderr.contains("refusing to write over the input file"), "\(r.stderr)")
    #expect(try Data(contentsOf: font) == before)
    // The same font by path is read from the scene's folder.
    let ok = try RenderCommandTests.animcOK(["dump", file.path])
    #expect(ok.stdout.contains(#""fonts":["DejaVuSans.ttf#0"]"#))
  }

  /// Half-written (strokeEnd 0.5 at 0.4 s): the PNG and librsvg's drawing of animc's SVG,
  /// whose trimmed stroke is dashes over the glyph outlines, agree at ≥ 35 dB.
  @Test func halfWrittenTextAgreesWithLibrsvg() throws {
    let dir = try RenderCommandTests.workDirectory("text-handwriting")
    let png = dir.appendingPathComponent("animc.png").path
    let svg = dir.appendingPathComponent("animc.svg").path
    try RenderCommandTests.animcOK(["render", "examples/handwriting.anim", "--time", "0.4s", "-o", png])
    try RenderCommandTests.animcOK(["render", "examples/handwriting.anim", "--time", "0.4s", "-o", svg])
    let script = """
      import sys, json, math, subprocess
      from PIL import Image, ImageChops
      png, svg, out = sys.argv[1:4]
      subprocess.run(['rsvg-convert', '-f', 'png', '-o', out, svg], check=True)
      def flat(path):
          im = Image.open(path).convert('RGBA')
          return Image.alpha_composite(Image.new('RGBA', im.size, (255, 255, 255, 255)), im).convert('RGB')
      a, b = flat(png), flat(out)
      hist = ImageChops.difference(a, b).histogram()
      se = sum((i % 256) ** 2 * c for i, c in enumerate(hist))
      ink = sum(1 for p in a.getdata() if min(p) < 200)
      print(json.dumps({'psnr': 99.0 if se == 0 else 10 * math.log10(255 * 255 * sum(hist) / se), 'ink': ink}))
      """
    let r = try RenderCommandTests.python(script, [png, svg, dir.appendingPathComponent("rsvg.png").path])
    let psnr = try #require(r["psnr"] as? Double)
    #expect(psnr >= 35, "PNG vs librsvg: \(psnr) dB")
    #expect((r["ink"] as? Int ?? 0) > 200, "the half-written stroke draws something")
  }

  /// love-burst's caption 我喜欢你 (WenQuanYi Zen Hei, 34 pt, centred under the heart,
  /// its box's top at y = 409): white ink inside its box, none in the black band below.
  /// The box is 4 em wide (CJK ideographs advance 1 em: 136 pt) and ascent + descent tall.
  @Test func theCJKCaptionIsDrawn() throws {
    let dir = try RenderCommandTests.workDirectory("text-caption")
    let png = dir.appendingPathComponent("caption.png").path
    try RenderCommandTests.animcOK(["render", "examples/love-burst.anim", "--time", "0s", "-o", png])
    let script = """
      import sys, json
      from PIL import Image
      im = Image.open(sys.argv[1]).convert('RGB')
      def ink(x0, y0, x1, y1):
          return sum(1 for y in range(y0, y1) for x in range(x0, x1) if min(im.getpixel((x, y))) > 128)
      print(json.dumps({'box': ink(120, 409, 256, 452), 'below': ink(100, 460, 276, 520),
                        'glyphs': [ink(120 + 34 * k, 409, 154 + 34 * k, 452) for k in range(4)]}))
      """
    let r = try RenderCommandTests.python(script, [png])
    let box = try #require(r["box"] as? Int)
    let glyphs = try #require(r["glyphs"] as? [Int])
    #expect(box > 136 * 43 / 10, "white pixels in the caption's box: \(box)")
    #expect(glyphs.allSatisfy { $0 > 34 * 34 / 10 }, "each ideograph's square has ink: \(glyphs)")
    #expect(r["below"] as? Int == 0)
  }
}
