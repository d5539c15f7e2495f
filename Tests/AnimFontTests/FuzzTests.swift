import AnimFont
import AnimTestSupport
import Foundation
import Testing

/// Truncations, bit flips and hostile values written over real fonts (DejaVu Sans, and a
/// CID-keyed CFF subset of Noto Sans CJK SC made by fontTools): opening, mapping,
/// outlining, kerning and laying out each mutant either succeeds or is a `FontError`;
/// a trap would end the test process and a hang the time limit.
struct FuzzTests {
  typealias Random = TestRandom

  static func exercise(_ data: Data) {
    guard let face = try? FontFace(data: data) else { return }
    let text = "AVé我喜W"
    for scalar in text.unicodeScalars {
      if let g = face.glyph(for: scalar) {
        _ = face.advance(g)
        _ = try? face.outline(g)
      }
    }
    for g in [0, 1, 2, face.glyphCount - 1, face.glyphCount, 70_000] { _ = try? face.outline(g) }
    _ = try? face.kerning(text.unicodeScalars.compactMap { face.glyph(for: $0) })
    _ = try? TextLayout("AV\n我W", size: 20, primary: face, align: .center)
  }

  static func mutate(_ original: Data, seed: UInt64, count: Int) {
    var random = Random(state: seed)
    let bytes = [UInt8](original)
    // Truncations: the header region byte by byte, then random lengths.
    for n in stride(from: 0, to: min(bytes.count, 400), by: 7) { exercise(Data(bytes[..<n])) }
    for _ in 0..<(count / 4) { exercise(Data(bytes[..<random.below(bytes.count)])) }
    // Bit flips, concentrated on the first 4 KB (directories and small tables) half the time.
    for i in 0..<count {
      var m = bytes
      for _ in 0...random.below(8) {
        let at = i % 2 == 0 ? random.below(min(4096, m.count)) : random.below(m.count)
        m[at] ^= UInt8(1 << random.below(8))
      }
      exercise(Data(m))
    }
    // Hostile values: 0xFFFF…, 0x8000… and 0 written over 16- and 32-bit fields.
    let values: [[UInt8]] = [
      [0xFF, 0xFF], [0x80, 0x00], [0, 0], [0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF],
    ]
    for i in 0..<count {
      var m = bytes
      let v = values[random.below(values.count)]
      let at = i % 2 == 0 ? random.below(min(2048, m.count - 4)) : random.below(m.count - 4)
      m.replaceSubrange(at..<(at + v.count), with: v)
      exercise(Data(m))
    }
  }

  @Test(.timeLimit(.minutes(5))) func trueTypeMutants() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: FontOracle.dejaVu))
    Self.exercise(data)
    Self.mutate(data, seed: 1, count: 200)
  }

  @Test(.timeLimit(.minutes(5))) func cffMutants() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("animc-noto-subset.otf").path
    _ = try FontOracle.run(
      """
      from fontTools import subset
      opts = subset.Options()
      opts.font_number = 2
      opts.layout_features = ['kern']
      f = subset.load_font(req['path'], opts)
      s = subset.Subsetter(opts)
      s.populate(text=req['text'])
      s.subset(f)
      subset.save_font(f, req['out'], opts)
      print('{}')
      """, ["path": FontOracle.notoCJK, "text": "AVé我喜W欢你", "out": path])
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let face = try FontFace(data: data)
    // The subset must still be CFF with outlines, or the fuzzing misses the CFF reader.
    #expect(face.glyph(for: "我").map { try! face.outline($0).segments.count > 4 } == true)
    Self.mutate(data, seed: 2, count: 200)
  }
}
