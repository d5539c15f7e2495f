import Foundation
import Testing

/// Issue 20 item 6 and the Path-as-Shape paragraph of §3.1 v0.3, as scripts see them:
/// `-q` hides warnings on every command, a bad argument is reported before (and
/// instead of) the file's diagnostics, `--color` takes three words, and a Path drawn as a
/// node's shape comes out of `dump` and `render` where its points are.
@Suite struct QuietAndArgumentTests {
  /// A scene with one warning (an unused `let`) and nothing else.
  static let warned = "let unused = 5\nnode n = circle(10) { position (50, 50) }\n"

  static func file(_ text: String, _ name: String) throws -> String {
    let dir = try DumpCommandTests.scratch()
    let url = dir.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func withoutQuietTheWarningShows() throws {
    let r = try CLITests.animc(["check", "-"], stdin: Self.warned)
    #expect(r.status == 0)
    #expect(r.stderr.contains("[W0301]"))
  }

  @Test("-q and --quiet hide warnings", arguments: ["-q", "--quiet"])
  func quietCheck(flag: String) throws {
    let r = try CLITests.animc(["check", flag, "-"], stdin: Self.warned)
    #expect(r.status == 0)
    #expect(r.stderr.isEmpty)
    let json = try CLITests.animc(["check", "--format", "json", flag, "-"], stdin: Self.warned)
    #expect(json.stdout == "[]\n")
  }

  @Test func quietKeepsErrors() throws {
    let r = try CLITests.animc(["check", "-q", "-"], stdin: Self.warned + "let broken = 6sec\n")
    #expect(r.status == 1)
    #expect(r.stderr.contains("[E0106]"))
    #expect(!r.stderr.contains("W0301"))
    #expect(r.stderr.hasSuffix("1 error generated.\n"))
  }

  @Test("every command takes -q", arguments: ["dump", "render", "run", "fmt"])
  func quietEverywhere(command: String) throws {
    let path = try Self.file(Self.warned, "warned.anim")
    var args = [command, "-q", path]
    switch command {
    case "dump", "run": args += ["--duration", "0.1s"]
    case "render": args += ["-o", path + ".png"]
    case "fmt": args += ["--check"]
    default: break
    }
    let r = try CLITests.animc(args)
    #expect(r.status == 0 || (command == "fmt" && r.status == 1), "\(r.stderr)")
    #expect(r.stderr.isEmpty, "\(command): \(r.stderr)")
    #expect(try CLITests.animc(["lsp", "-q", "--help"]).status == 0)
  }

  @Test("a bad argument is reported alone, before the file is read", arguments: ["dump", "render", "run"])
  func argumentsFirst(command: String) throws {
    let path = try Self.file(Self.warned, "warned.anim")
    var args = [command, path, "--tap", "abc"]
    if command == "render" { args += ["-o", path + ".gif"] }
    let r = try CLITests.animc(args)
    #expect(r.status == 2)
    #expect(r.stderr == "animc: error: `--tap` takes TIME or TIME@X,Y (e.g. 0.5s@120,300), not `abc`\n")
  }

  @Test("--color takes auto, always or never", arguments: ["check", "dump", "render", "fmt"])
  func colorWords(command: String) throws {
    let path = try Self.file(Self.warned, "warned.anim")
    let r = try CLITests.animc([command, path, "--color", "sometimes"])
    #expect(r.status == 2)
    #expect(r.stderr == "animc: error: `--color` takes `auto`, `always` or `never`, not `sometimes`\n")
    for word in ["auto", "always", "never"] {
      #expect(try CLITests.animc(["check", path, "--color", word]).status == 0)
    }
  }

  /// §3.1: `node trail = polyline(points) { anchor (0, 0); … }` draws the path where
  /// its points are.
  static let trail = """
    scene { size 240, 80; background #000000; duration 1s; fps 10 }
    let points = [(10, 10), (120, 60), (230, 20)]
    node trail = polyline(points) { anchor (0, 0); stroke white; lineWidth 4; fill clear }
    """

  @Test func aPathAsAShapeIsDumped() throws {
    let r = try CLITests.animc(["dump", "-", "--frames", "0..0"], stdin: Self.trail)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.isEmpty)
    let lines = DumpCommandTests.lines(r.stdout)
    // The shape's own box: from (0, 0) to the largest x and y of its points (§3.1).
    #expect(
      lines.contains(#"{"type":"shape","id":"trail","path":"M 10 10 L 120 60 L 230 20","width":230,"height":60}"#))
    let frame = try #require(DumpCommandTests.frameLines(r.stdout).first)
    #expect(frame.contains(#""matrix":[1,0,0,1,0,0]"#), "\(frame)")
  }

  @Test func aPathAsAShapeIsRendered() throws {
    let path = try Self.file(Self.trail, "trail.anim")
    let png = path + ".png"
    let r = try CLITests.animc(["render", path, "-o", png])
    #expect(r.status == 0, "\(r.stderr)")
    // On the first segment's middle, (65, 35), the white stroke; below it, the background.
    let script = """
      import json, sys
      from PIL import Image
      im = Image.open(sys.argv[1]).convert('RGB')
      print(json.dumps({'on': im.getpixel((65, 35)), 'off': im.getpixel((65, 70)), 'size': im.size}))
      """
    let pixels = try RenderCommandTests.python(script, [png])
    #expect(pixels["size"] as? [Int] == [240, 80])
    let on = try #require(pixels["on"] as? [Int])
    let off = try #require(pixels["off"] as? [Int])
    #expect(on.allSatisfy { $0 >= 200 }, "\(on)")
    #expect(off == [0, 0, 0])
  }
}
