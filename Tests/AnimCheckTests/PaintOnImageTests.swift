import AnimCheck
import AnimSource
import Foundation
import Testing

/// Issue 31, item 3: `fill`, `stroke` and `lineWidth` on an image (§12.3: they do not
/// apply) are warned at the statement, with a fix that removes it. Places and texts are
/// counted by hand from the source lines.
@Suite struct PaintOnImageTests {
  /// A 1 × 1 opaque white 8-bit RGB PNG (written with Python's zlib).
  static let onePixelPNG: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xFF, 0xFF, 0x3F,
    0x00, 0x05, 0xFE, 0x02, 0xFE, 0x0D, 0xEF, 0x46, 0xB8, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
    0x44, 0xAE, 0x42, 0x60, 0x82,
  ]
  static let header = "scene \"S\" { size 200, 200; duration 1s }\n"

  /// The diagnostics of `header + line`, checked as a file beside `p.png`.
  static func check(_ line: String) throws -> (SourceFile, [Diagnostic]) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-paint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(onePixelPNG).write(to: dir.appendingPathComponent("p.png"))
    let file = SourceFile(name: dir.appendingPathComponent("s.anim").path, bytes: Array((header + line + "\n").utf8))
    return (file, analyze(file).diagnostics)
  }

  static func places(_ file: SourceFile, _ ds: [Diagnostic]) -> [String] {
    ds.map { d in
      let lc = file.lineColumn(d.range.start)
      return "\(d.code) \(lc.line):\(lc.column)"
    }
  }

  static func applying(_ fix: Fix, to line: String) -> String {
    var bytes = Array((header + line).utf8)
    for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
      bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
    }
    return String(decoding: bytes.dropFirst(header.utf8.count), as: UTF8.self)
  }

  @Test func aFillOnAnImageIsWarnedWithItsRemoval() throws {
    let line = #"node pic = image("p.png") { fill red; position (50, 50) }"#
    let (file, ds) = try Self.check(line)
    // `fill` is the 29th byte of line 2.
    #expect(Self.places(file, ds) == ["W0313 2:29"])
    let d = try #require(ds.first)
    #expect(d.severity == .warning)
    #expect(d.message == "`fill` does not apply to an image; use `opacity` or a replicator tint")
    let fix = try #require(d.fixes.first)
    #expect(Self.applying(fix, to: line) == #"node pic = image("p.png") { position (50, 50) }"#)
  }

  @Test func strokeLineWidthAndAnimatedFillAreEachWarned() throws {
    let line =
      #"shape p = image("p.png")"# + "\n"
      + "node a = p { stroke blue; lineWidth 2; animate fill from red to blue over 1s }"
    let (file, ds) = try Self.check(line)
    // On line 3: `stroke` at 14, `lineWidth` at 27, `animate` at 40.
    #expect(Self.places(file, ds) == ["W0313 3:14", "W0313 3:27", "W0313 3:40"])
    #expect(ds.map(\.message).map { $0.prefix(while: { $0 != " " }) } == ["`stroke`", "`lineWidth`", "`fill`"])
  }

  @Test func paintOnAShapeAndOpacityOnAnImageAreQuiet() throws {
    let (_, onRect) = try Self.check("node a = rect(10, 10) { fill red; stroke blue; lineWidth 2 }")
    #expect(onRect.isEmpty)
    let (_, onImage) = try Self.check(#"node pic = image("p.png") { opacity 0.5 }"#)
    #expect(onImage.isEmpty)
  }
}
