import Foundation
import Testing

/// A GIF of a scene whose background is clear (issue 20, item 15): pixels under half
/// coverage are transparent, the others are blended on `--matte` (white by default).
/// Pillow decodes the GIF; the expected colours are computed in Python from the same
/// frames rendered as RGBA PNGs, by the rule itself: alpha a < 128 is transparent, else
/// each channel is c·a/255 + m·(255 − a)/255, rounded.
@Suite struct GIFMatteTests {
  /// A red circle on a clear background moving right: at frame 0 it covers (16, 30), by
  /// frame 2 it has left it, which must then be transparent again.
  static let scene = """
    scene { size 60, 60; background clear; duration 0.3s; fps 10 }
    node c = circle(12) { position (16, 30); fill #FF0000; animate x to 44 over 0.2s }
    """

  static let compare = """
    import json, sys
    from PIL import Image
    gif = Image.open(sys.argv[1])
    matte = [int(v) for v in sys.argv[3].split(',')]
    info = {'transparency': gif.info.get('transparency'), 'frames': gif.n_frames, 'bad': [], 'edges': 0,
            'clear': 0, 'solid': 0}
    for n in range(3):
        gif.seek(n)
        got = gif.convert('RGBA')
        png = Image.open('%s/frame-%05d.png' % (sys.argv[2], n)).convert('RGBA')
        for y in range(png.size[1]):
            for x in range(png.size[0]):
                r, g, b, a = png.getpixel((x, y))
                if a < 128:
                    want = (0,)
                    info['clear'] += 1
                else:
                    want = tuple(round((c * a + m * (255 - a)) / 255) for c, m in zip((r, g, b), matte)) + (255,)
                    info['edges' if a < 255 else 'solid'] += 1
                have = got.getpixel((x, y))
                have = have[3:] if want == (0,) else have
                if any(abs(p - q) > 1 for p, q in zip(have, want)):
                    info['bad'].append([n, x, y, list(have), list(want)])
    info['bad'] = info['bad'][:5]
    gif.seek(2)
    info['left'] = list(gif.convert('RGBA').getpixel((16, 30)))
    print(json.dumps(info))
    """

  /// Renders the scene as a GIF (with `extra`) and as PNGs, and compares them.
  static func check(_ name: String, _ extra: [String], matte: [Int]) throws -> [String: Any] {
    let dir = try RenderCommandTests.workDirectory("matte-\(name)")
    let input = dir.appendingPathComponent("clear.anim")
    try Data(Self.scene.utf8).write(to: input)
    let gif = dir.appendingPathComponent("clear.gif").path
    try RenderCommandTests.animcOK(["render", input.path, "-o", gif] + extra)
    try RenderCommandTests.animcOK(["render", input.path, "-o", dir.path + "/frames/"])
    return try RenderCommandTests.python(
      Self.compare, [gif, dir.path + "/frames", matte.map(String.init).joined(separator: ",")])
  }

  @Test(
    arguments: [
      ("default", [], [255, 255, 255]), ("blue", ["--matte", "blue"], [0, 0, 255]),
      ("hex", ["--matte", "#336699"], [0x33, 0x66, 0x99]),
    ] as [(String, [String], [Int])])
  func clearPixelsAreTransparentAndEdgesAreMatted(_ name: String, _ extra: [String], _ matte: [Int]) throws {
    let r = try Self.check(name, extra, matte: matte)
    #expect(r["transparency"] is Int, "no transparency index: \(r)")
    #expect(r["frames"] as? Int == 3)
    #expect((r["bad"] as? [Any])?.isEmpty == true, "\(name): \(r)")
    // The comparison covered all three kinds of pixel.
    #expect((r["edges"] as? Int ?? 0) > 10 && (r["clear"] as? Int ?? 0) > 100 && (r["solid"] as? Int ?? 0) > 100)
    #expect((r["left"] as? [Int])?.last == 0, "where the circle was is not transparent again: \(r)")
  }

  /// Every colour syntax of the language names the same matte: the same bytes.
  @Test func theMatteTakesTheLanguagesColours() throws {
    let dir = try RenderCommandTests.workDirectory("matte-syntax")
    let input = dir.appendingPathComponent("clear.anim")
    try Data(Self.scene.utf8).write(to: input)
    var outputs: [Data] = []
    for (i, color) in ["blue", "#00F", "#0000FF", "#0000FFFF", "rgb(0, 0, 255)", "hsl(240, 100%, 50%)"].enumerated() {
      let gif = dir.appendingPathComponent("m\(i).gif").path
      try RenderCommandTests.animcOK(["render", input.path, "-o", gif, "--matte", color])
      outputs.append(try Data(contentsOf: URL(fileURLWithPath: gif)))
    }
    #expect(Set(outputs).count == 1)
  }

  /// An opaque background has no translucent pixel: `--matte` changes no byte and the
  /// GIF has no transparency index on its first frame.
  @Test func opaqueBackgroundsIgnoreTheMatte() throws {
    let dir = try RenderCommandTests.workDirectory("matte-opaque")
    let plain = dir.appendingPathComponent("plain.gif").path
    let matted = dir.appendingPathComponent("matted.gif").path
    let common = ["render", "examples/heart-view.anim", "--duration", "0.2s", "--scale", "0.3"]
    try RenderCommandTests.animcOK(common + ["-o", plain])
    try RenderCommandTests.animcOK(common + ["-o", matted, "--matte", "red"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: plain)) == Data(contentsOf: URL(fileURLWithPath: matted)))
    let read = try RenderCommandTests.python(
      "import json, sys\nfrom PIL import Image\nprint(json.dumps({'t': Image.open(sys.argv[1]).info.get('transparency', -1)}))",
      [plain])
    #expect(read["t"] as? Int == -1)
  }

  @Test func badMattesAreUsageErrors() throws {
    let dir = try RenderCommandTests.workDirectory("matte-bad")
    let gif = dir.path + "/x.gif"
    let colour = "takes a colour: #RRGGBB, rgb(r, g, b), hsl(h, s%, l%) or a name such as white, not"
    for (args, message) in [
      (["-o", gif, "--matte", "nope"], "`--matte` \(colour) `nope`"),
      (["-o", gif, "--matte", "#12345"], "`--matte` \(colour) `#12345`"),
      (["-o", gif, "--matte", "5"], "`--matte` \(colour) `5`"),
      (["-o", gif, "--matte", "white } node x = circle(5) {"], "`--matte` \(colour) `white } node x = circle(5) {`"),
      (
        ["-o", gif, "--matte", "rgba(0, 0, 0, 0.5)"],
        "`--matte` takes an opaque colour, not `rgba(0, 0, 0, 0.5)`: a GIF's pixels are opaque or not there"
      ),
      (
        ["-o", dir.path + "/x.png", "--matte", "white"],
        "`--matte` goes with a GIF or a video (`-o OUT.gif`, `OUT.mp4`, `OUT.webm`): PNG keeps its alpha, SVG and Lottie their colours"
      ),
    ] {
      let r = try CLITests.animc(["render", "examples/heart-view.anim"] + args)
      #expect(r.status == 2, "\(args)")
      #expect(r.stderr == "animc: error: \(message)\n", "\(args)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }
}
