import Foundation
import Testing

/// `render`'s argument errors come before the file's diagnostics (issue 20, item 6), as
/// `--tap abc` does: every option is read before the scene is compiled, so a bad one is
/// reported alone, exit 2, even for a file with errors. Only checks that need the scene
/// (a `--time` past the frame limit at the scene's frame rate when `--fps` is not given,
/// a picture side made from its aspect ratio) come after its diagnostics.
@Suite struct RenderArgumentOrderTests {
  /// A warning (an unused `let`) and an error (an unknown unit): compiled, it would
  /// print both and exit 1.
  static let broken = "let unused = 5\nnode n = circle(10) { position (50, 50); animate x to 5 over 6sec }\n"

  @Test(
    "a bad render option is reported alone, before the file",
    arguments: [
      (["--width", "abc"], "`--width` takes a positive number, not `abc`"),
      (["--height", "0"], "`--height` takes a positive number, not `0`"),
      (["--scale", "nan"], "`--scale` takes a positive number, not `nan`"),
      (["--frame", "x"], "`--frame` takes a frame number ≥ 0, not `x`"),
      (["--frame", "2000000"], "frame 2000000 is too far: stills go at most 1000000 frames into the run"),
      (["--time", "soon"], "`--time` takes 1.5s, 1500ms or plain seconds, not `soon`"),
      (["--frame", "1", "--time", "1s"], "give `--frame` or `--time`, not both"),
      (["--loop", "2"], "`--loop` goes with an animation (`-o OUT.gif` or `-o OUT.apng`)"),
      // With `--fps`, a time past the limit needs no scene: 1,000,000 frames at 100 fps
      // are 10,000 s.
      (
        ["--time", "10000.02s", "--fps", "100"],
        "`--time 10000.02s` is too far: stills go at most 1000000 frames into the run (10000 s at 100 fps)"
      ),
      (["--width", "16385", "--height", "5"], "the picture must be 1…16384 pixels each way, not 16385×5"),
      (
        ["--matte", "white"],
        "`--matte` goes with a GIF or a video (`-o OUT.gif`, `OUT.mp4`, `OUT.webm`): PNG keeps its alpha, SVG and Lottie their colours"
      ),
    ] as [([String], String)])
  func aloneAndFirst(_ option: [String], _ message: String) throws {
    let path = try QuietAndArgumentTests.file(Self.broken, "broken.anim")
    let r = try CLITests.animc(["render", path, "-o", path + ".png"] + option)
    #expect(r.status == 2, "\(option): \(r.stderr)")
    #expect(r.stderr == "animc: error: \(message)\n", "\(option)")
    #expect(!FileManager.default.fileExists(atPath: path + ".png"))
  }

  /// The same with a GIF's own options, which are only errors for a GIF's values.
  @Test func gifOptionsToo() throws {
    let path = try QuietAndArgumentTests.file(Self.broken, "broken-gif.anim")
    for (option, message) in [
      (
        ["--matte", "nope"],
        "`--matte` takes a colour: #RRGGBB, rgb(r, g, b), hsl(h, s%, l%) or a name such as white, not `nope`"
      ),
      (["--loop", "0"], "`--loop` takes how many times the animation plays, 1…65536, not `0`"),
    ] {
      let r = try CLITests.animc(["render", path, "-o", path + ".gif"] + option)
      #expect(r.status == 2, "\(option)")
      #expect(r.stderr == "animc: error: \(message)\n", "\(option)")
    }
  }

  /// What needs the scene comes after its diagnostics: here the warning, then the
  /// `--time` past 1,000,000 frames at the scene's 60 fps.
  @Test func sceneChecksComeAfterTheDiagnostics() throws {
    let path = try QuietAndArgumentTests.file(QuietAndArgumentTests.warned, "warned-time.anim")
    let r = try CLITests.animc(["render", path, "-o", path + ".png", "--time", "99999s"])
    #expect(r.status == 2)
    let warning = try #require(r.stderr.range(of: "[W0301]"), "\(r.stderr)")
    let error = try #require(
      r.stderr.range(of: "animc: error: `--time 99999s` is too far: stills go at most 1000000 frames into the run"),
      "\(r.stderr)")
    #expect(warning.upperBound < error.lowerBound)
    #expect(r.stderr.hasSuffix(" s at 60 fps)\n"), "\(r.stderr)")
  }
}
