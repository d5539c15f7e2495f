import AnimFont
import AnimMath
import Foundation
import Testing

/// Hand-built fonts with hostile structures: each is an error naming the problem, never a
/// trap or a hang.
struct HostileFontTests {
  func outlineError(_ data: Data, glyph: Int = 1) -> String? {
    do {
      let face = try FontFace(data: data)
      _ = try face.outline(glyph)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func theBuilderMakesAReadableFont() throws {
    let face = try FontFace(data: FontBuilder.trueType([[], FontBuilder.triangle, FontBuilder.composite([1, 1])]))
    #expect(face.glyph(for: "A") == 1 && face.glyph(for: "B") == 2 && face.glyph(for: "C") == nil)
    // The triangle by hand: (0,0) → (100,0) → (50,100), closed.
    #expect(
      try face.outline(1).segments == [
        .move(to: Point(0, 0)), .line(to: Point(100, 0)), .line(to: Point(50, 100)), .close,
      ])
    #expect(try face.outline(2).segments.count == 8)
  }

  @Test func aContourEndPointThatRepeatsIsAnEmptyContour() throws {
    // The triangle with a second contour ending at the same point (end points 2, 2): the
    // second contour has no points and draws nothing. Found by fuzz-font.
    let glyph =
      FontBuilder.u16(2) + FontBuilder.u16(0) + FontBuilder.u16(0) + FontBuilder.u16(100) + FontBuilder.u16(100)
      + FontBuilder.u16(2) + FontBuilder.u16(2) + FontBuilder.u16(0) + [0x01, 0x01, 0x01]
      + FontBuilder.u16(0) + FontBuilder.u16(100) + FontBuilder.u16(0x1_0000 - 50)
      + FontBuilder.u16(0) + FontBuilder.u16(0) + FontBuilder.u16(100)
    let face = try FontFace(data: FontBuilder.trueType([[], glyph]))
    #expect(
      try face.outline(1).segments == [
        .move(to: Point(0, 0)), .line(to: Point(100, 0)), .line(to: Point(50, 100)), .close,
      ])
  }

  @Test func theFuzzersRepeatedContourEndIsNotATrap() throws {
    // fuzz-font's input (Fuzz/corpus/font): every glyph's outline is a value or an error.
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Fuzz/corpus/font/regression-repeated-contour-end.ttf")
    let face = try FontFace(data: Data(contentsOf: url))
    let scalars: [Unicode.Scalar] = ["A", "V", "a", "f", "i", " ", "é", "中", "文", "😀"]
    for glyph in scalars.compactMap({ face.glyph(for: $0) }) + Array(0..<min(face.glyphCount, 64)) {
      _ = try? face.outline(glyph)
    }
  }

  @Test func aCompositeThatIncludesItselfIsAnError() {
    let message = outlineError(FontBuilder.trueType([[], FontBuilder.composite([1])]))
    #expect(message?.contains("nest deeper") == true, "\(message ?? "no error")")
  }

  @Test func mutuallyRecursiveCompositesAreAnError() {
    let message = outlineError(FontBuilder.trueType([[], FontBuilder.composite([2]), FontBuilder.composite([1])]))
    #expect(message?.contains("nest deeper") == true, "\(message ?? "no error")")
  }

  @Test(.timeLimit(.minutes(1))) func anExponentialCompositeTreeIsBounded() {
    // Glyph k holds glyph k−1 eight times: 8^8 triangles if expanded.
    var glyphs: [[UInt8]] = [[], FontBuilder.triangle]
    for k in 2...9 { glyphs.append(FontBuilder.composite(Array(repeating: k - 1, count: 8))) }
    let message = outlineError(FontBuilder.trueType(glyphs), glyph: 9)
    #expect(message?.contains("points") == true, "\(message ?? "no error")")
  }

  @Test(.timeLimit(.minutes(1))) func aCompositeTreeOfEmptyGlyphsIsExpandedOncePerComponent() throws {
    // Glyph k holds glyph k+1 forty times, eight levels down to an empty glyph: 40^8
    // visits if each reference were expanded, and no points to stop it.
    var glyphs: [[UInt8]] = [[]]
    for k in 1...8 { glyphs.append(FontBuilder.composite(Array(repeating: k + 1, count: 40))) }
    glyphs.append([])
    let started = ContinuousClock.now
    let path = try FontFace(data: FontBuilder.trueType(glyphs)).outline(1)
    #expect(path.segments.isEmpty)
    #expect(ContinuousClock.now - started < .seconds(10))
  }

  @Test(.timeLimit(.minutes(1))) func aCompositeTreeUnderDistinctTransformsIsBounded() {
    // Each of glyph k's forty references scales glyph k+1 differently, so no two uses
    // are alike: 40^3 = 64,000 visits on the third level alone, 40^8 in all.
    var glyphs: [[UInt8]] = [[]]
    for k in 1...8 {
      glyphs.append(FontBuilder.scaledComposite((0..<40).map { (glyph: k + 1, scale: 8192 + 101 * $0 + 7 * k) }))
    }
    glyphs.append([])
    let message = outlineError(FontBuilder.trueType(glyphs))
    #expect(message?.contains("refers to components more than 100000 times") == true, "\(message ?? "no error")")
  }

  @Test func aComponentUsedTwiceDrawsTwice() throws {
    // Glyph 2 holds the triangle (glyph 1) twice, the second at half size: by hand,
    // (0,0) (100,0) (50,100), then (0,0) (50,0) (25,50).
    let glyphs = [[], FontBuilder.triangle, FontBuilder.scaledComposite([(1, 16384), (1, 8192), (1, 16384)])]
    let path = try FontFace(data: FontBuilder.trueType(glyphs)).outline(2)
    let triangle: [PathSegment] = [.move(to: Point(0, 0)), .line(to: Point(100, 0)), .line(to: Point(50, 100)), .close]
    let half: [PathSegment] = [.move(to: Point(0, 0)), .line(to: Point(50, 0)), .line(to: Point(25, 50)), .close]
    #expect(path.segments == triangle + half + triangle)
  }

  @Test func aSubroutineThatCallsItselfIsAnError() {
    // callsubr with index −107 + bias 107 = subroutine 0, which calls itself.
    let data = FontBuilder.cff(charStrings: [[14], [32, 10, 14]], subrs: [[32, 10, 11]])
    let message = outlineError(data)
    #expect(message?.contains("nest deeper") == true, "\(message ?? "no error")")
  }

  @Test(.timeLimit(.minutes(1))) func aTreeOfSubroutineCallsIsBounded() {
    // Subroutine k calls k+1 thirty times; the last draws a line: 30^9 lines if run.
    var subrs: [[UInt8]] = []
    for k in 0..<9 { subrs.append(Array(repeating: [UInt8(k + 1 - 107 + 139), 10], count: 30).flatMap { $0 } + [11]) }
    subrs.append([140, 140, 5, 11])
    let data = FontBuilder.cff(charStrings: [[14], [32, 10, 14]], subrs: subrs)
    let message = outlineError(data)
    #expect(message?.contains("steps") == true, "\(message ?? "no error")")
  }

  @Test func aCFFGlyphDrawsAsWritten() throws {
    // rmoveto 10 20, rlineto 30 0, endchar: by hand, move (10,20), line (40,20), close.
    let data = FontBuilder.cff(charStrings: [[14], [149, 159, 21, 169, 139, 5, 14]], subrs: [])
    let path = try FontFace(data: data).outline(1)
    #expect(path.segments == [.move(to: Point(10, 20)), .line(to: Point(40, 20)), .close])
  }

  @Test func hostileCountsAreErrors() {
    var tables = FontBuilder.common(glyphs: 2)
    tables["glyf"] = FontBuilder.triangle
    tables["loca"] = FontBuilder.u16(0) + FontBuilder.u16(0) + FontBuilder.u16(FontBuilder.triangle.count / 2)
    // numberOfHMetrics far beyond the hmtx table.
    var hhea = tables["hhea"]!
    hhea.replaceSubrange(34..<36, with: FontBuilder.u16(0xFFFF))
    var bad = tables
    bad["hhea"] = hhea
    #expect(throws: FontError.self) { try FontFace(data: FontBuilder.sfnt(bad)) }
    // A format 12 cmap claiming 2^32 − 1 groups.
    bad = tables
    bad["cmap"] =
      FontBuilder.u16(0) + FontBuilder.u16(1) + FontBuilder.u16(3) + FontBuilder.u16(10) + FontBuilder.u32(12)
      + FontBuilder.u16(12) + FontBuilder.u16(0) + FontBuilder.u32(16) + FontBuilder.u32(0)
      + FontBuilder.u32(0xFFFF_FFFF)
    #expect(throws: FontError.self) { try FontFace(data: FontBuilder.sfnt(bad)) }
    // A table directory pointing past the end, and a collection of 2^32 − 1 faces.
    #expect(throws: FontError.self) {
      try FontFace(data: Data([0, 1, 0, 0, 0xFF, 0xFF] + Array(repeating: 0, count: 10)))
    }
    let ttc = Data(Array("ttcf".utf8) + FontBuilder.u32(0x1_0000) + FontBuilder.u32(0xFFFF_FFFF))
    #expect(throws: FontError.self) { try FontFace(data: ttc, index: 5) }
    #expect(throws: FontError.self) { try FontFace(data: Data()) }
  }

  @Test func aMissingOrIrregularFileIsUnreadable() {
    #expect(throws: FontError.unreadable(path: "/nonexistent/x.ttf", reason: "no such file")) {
      try FontFace(path: "/nonexistent/x.ttf")
    }
    #expect(throws: FontError.unreadable(path: "/tmp", reason: "a directory, not a regular file")) {
      try FontFace(path: "/tmp")
    }
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "needs /proc"))
  func aKernelFileIsUnreadable() {
    // Regular by its type, with a size of 0 whatever it holds.
    let reason = "a file of the kernel's /proc or /sys, not a regular file"
    #expect(throws: FontError.unreadable(path: "/proc/self/status", reason: reason)) {
      try FontFace(path: "/proc/self/status")
    }
  }
}

/// A text's whole outline is bounded (issue 33, item 7): each glyph is within its own
/// limit, but a string may repeat a heavy one.
struct TextOutlineLimitTests {
  /// A simple glyph of one contour of `n` on-curve points, point i at (i, 0): each flag
  /// 0x33 is on-curve, a one-byte positive x step, and the same y.
  static func heavyGlyph(points n: Int) -> [UInt8] {
    FontBuilder.u16(1) + FontBuilder.u16(0) + FontBuilder.u16(0) + FontBuilder.u16(n) + FontBuilder.u16(0)
      + FontBuilder.u16(n - 1) + FontBuilder.u16(0) + Array(repeating: 0x33, count: n)
      + Array(repeating: 1, count: n)
  }

  @Test(.timeLimit(.minutes(1))) func aTextOfManyHeavyGlyphsIsAnError() throws {
    let face = try FontFace(data: FontBuilder.trueType([[], Self.heavyGlyph(points: 30_000)]))
    #expect(try face.outline(1).segments.count >= 30_000)
    // 30 × 30,000 = 900,000 points: within 1,000,000.
    _ = try TextLayout(String(repeating: "A", count: 30), size: 10, primary: face)
    // 40 × 30,000 = 1,200,000 points: beyond it.
    #expect(throws: FontError.textTooLarge(limit: 1_000_000)) {
      try TextLayout(String(repeating: "A", count: 40), size: 10, primary: face)
    }
    #expect(
      FontError.textTooLarge(limit: 1_000_000).description
        == "the text's outline has more than 1000000 points, the most one text may have")
  }
}
