import Foundation
import Testing

/// `render -o OUT.apng` (issue 34): an animated PNG whose frames, decoded by Pillow and
/// each repeated for as many frame periods as its delay says, are the PNG sequence's
/// pixels, frame for frame. Pillow composes APNG's rectangles, blend and dispose ops
/// itself, so this checks the encoder's changed rectangles and merged frames too.
@Suite struct APNGTests {
  /// Prints how many frames the APNG shows over time, and the first frame (by period)
  /// where it differs from the sequence in the folder, or -1.
  static let compare = """
    import glob, json, sys
    from PIL import Image
    apng, folder, fps = sys.argv[1], sys.argv[2], float(sys.argv[3])
    im = Image.open(apng)
    shown = []
    for i in range(im.n_frames):
        im.seek(i)
        periods = round(im.info["duration"] * fps / 1000)
        shown += [im.convert("RGBA").tobytes()] * max(1, periods)
    files = sorted(glob.glob(folder + "/*.png"))
    first = next((k for k, f in enumerate(files) if k >= len(shown) or Image.open(f).convert("RGBA").tobytes() != shown[k]), -1)
    print(json.dumps({"periods": len(shown), "files": len(files), "stored": im.n_frames,
                      "firstDifference": first, "loop": im.info.get("loop", -1)}))
    """

  @Test(arguments: ["love-burst.anim", "heart-view.anim", "ca-sticky.anim", "gradients.anim"])
  func framesAreThePNGSequence(_ example: String) throws {
    let dir = try RenderCommandTests.workDirectory("apng-\(example)")
    let apng = dir.appendingPathComponent("run.apng").path
    let folder = dir.appendingPathComponent("frames").path + "/"
    let common = ["--duration", "1s", "--fps", "20", "--scale", "0.3"]
    _ = try RenderCommandTests.animcOK(["render", "examples/\(example)", "-o", apng] + common)
    _ = try RenderCommandTests.animcOK(["render", "examples/\(example)", "-o", folder] + common)
    let read = try RenderCommandTests.python(Self.compare, [apng, folder, "20"])
    #expect(read["files"] as? Int == 20, "\(read)")
    #expect(read["periods"] as? Int == 20, "\(read)")
    #expect(read["firstDifference"] as? Int == -1, "\(read)")
    // Forever unless `--loop` says otherwise: APNG's num_plays 0.
    #expect(read["loop"] as? Int == 0, "\(read)")
  }

  /// A scene that stops moving: the still frames are one stored frame with a longer delay.
  @Test func identicalFramesAreMerged() throws {
    let dir = try RenderCommandTests.workDirectory("apng-merge")
    let scene = dir.appendingPathComponent("still.anim")
    try """
    scene "Still" { size 40, 30; fps 10; duration 1s; background #FFFFFF }
    node dot = circle(5) {
      position (10, 15)
      fill #FF0000
      animate x to 30 over 0.3s
    }
    """.write(to: scene, atomically: true, encoding: .utf8)
    let apng = dir.appendingPathComponent("still.apng").path
    let folder = dir.appendingPathComponent("frames").path + "/"
    _ = try RenderCommandTests.animcOK(["render", scene.path, "-o", apng, "--loop", "2"])
    _ = try RenderCommandTests.animcOK(["render", scene.path, "-o", folder])
    let read = try RenderCommandTests.python(Self.compare, [apng, folder, "10"])
    #expect(read["firstDifference"] as? Int == -1, "\(read)")
    #expect(read["periods"] as? Int == 10, "\(read)")
    // Frames 0, 1, 2 move and frame 3 (x = 30) is where the dot stays: four stored.
    #expect(read["stored"] as? Int == 4, "\(read)")
    #expect(read["loop"] as? Int == 2, "\(read)")
  }
}
