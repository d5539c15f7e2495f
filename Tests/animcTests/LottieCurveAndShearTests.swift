import AnimTestSupport
import Foundation
import Testing

/// §13's rules that the examples do not reach: a scene's own `cubicBezier(…)` curves
/// exported as one keyframe pair with that very easing, and a shear (a replicator's
/// non-uniform scale over a turning child) carried exactly rather than dropped. Judged,
/// as in `LottieExportTests`, by the Lottie schema, rlottie and `lottie_check.py`.
@Suite("animc render to Lottie: curves and shear", .serialized) struct LottieCurveAndShearTests {
  /// One node whose position, opacity and rotation each follow one of the scene's own
  /// curves: written inline (with overshoot), through a top-level `let`, and starting
  /// after a delay; another whose x and y follow different curves.
  static let curves = """
    scene "Curves" {
      size 200, 200
      fps 30
      duration 2s
    }
    let swing = cubicBezier(0.2, 0.7, 0.4, 1)
    node ball = circle(20) {
      fill red
      position (40, 100)
      animate position to (160, 60) over 1s timing cubicBezier(0.3, -0.4, 0.6, 1.4)
      animate opacity from 1 to 0.2 over 1s delay 0.5s timing swing
      animate rotation to 90deg over 1s delay 0.2s timing cubicBezier(0.1, 0.6, 0.7, 0.2)
    }
    node split = rect(20, 20) {
      fill blue
      position (40, 40)
      animate x to 160 over 1s timing easeIn
      animate y to 160 over 1s timing easeOut
    }
    """

  /// Copies scaled by (1.5, 0.7) once and twice around a turning rectangle: copies 1 and
  /// 2 are sheared in every frame where the rectangle is not axis-aligned.
  static let shear = """
    scene "Shear" {
      size 240, 240
      background #202020
      fps 30
      duration 2s
    }
    replicate fan count 3 {
      position (120, 120)
      instance transform scale(1.5, 0.7)
      node petal = rect(60, 24) {
        fill #FF9500
        animate rotation to 1turn over 2s
      }
    }
    """

  /// Trimmed strokes on curves: a rounded rectangle drawn on by an eased `strokeEnd`, and
  /// a turning ellipse whose `strokeStart` eats it from the start after a delay.
  static let curvedTrim = """
    scene "Curved trim" {
      size 240, 240
      background #000000
      fps 30
      duration 2s
    }
    node frame = rect(160, 100, corner: 14) {
      position (120, 80)
      fill clear
      stroke white
      lineWidth 6
      strokeEnd 0
      animate strokeEnd from 0 to 1 over 2s timing easeInOut
    }
    node ring = ellipse(120, 60) {
      position (120, 180)
      fill clear
      stroke #34C759
      lineWidth 4
      animate strokeStart from 0 to 0.6 over 1.5s delay 0.3s
      animate rotation to 90deg over 2s
    }
    """

  /// Writes `source` to `dir/name.anim`, exports it to `name.json` and dumps it to
  /// `name.jsonl`; returns the three paths.
  static func export(_ source: String, _ name: String, in dir: URL) throws -> (
    scene: String, json: String, dump: String
  ) {
    let scene = dir.appendingPathComponent("\(name).anim")
    try source.write(to: scene, atomically: true, encoding: .utf8)
    let json = dir.appendingPathComponent("\(name).json")
    try RenderCommandTests.animcOK(["render", scene.path, "-o", json.path])
    let dump = dir.appendingPathComponent("\(name).jsonl")
    try Data(try CLITests.animc(["dump", scene.path]).stdout.utf8).write(to: dump)
    return (scene.path, json.path, dump.path)
  }

  /// `json` is valid by the Lottie schema, follows the dump at every frame within §13's
  /// tolerances, and has no spare keyframe (`lottie_check.py schema`, `values`, `economy`).
  static func checkAgainstDump(_ out: (scene: String, json: String, dump: String)) throws {
    _ = try LottieExportTests.check(["schema", out.json])
    _ = try LottieExportTests.check(["values", out.json, out.dump])
    _ = try LottieExportTests.check(["economy", out.json, out.dump])
  }

  static func layers(_ json: String) throws -> [[String: Any]] {
    let doc = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    return try #require(doc["layers"] as? [[String: Any]])
  }

  /// Each animated property is exactly two keyframes whose `o`/`i` are the curve the
  /// scene names for it (read from the source above), at the frames the animation starts
  /// and ends (30 fps: delay 0.5 s is frame 15, 0.2 s frame 6); values and keyframe
  /// economy hold.
  @Test func aScenesOwnCurveIsOneKeyframePairWithThatEasing() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-curves")
    let out = try Self.export(Self.curves, "curves", in: dir)
    let layers = try Self.layers(out.json)
    let layer = try #require(layers.first { $0["nm"] as? String == "ball" })
    let ks = try #require(layer["ks"] as? [String: Any])
    let expected: [(String, [Double], Double, Double)] = [
      ("p", [0.3, -0.4, 0.6, 1.4], 0, 30),
      ("o", [0.2, 0.7, 0.4, 1], 15, 45),
      ("r", [0.1, 0.6, 0.7, 0.2], 6, 36),
    ]
    for (key, curve, start, end) in expected {
      let prop = try #require(ks[key] as? [String: Any])
      let keys = try #require(prop["k"] as? [[String: Any]], "\(key) is not keyframed")
      #expect(keys.count == 2, "\(key) has \(keys.count) keyframes")
      let o = try #require(keys.first?["o"] as? [String: [Double]])
      let i = try #require(keys.first?["i"] as? [String: [Double]])
      #expect(o["x"] == [curve[0]] && o["y"] == [curve[1]] && i["x"] == [curve[2]] && i["y"] == [curve[3]], "\(key)")
      let times = keys.compactMap { $0["t"] as? Double }
      #expect(times.count == 2 && abs(times[0] - start) < 1e-6 && abs(times[1] - end) < 1e-6, "\(key): \(times)")
    }
    // Players ease a position's two axes alike (rlottie reads one component of `o`/`i`):
    // x by easeIn and y by easeOut is no pair, but sampled keyframes that still follow.
    let split = try #require(layers.first { $0["nm"] as? String == "split" })
    let position = try #require((split["ks"] as? [String: Any])?["p"] as? [String: Any])
    let splitKeys = try #require(position["k"] as? [[String: Any]])
    #expect(splitKeys.count > 2, "split.p has \(splitKeys.count) keyframes")
    try Self.checkAgainstDump(out)
  }

  /// Trim fractions follow the dump within 0.001 at every frame (they are fractions of
  /// the outline's true length, which animc's raster measures too), each eased trim is
  /// one keyframe pair, and rlottie draws the trimmed strokes as animc does.
  @Test func curvedTrimsFollowTheDump() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-trim")
    let out = try Self.export(Self.curvedTrim, "trim", in: dir)
    let layers = try Self.layers(out.json).filter { $0["ty"] as? Int == 4 }
    #expect(layers.count == 2)
    for layer in layers {
      let shapes = try #require(layer["shapes"] as? [[String: Any]])
      let items = shapes.flatMap { ($0["it"] as? [[String: Any]]) ?? [] }
      let trim = try #require(items.first { $0["ty"] as? String == "tm" }, "\(layer["nm"] ?? "?") has no trim")
      let key = layer["nm"] as? String == "frame" ? "e" : "s"
      let keys = try #require((trim[key] as? [String: Any])?["k"] as? [[String: Any]])
      #expect(keys.count == 2, "\(layer["nm"] ?? "?").\(key) has \(keys.count) keyframes")
    }
    try Self.checkAgainstDump(out)
    try LottieExportTests.expectRlottieMatchesAnimc(
      out.json, scene: out.scene, picks: ["6", "18", "30", "42", "54"], size: ["240", "240"], in: dir)
  }

  /// In a sticker (rlottie only), a trim ends where animc ends it, within 0.001 of the
  /// outline: rlottie measures lengths its own way (`LottieTrimMeasure`), so the sticker
  /// carries fractions of that measure. Judged by the white stroke's coverage along its
  /// straight top and right edges at 512×512 (outline 495.96 pt × 512/240 = 1058 px, so
  /// 1.06 px), at frames whose ends lie on them; the true fractions, as `.json` carries
  /// them, end there 1.3 px off in rlottie at frames 18 and 28.
  @Test func aStickersTrimEndsWhereAnimcEndsIt() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-trim-tgs")
    let scene = dir.appendingPathComponent("trim.anim")
    try Self.curvedTrim.write(to: scene, atomically: true, encoding: .utf8)
    let tgs = dir.appendingPathComponent("trim.tgs")
    let size = ["--width", "512", "--height", "512"]
    try RenderCommandTests.animcOK(["render", scene.path, "-o", tgs.path] + size)
    _ = try LottieExportTests.check(["tgs", tgs.path])
    let json = dir.appendingPathComponent("trim.json").path
    try LottieExportTests.run(["sh", "-c", "gzip -dc < \"$0\" > \"$1\"", tgs.path, json], "gzip -d")
    let harness = try LottieExportTests.buildHarness(dir)
    let top = ["116", "64", "396", "64"]
    let right = ["426", "94", "426", "247"]
    let picks = [("12", top), ("18", top), ("26", right), ("28", right)]
    for (n, _) in picks {
      try RenderCommandTests.animcOK(
        ["render", scene.path, "--frame", n, "-o", dir.appendingPathComponent("\(n).png").path] + size)
    }
    _ = try LottieExportTests.run([harness, json, dir.path, "512", "512"] + picks.map(\.0), "rlottie")
    for (n, run) in picks {
      _ = try LottieExportTests.check(["run", dir.path, dir.path, "512", "512", "1.06", n] + run)
    }
  }

  /// The sheared copies are shape layers under a null parent; the whole transform follows
  /// the dump at every frame (the evaluator composes parents), no keyframe is spare, and
  /// rlottie's frames agree with animc's PNGs. Dropping the shear (what rlottie does with
  /// `sk`/`sa`) puts the copies tens of points off and the PSNR near 19 dB.
  @Test func aShearIsCarriedByAParentLayer() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-shear")
    let out = try Self.export(Self.shear, "shear", in: dir)
    let layers = try Self.layers(out.json)
    let shapes = layers.filter { $0["ty"] as? Int == 4 }
    let parents = Set(shapes.compactMap { $0["parent"] as? Int })
    #expect(shapes.count == 3)
    #expect(parents.count == 2, "copies 1 and 2 are sheared: \(parents)")
    for p in parents {
      let parent = try #require(layers.first { $0["ind"] as? Int == p })
      #expect(parent["ty"] as? Int == 3)
    }
    try Self.checkAgainstDump(out)
    try LottieExportTests.expectRlottieMatchesAnimc(
      out.json, scene: out.scene, picks: ["6", "18", "30", "42", "54"], size: ["240", "240"], in: dir, frames: 60)
  }
}
