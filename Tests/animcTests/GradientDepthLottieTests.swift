import AnimTestSupport
import Foundation
import Testing

/// Issue 31, item 2: a gradient on a 3-D node is baked into the Lottie export as its
/// outline is, a gradient fill whose start and end follow the projection frame by frame;
/// where perspective bends it beyond what one Lottie gradient can follow, the export
/// stops with exit 1, naming the node, and leaves no file.
@Suite("Lottie gradients in 3-D", .serialized) struct GradientDepthLottieTests {
  /// A card (120 × 80 unless told) centred at (100, 100) with a diagonal gradient, and
  /// `depth` lines.
  static func scene(_ depth: String, width: Int = 120, height: Int = 80) -> String {
    "scene { size 200, 200; fps 10; duration 1s }\nnode card = rect(\(width), \(height)) {\n"
      + "  position (100, 100)\n"
      + "  fill linearGradient([red, blue], start: (0, 0), end: (1, 1))\n" + depth + "}\n"
  }

  static func write(_ source: String, _ name: String) throws -> (dir: URL, file: URL, out: URL) {
    let dir = try RenderCommandTests.workDirectory(name)
    let file = dir.appendingPathComponent("card.anim")
    try Data(source.utf8).write(to: file)
    return (dir, file, dir.appendingPathComponent("card.json"))
  }

  /// The `gf` item of the layer named `card`.
  static func gradientFill(_ json: URL) throws -> [String: Any] {
    let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let layers = try #require(root["layers"] as? [[String: Any]])
    let card = try #require(layers.first { $0["nm"] as? String == "card" })
    let groups = try #require(card["shapes"] as? [[String: Any]])
    let items = groups.flatMap { ($0["it"] as? [[String: Any]]) ?? [] }
    return try #require(items.first { $0["ty"] as? String == "gf" })
  }

  static func fixedPoint(_ property: Any?) throws -> (Double, Double) {
    let p = try #require(property as? [String: Any])
    #expect(p["a"] as? Int == 0)
    let k = try #require(p["k"] as? [Double])
    return (k[0], k[1])
  }

  /// `rotationY 30deg` without perspective is affine: the box's x axis shrinks by
  /// k = cos 30° about the centre, so box point (x, y) lands at (100 + (x − 60)·k, 60 + y).
  /// The gradient t = ((x, y)·(120, 80)) / 20800 is then t = (X − s′)·n with
  /// n = (120 / k, 80) / 20800 on the screen, so Lottie's start is the projected start
  /// and its end is start + n / |n|². Projecting the end point instead would tilt the
  /// isolines, and the test tells the two apart.
  @Test func anAffineTiltBakesTheExactGradient() throws {
    let (_, file, out) = try Self.write(Self.scene("  rotationY 30deg\n"), "lottie-gradient-3d-affine")
    try RenderCommandTests.animcOK(["render", file.path, "-o", out.path])
    let gf = try Self.gradientFill(out)
    #expect(gf["t"] as? Int == 1)
    let k = (3.0).squareRoot() / 2
    let sx = 100 - 60 * k
    let sy = 60.0
    let nx = 120 / k / 20800
    let ny = 80.0 / 20800
    let n2 = nx * nx + ny * ny
    let ex = sx + nx / n2
    let ey = sy + ny / n2
    let (s0, s1) = try Self.fixedPoint(gf["s"])
    let (e0, e1) = try Self.fixedPoint(gf["e"])
    #expect(abs(s0 - sx) < 1e-3 && abs(s1 - sy) < 1e-3, "s \(s0), \(s1) against \(sx), \(sy)")
    #expect(abs(e0 - ex) < 1e-3 && abs(e1 - ey) < 1e-3, "e \(e0), \(e1) against \(ex), \(ey)")
    // The naive projected end, (100 + 60k, 140), is not where the gradient ends.
    #expect(abs(e0 - (100 + 60 * k)) + abs(e1 - 140) > 1)
  }

  /// An 80 × 60 gradient card turning from 0 to 45° under `perspective 800` (its
  /// parameter strays from the best linear fit by about 3.4/255 at 45°, worked apart in
  /// numpy, so it is cut into strips there): the export validates against the schema,
  /// its start and end are keyed, and rlottie's frames agree with animc's own PNGs
  /// (PSNR ≥ 30 dB) at several frames.
  @Test func aPerspectiveTurnPlaysInRlottie() throws {
    let depth = "  perspective 800\n  animate rotationY from 0deg to 45deg over 1s\n"
    let (dir, file, out) = try Self.write(
      Self.scene(depth, width: 80, height: 60), "lottie-gradient-3d-turn")
    try RenderCommandTests.animcOK(["render", file.path, "-o", out.path])
    _ = try LottieExportTests.check(["schema", out.path])
    let gf = try Self.gradientFill(out)
    let e = try #require(gf["e"] as? [String: Any])
    #expect(e["a"] as? Int == 1)
    try LottieExportTests.expectRlottieMatchesAnimc(
      out.path, scene: file.path, picks: ["0", "3", "6", "9"], size: ["200", "200"], in: dir, frames: 10,
      what: "rlottie on the turning gradient card")
  }

  /// `perspective 150` with the card turned 60°: its near edge is drawn about twice as
  /// large as its far edge, and the gradient's parameter strays beyond 1/255 from any
  /// linear gradient even in 16 strips: refused, naming the node, with nothing written.
  @Test func aStrongPerspectiveIsRefusedNamingTheNode() throws {
    let (_, file, out) = try Self.write(
      Self.scene("  perspective 150\n  rotationY 60deg\n"), "lottie-gradient-3d-strong")
    let r = try CLITests.animc(["render", file.path, "-o", out.path])
    #expect(r.status == 1)
    #expect(r.stderr.contains("`card` has a gradient in 3-D"), "\(r.stderr)")
    #expect(r.stderr.contains("1/255") && r.stderr.contains("16 strips"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func theSameCardFlatExports() throws {
    let (_, file, out) = try Self.write(Self.scene(""), "lottie-gradient-flat")
    try RenderCommandTests.animcOK(["render", file.path, "-o", out.path])
    let gf = try Self.gradientFill(out)
    let (s0, s1) = try Self.fixedPoint(gf["s"])
    let (e0, e1) = try Self.fixedPoint(gf["e"])
    // The 2-D layer keeps the gradient in the box's own points.
    #expect(s0 == 0 && s1 == 0 && e0 == 120 && e1 == 80)
  }
}
