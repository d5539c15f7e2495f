import AnimFont
import AnimMath
import Foundation
import Testing

/// §12.4's font lookup and layout over the fonts CI installs from Debian.
struct LookupAndLayoutTests {
  static let library = FontLibrary()

  @Test func familiesResolveByNameAndWeight() throws {
    let lib = Self.library
    // Expected files by the spec's rule over the Debian packages' contents.
    #expect(try lib.resolve(font: "DejaVu Sans", weight: 400).path == FontOracle.dejaVu)
    #expect(try lib.resolve(font: "dejavu sans", weight: 700).path == FontOracle.dejaVuBold)
    #expect(try lib.resolve(font: "DejaVu Sans", weight: 900).path == FontOracle.dejaVuBold)
    let sc = try lib.resolve(font: "Noto Sans CJK SC", weight: 400)
    #expect(sc.path == FontOracle.notoCJK && sc.index == 2)
    let scBold = try lib.resolve(font: "noto sans cjk sc", weight: 600)
    #expect(scBold.path.hasSuffix("NotoSansCJK-Bold.ttc") && scBold.index == 2)
    #expect(try lib.resolve(font: "WenQuanYi Zen Hei", weight: 400).path == FontOracle.zenHei)
    // Ties go to the heavier face: 550 is 150 from 400 and from 700.
    #expect(try lib.resolve(font: "DejaVu Sans", weight: 550).path == FontOracle.dejaVuBold)
    // With no SF Pro, Helvetica Neue or Helvetica installed, the default is DejaVu Sans.
    #expect(try lib.resolve(font: nil, weight: 400).path == FontOracle.dejaVu)
  }

  @Test func anUnknownFamilyIsAnErrorWithSuggestions() {
    do {
      _ = try Self.library.resolve(font: "Comic Sans Nowhere", weight: 400)
      Issue.record("no error")
    } catch {
      guard case .unknownFamily(let name, let installed) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(name == "Comic Sans Nowhere" && installed.contains("DejaVu Sans"))
      #expect(error.description.contains("no installed font family is named 'Comic Sans Nowhere'"))
    }
  }

  @Test func aPathFontIsOpenedDirectly() throws {
    let face = try Self.library.resolve(
      font: "DejaVuSans.ttf", weight: 400, relativeTo: "/usr/share/fonts/truetype/dejavu")
    #expect(face.path == FontOracle.dejaVu)
    #expect(throws: FontError.self) { try Self.library.resolve(font: "missing.ttf", weight: 400, relativeTo: "/tmp") }
  }

  /// Lines, box and alignment by §12.4's formulas from HarfBuzz's advances and fontTools'
  /// `hhea` values.
  @Test func linesAreStackedAndAligned() throws {
    let text = "AVATAR\nWave"
    let size = 34.0
    let first = try FontOracle.shape(path: FontOracle.dejaVu, index: 0, text: "AVATAR")
    let second = try FontOracle.shape(path: FontOracle.dejaVu, index: 0, text: "Wave")
    let s = size / Double(first["upem"] as! Int)
    let a = Double(first["ascender"] as! Int) * s
    let d = -Double(first["descender"] as! Int) * s
    let gap = Double(first["lineGap"] as! Int) * s
    let w1 = Double((first["advances"] as! [Int]).reduce(0, +)) * s
    let w2 = Double((second["advances"] as! [Int]).reduce(0, +)) * s
    let width = max(w1, w2)
    for (align, x2) in [(TextAlignment.leading, 0), (.center, (width - w2) / 2), (.trailing, width - w2)] {
      let layout = try Self.library.layout(text, size: size, font: "DejaVu Sans", align: align)
      #expect(abs(layout.width - width) < 0.01)
      #expect(abs(layout.height - (2 * (a + d) + gap)) < 1e-9)
      #expect(abs(layout.lines[1].baseline - (a + a + d + gap)) < 1e-9 && abs(layout.lines[0].baseline - a) < 1e-9)
      #expect(abs(layout.lines[1].x - x2) < 0.01, "\(align)")
      #expect(layout.fonts == ["DejaVuSans.ttf#0"] && layout.missing.isEmpty)
    }
  }

  /// The first point of the path is the first glyph's first point, scaled and flipped.
  @Test func outlinesArePlacedInPoints() throws {
    let layout = try Self.library.layout("T", size: 20, font: "DejaVu Sans")
    let oracle = try FontOracle.glyphs(path: FontOracle.dejaVu, index: 0, text: "T")[0]
    let op = (oracle["ops"] as! [[Any]])[0].dropFirst().map { ($0 as! NSNumber).doubleValue }
    let s = 20.0 / 2048
    guard case .move(let p) = layout.path.segments.first else {
      Issue.record("no move")
      return
    }
    #expect(abs(p.x - op[0] * s) < 1e-9 && abs(p.y - (layout.lines[0].baseline - op[1] * s)) < 1e-9)
  }

  /// A character DejaVu lacks comes from the first face in path order that has it (no
  /// other default family is installed); one no font has is missing, advancing 0.
  @Test func fallbackFollowsPathOrder() throws {
    let expected = try FontOracle.run(
      """
      import os
      from fontTools.ttLib import TTFont, TTCollection
      paths = []
      for root in ['/usr/share/fonts', '/usr/local/share/fonts']:
          for d, _, files in os.walk(root):
              paths += [os.path.join(d, f) for f in files if f.lower().endswith(('.ttf', '.otf', '.ttc'))]
      paths.sort(key=lambda p: p.encode())
      def faces(p):
          return TTCollection(p, lazy=True).fonts if p.lower().endswith('.ttc') else [TTFont(p, lazy=True)]
      for p in paths:
          for i, f in enumerate(faces(p)):
              if ord(req['ch']) in f.getBestCmap():
                  print(json.dumps([os.path.basename(p) + '#' + str(i)])); sys.exit(0)
      """, ["ch": "我"])
    let layout = try Self.library.layout("Hi 我\u{10FFFD}", size: 17, font: "DejaVu Sans")
    #expect(layout.fonts == ["DejaVuSans.ttf#0", (expected as? [String])?.first ?? "?"])
    #expect(layout.missing == ["\u{10FFFD}"])
    #expect(layout.glyphs.count == 4)
  }
}
