import AnimTestSupport
import Foundation
import Testing

/// Images in a Lottie export (§13): the PNG embedded once as a data URI asset, an image
/// layer per instance that validates against the community schema and plays in rlottie
/// like animc's own frame; a `.tgs` sticker with an image is refused (exit 2).
@Suite("Lottie images") struct ImageLottieTests {
  /// Drawn at twice the pixels' size: rlottie samples images nearest-neighbour where
  /// animc is bilinear (§12.3), so a large magnification would compare the two filters
  /// rather than the layers' geometry.
  static let scene = """
    scene { size 200, 160; background #F0E8D0; fps 20; duration 1s }
    node whole = image("card.png", width: 24) {
      position (60, 60)
      animate rotation from 0deg to 90deg over 1s
    }
    node half = image("card.png", width: 12, height: 16) {
      position (150, 90)
      contentsRect [0.5, 0, 0.5, 1]
      opacity 0.8
    }
    """

  @Test func imagesAreEmbeddedAssetsAndPlayInRlottie() throws {
    let dir = try ImageCommandTests.folder("lottie")
    let file = dir.appendingPathComponent("scene.anim")
    try ImageCommandTests.write(Self.scene, to: file)
    let json = dir.appendingPathComponent("out.json")
    try RenderCommandTests.animcOK(["render", file.path, "-o", json.path])
    let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let assets = try #require(doc["assets"] as? [[String: Any]])
    #expect(assets.count == 1)
    let uri = try #require(assets.first?["p"] as? String)
    let card = try Data(contentsOf: dir.appendingPathComponent("card.png"))
    #expect(uri.hasPrefix("data:image/png;base64,"))
    #expect(Data(base64Encoded: String(uri.dropFirst("data:image/png;base64,".count))) == card)
    let layers = try #require(doc["layers"] as? [[String: Any]])
    let images = layers.filter { $0["ty"] as? Int == 2 }
    #expect(images.count == 2)
    #expect(images.allSatisfy { $0["refId"] as? String == assets.first?["id"] as? String })
    #expect(images.filter { $0["hasMask"] as? Bool == true }.count == 1)
    _ = try LottieExportTests.check(["schema", json.path])
    // rlottie's frames against animc's own PNGs of the same frames.
    try LottieExportTests.expectRlottieMatchesAnimc(
      json.path, scene: file.path, picks: ["0", "10", "19"], size: ["200", "160"], in: dir, frames: 20)
  }

  @Test func aStickerWithAnImageIsRefused() throws {
    let dir = try ImageCommandTests.folder("tgs")
    let file = dir.appendingPathComponent("scene.anim")
    try ImageCommandTests.write(
      "scene { size 512, 512; fps 30; duration 1s }\nnode n = image(\"card.png\") { position (256, 256) }\n", to: file)
    let r = try CLITests.animc(["render", file.path, "-o", dir.appendingPathComponent("s.tgs").path])
    #expect(r.status == 2)
    #expect(r.stderr.contains("a Telegram sticker cannot hold an image"), "\(r.stderr)")
  }

  /// §13: a 3-D image cannot be baked into paths; the export stops with exit 1, naming
  /// the node, and leaves no file.
  @Test func aThreeDImageIsRefusedNamingTheNode() throws {
    let dir = try ImageCommandTests.folder("lottie-3d")
    let file = dir.appendingPathComponent("scene.anim")
    try ImageCommandTests.write(
      "scene { size 200, 200; fps 10; duration 1s }\nnode picture = image(\"card.png\") {\n"
        + "  position (100, 100)\n  perspective 500\n  animate rotationX to -60deg over 1s\n}\n", to: file)
    let out = dir.appendingPathComponent("fold.json")
    let r = try CLITests.animc(["render", file.path, "-o", out.path])
    #expect(r.status == 1)
    #expect(r.stderr.contains("`picture` is an image in 3-D, which Lottie cannot draw"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }
}
