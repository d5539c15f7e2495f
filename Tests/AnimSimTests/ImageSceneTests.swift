import AnimCheck
import AnimIR
import AnimSource
import AnimWriters
import Foundation
import Testing

@testable import AnimModel
@testable import AnimSim

/// §12.3 in a run: the image's box is its tap target, and the dump names the file as
/// written and carries `contentsRect` after `tint` when it is not the default.
@Suite struct ImageSceneTests {
  /// A 1 × 1 opaque white 8-bit RGB PNG (written with Python's zlib).
  static let onePixelPNG: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xFF, 0xFF, 0x3F,
    0x00, 0x05, 0xFE, 0x02, 0xFE, 0x0D, 0xEF, 0x46, 0xB8, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
    0x44, 0xAE, 0x42, 0x60, 0x82,
  ]

  /// `text` checked as a file in a fresh folder holding `p.png`.
  static func scene(_ text: String) throws -> SceneIR {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animc-image-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Data(onePixelPNG).write(to: dir.appendingPathComponent("p.png"))
    let analysis = analyze(SourceFile(name: dir.appendingPathComponent("s.anim").path, text: text))
    return try #require(analysis.ir, "\(analysis.diagnostics.map(\.message))")
  }

  static let text = """
    scene { size 100, 100; fps 10; duration 1s }
    node pic = image("p.png", width: 40, height: 20) {
      position (50, 50)
      rotation 90deg
      contentsRect [0, 0.5, 1, 0.5]
    }
    node plain = image("p.png") { position (5, 5) }
    emitter e {
      on tap pic
      spawn circle(2) { }
    }
    input {
      tap (55, 65) at 0.1s
      tap (65, 55) at 0.2s
    }
    """

  @Test func theBoxIsTheTapTarget() throws {
    // Rotated 90°, the 40 × 20 box centred at (50, 50) covers x 40…60, y 30…70: the
    // first tap is inside it, the second (inside the unrotated box) is not.
    let out = try dump(try Self.scene(Self.text))
    #expect(out.contains(#""id":"e#0""#))
    #expect(!out.contains(#""id":"e#1""#))
  }

  @Test func dumpKeys() throws {
    let out = try dump(try Self.scene(Self.text), frames: 0...0)
    let lines = out.split(separator: "\n").map(String.init)
    #expect(lines.contains(#"{"type":"shape","id":"pic","image":"p.png","width":40,"height":20}"#))
    // No size given: one point per pixel.
    #expect(lines.contains(#"{"type":"shape","id":"plain","image":"p.png","width":1,"height":1}"#))
    #expect(out.contains(##""fill":"#000000FF","contentsRect":[0,0.5,1,0.5],"z":0,"##))
    // The default is not written.
    #expect(out.components(separatedBy: "contentsRect").count == 2)
  }
}
