import AnimTestSupport
import Foundation
import Testing

/// Issue 31, item 2: a gradient on a 3-D node is not written to Lottie as one flat
/// colour. Until its points are baked per frame the export stops with exit 1, naming the
/// node, and leaves no file; the same node without depth exports as before.
@Suite("Lottie gradients in 3-D") struct GradientDepthLottieTests {
  static func scene(depth: Bool) -> String {
    "scene { size 200, 200; fps 10; duration 1s }\nnode card = rect(120, 80) {\n  position (100, 100)\n"
      + "  fill linearGradient([red, blue])\n" + (depth ? "  perspective 400\n  rotationY 30deg\n" : "") + "}\n"
  }

  @Test func aGradientCardInDepthIsRefusedNamingTheNode() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-gradient-3d")
    let file = dir.appendingPathComponent("card.anim")
    try Data(Self.scene(depth: true).utf8).write(to: file)
    let out = dir.appendingPathComponent("card.json")
    let r = try CLITests.animc(["render", file.path, "-o", out.path])
    #expect(r.status == 1)
    #expect(r.stderr.contains("`card` has a gradient in 3-D"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func theSameCardFlatExports() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-gradient-flat")
    let file = dir.appendingPathComponent("card.anim")
    try Data(Self.scene(depth: false).utf8).write(to: file)
    let out = dir.appendingPathComponent("card.json")
    try RenderCommandTests.animcOK(["render", file.path, "-o", out.path])
    let text = try String(contentsOf: out, encoding: .utf8)
    #expect(text.contains(#""ty":"gf""#))
  }
}
