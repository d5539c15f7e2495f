import Foundation
import Testing

/// `render --loop N` (issue 20): a GIF plays N times in all, forever by default. Pillow
/// reads the NETSCAPE2.0 repeat count as `info["loop"]`: absent when the GIF plays once,
/// n for n more plays after the first, 0 for forever.
@Suite struct GIFLoopTests {
  static let readLoop = """
    import json, sys
    from PIL import Image
    im = Image.open(sys.argv[1])
    print(json.dumps({"loop": im.info.get("loop", -1), "frames": im.n_frames}))
    """

  @Test(arguments: [(nil, 0), ("1", -1), ("2", 1), ("3", 2), ("65536", 65535)] as [(String?, Int)])
  func playsInAll(_ loop: String?, _ pillowLoop: Int) throws {
    let dir = try RenderCommandTests.workDirectory("gif-loop-\(loop ?? "default")")
    let output = dir.appendingPathComponent("plays-\(loop ?? "default").gif").path
    let args = ["render", "examples/heart-view.anim", "-o", output, "--duration", "0.2s", "--scale", "0.2"]
    _ = try RenderCommandTests.animcOK(args + (loop.map { ["--loop", $0] } ?? []))
    let read = try RenderCommandTests.python(Self.readLoop, [output])
    #expect(read["loop"] as? Int == pillowLoop, "--loop \(loop ?? "(none)"): \(read)")
    #expect((read["frames"] as? Int ?? 0) >= 1)
  }

  @Test func badCountsAndNonGIFsAreUsageErrors() throws {
    let dir = try RenderCommandTests.workDirectory("gif-loop-bad")
    for bad in ["0", "-1", "1.5", "65537", "forever"] {
      let r = try CLITests.animc(["render", "examples/heart-view.anim", "-o", dir.path + "/x.gif", "--loop", bad])
      #expect(r.status == 2, "--loop \(bad)")
      #expect(r.stderr.contains("`--loop` takes how many times the animation plays"), "\(r.stderr)")
    }
    let png = try CLITests.animc(["render", "examples/heart-view.anim", "-o", dir.path + "/x.png", "--loop", "2"])
    #expect(png.status == 2 && png.stderr.contains("`--loop` goes with an animation"))
  }
}
