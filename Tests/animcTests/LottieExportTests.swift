import AnimTestSupport
import Foundation
import Testing

/// `animc render -o OUT.json|OUT.tgs` (§13), judged by programs that share no code with
/// animc: the Lottie community's JSON schema (PyPI `lottie-specs`, checked by
/// `jsonschema` as Draft 2020-12), rlottie (Debian `librlottie-dev`, through a C harness
/// this test builds with `cc`), python-lottie's Telegram validator, and a keyframe
/// evaluator written from the Lottie format (`Tests/lottie/lottie_check.py`).
///
/// CI installs them (`apt-get install -y librlottie-dev`,
/// `python3 -m pip install lottie-specs lottie jsonschema pillow`); a missing tool is a
/// failure that says what to install, never a skip.
@Suite("animc render to Lottie", .serialized) struct LottieExportTests {
  static let checker = CLITests.root.appendingPathComponent("Tests/lottie/lottie_check.py").path
  static let harness = CLITests.root.appendingPathComponent("Tests/lottie/rlottie_frames.c").path

  /// Runs a command; returns its stdout, or throws with its output when it fails.
  @discardableResult
  static func run(_ args: [String], _ what: String) throws -> String {
    let p = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), args)
    let out = String(decoding: p.stdout, as: UTF8.self)
    guard p.status == 0 else {
      throw CLITests.CLIError(
        message: "\(what) failed (\(p.status)):\n\(out)\(String(decoding: p.stderr, as: UTF8.self))")
    }
    return out
  }

  static func check(_ args: [String]) throws -> String {
    try run(["python3", checker] + args, "lottie_check.py \(args.first ?? "")")
  }

  /// Exports `example` (a file in `examples/`) with `extra` options to `out`.
  static func export(_ example: String, to out: URL, _ extra: [String] = []) throws {
    try RenderCommandTests.animcOK(["render", "examples/\(example)", "-o", out.path] + extra)
  }

  /// The rlottie harness, built once into the work folder.
  static func buildHarness(_ dir: URL) throws -> String {
    let binary = dir.appendingPathComponent("rlottie_frames").path
    try run(
      ["cc", "-O1", "-o", binary, harness, "-lrlottie"],
      "building the rlottie harness (apt-get install -y librlottie-dev)")
    return binary
  }

  /// rlottie's frames `picks` of `json` (`size`: width and height) against animc's own
  /// PNGs of the same frames of `scene` rendered with `options`, by PSNR
  /// (`lottie_check.py psnr`); with `frames`, rlottie must read that many frames.
  static func expectRlottieMatchesAnimc(
    _ json: String, scene: String, picks: [String], size: [String], in dir: URL, options: [String] = [],
    frames: Int? = nil, what: String = "rlottie"
  ) throws {
    let harness = try buildHarness(dir)
    for n in picks {
      try RenderCommandTests.animcOK(
        ["render", scene, "--frame", n, "-o", dir.appendingPathComponent("\(n).png").path] + options)
    }
    let loaded = try run([harness, json, dir.path] + size + picks, what)
    if let frames { #expect(loaded.hasPrefix("\(frames) "), "rlottie reads \(loaded) for \(frames) frames") }
    _ = try check(["psnr", dir.path, dir.path] + size + picks)
  }

  /// Every example validates against the schema, loads in rlottie, and rlottie's frames
  /// at five times agree with animc's own PNGs of the same frames. At 20 fps, which
  /// keeps the debug build's exports short; the values tests below run at the scenes' own.
  /// Examples Lottie cannot draw (§13: "a 3-D image cannot be: exit 1 naming the node"):
  /// card-flip's back is an image in 3-D, and so is fold's top half, a picture turning
  /// under its hinge's perspective.
  static let refusedExamples: Set<String> = ["card-flip.anim", "fold.anim"]

  @Test(arguments: RenderCommandTests.examples)
  func exampleValidatesAndPlaysInRlottie(_ example: String) throws {
    let dir = try RenderCommandTests.workDirectory("lottie-\(example)")
    let json = dir.appendingPathComponent("out.json")
    let rate = ["--fps", "20"]
    // A scene Lottie cannot draw is refused with the reason, and nothing is written.
    if Self.refusedExamples.contains(example) {
      let r = try CLITests.animc(["render", "examples/\(example)", "-o", json.path] + rate)
      #expect(r.status == 1)
      #expect(r.stderr.contains("in 3-D, which Lottie cannot draw"), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: json.path))
      return
    }
    // rlottie draws neither `blend` nor `blur` (§15): the export carries them and the
    // command says so once, so rlottie's frames are not compared.
    if RenderCommandTests.beyondTheDumpDrawer[example] != nil {
      let r = try CLITests.animc(["render", "examples/\(example)", "-o", json.path] + rate)
      #expect(r.status == 0)
      #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("rlottie"), "\(r.stderr)")
      _ = try Self.check(["schema", json.path])
      return
    }
    try Self.export(example, to: json, rate)
    _ = try Self.check(["schema", json.path])
    let dump = try CLITests.animc(["dump", "examples/\(example)"] + rate).stdout
    let header = try #require(dump.split(separator: "\n").first)
    let fields = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])
    let frames = try #require(fields["frames"] as? Int)
    let width = try #require(fields["width"] as? Double)
    let height = try #require(fields["height"] as? Double)
    let picks = (0..<5).map { String(min(frames - 1, $0 * frames / 5 + frames / 10)) }
    let size = [String(Int(width.rounded())), String(Int(height.rounded()))]
    try Self.expectRlottieMatchesAnimc(
      json.path, scene: "examples/\(example)", picks: picks, size: size, in: dir, options: rate, frames: frames,
      what: "rlottie on \(example)")
  }

  /// A layer tree (§14) is exported with Lottie's parenting: each drawn node a layer with
  /// its transform relative to its parent's layer and its ancestors' opacities multiplied
  /// in, a group a null layer. rlottie's frames agree with animc's PNGs: a spinning,
  /// fading arm with a child that spins on its own, inside a group that moves.
  @Test func aLayerTreePlaysInRlottieAsAnimcDrawsIt() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-tree")
    let scene = dir.appendingPathComponent("tree.anim")
    try Data(
      """
      scene "Tree" { size 200, 200; fps 20; duration 2s; background #FFFFFF }
      node rig {
        position (60, 100)
        animate x to 140 over 2s
        node arm = rect(80, 12) {
          anchor (0, 0.5)
          fill #007AFF
          opacity 0.8
          animate rotation by 360deg over 2s timing linear
          animate opacity from 0.8 to 0.3 over 2s
          node tip = star(5, 14, 6) {
            position (80, 6)
            fill #FF3B30
            opacity 0.5
            animate rotation by -720deg over 2s timing linear
          }
        }
      }
      """.utf8
    ).write(to: scene)
    let json = dir.appendingPathComponent("tree.json")
    try RenderCommandTests.animcOK(["render", scene.path, "-o", json.path])
    _ = try Self.check(["schema", json.path])
    let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let layers = try #require(doc["layers"] as? [[String: Any]])
    #expect(layers.filter { $0["ty"] as? Int == 4 }.count == 2, "the arm and the tip")
    // The chain rig → arm → tip, by `ind`; the group is a null layer.
    let named = Dictionary(layers.map { ($0["nm"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    #expect(named["rig"]?["ty"] as? Int == 3)
    #expect(named["rig"]?["parent"] == nil)
    #expect(named["arm"]?["parent"] as? Int == named["rig"]?["ind"] as? Int)
    #expect(named["tip"]?["parent"] as? Int == named["arm"]?["ind"] as? Int)
    try Self.expectRlottieMatchesAnimc(
      json.path, scene: scene.path, picks: ["0", "9", "17", "26", "39"], size: ["200", "200"], in: dir, frames: 40,
      what: "rlottie on a layer tree")
  }

  /// Trees that parenting meets with special cases: a replicator's copies, sheared by a
  /// non-uniform instance transform over a turning child (the copy's layer has a shear
  /// null parent, and its child is parented to the copy's layer), a child that scales,
  /// and a group whose child is mirrored. rlottie's frames agree with animc's PNGs.
  @Test func parentedCopiesAndShearsPlayInRlottieAsAnimcDrawsThem() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-tree-shear")
    let scene = dir.appendingPathComponent("trees.anim")
    try Data(
      """
      scene "Trees" { size 200, 200; fps 20; duration 2s; background #FFFFFF }
      replicate fan count 3 {
        position (100, 100)
        instance transform rotate(120deg) scale(1.2, 0.7)
        node blade = rect(50, 10) {
          anchor (0, 0.5)
          fill #34C759
          opacity 0.9
          animate rotation by 180deg over 2s timing linear
          node knob = circle(6) {
            position (50, 5)
            fill #FF9500
            opacity 0.6
            animate scale from 1 to 2 over 2s
          }
        }
      }
      node box {
        position (30, 30)
        animate y to 170 over 2s
        animate opacity from 1 to 0.4 over 2s
        node flag = rect(24, 14) {
          position (10, 0)
          scaleX -1
          fill #AF52DE
          animate rotation by 90deg over 2s
        }
      }
      """.utf8
    ).write(to: scene)
    let json = dir.appendingPathComponent("trees.json")
    try RenderCommandTests.animcOK(["render", scene.path, "-o", json.path])
    _ = try Self.check(["schema", json.path])
    let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let layers = try #require(doc["layers"] as? [[String: Any]])
    let named = Dictionary(layers.map { ($0["nm"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    // Copy 1's knob is parented to the copy's shape layer, which takes its shear from a
    // null parent; the mirrored flag is parented to its group.
    #expect(named["blade[1]/knob"]?["parent"] as? Int == named["blade[1]"]?["ind"] as? Int)
    #expect(named["blade[1]"]?["parent"] as? Int == named["blade[1] shear"]?["ind"] as? Int)
    #expect(named["flag"]?["parent"] as? Int == named["box"]?["ind"] as? Int)
    #expect(named["box"]?["ty"] as? Int == 3)
    try Self.expectRlottieMatchesAnimc(
      json.path, scene: scene.path, picks: ["0", "9", "17", "26", "39"], size: ["200", "200"], in: dir, frames: 40,
      what: "rlottie on parented copies")
  }

  /// Values at every frame within §13's tolerances, and keyframe economy, for two
  /// examples; love-burst's eased hearts are one keyframe pair each.
  @Test(arguments: ["love-burst.anim", "ca-sticky.anim"])
  func valuesFollowTheDumpWithNoSpareKeyframe(_ example: String) throws {
    let dir = try RenderCommandTests.workDirectory("lottie-values-\(example)")
    let json = dir.appendingPathComponent("out.json")
    try Self.export(example, to: json)
    let dump = dir.appendingPathComponent("dump.jsonl")
    try Data(try CLITests.animc(["dump", "examples/\(example)"]).stdout.utf8).write(to: dump)
    _ = try Self.check(["values", json.path, dump.path])
    _ = try Self.check(["economy", json.path, dump.path])
  }

  /// love-burst's red hearts move by `easeOut` over 1 s: each heart's position and
  /// opacity are exactly one keyframe pair with that easing (§13's cubic-Bezier rule).
  @Test func anEasedValueIsOneKeyframePair() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-pair")
    let json = dir.appendingPathComponent("out.json")
    try Self.export("love-burst.anim", to: json, ["--only", "loves"])
    let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let layers = try #require(doc["layers"] as? [[String: Any]]).filter { $0["ty"] as? Int == 4 }
    #expect(layers.count == 45)  // 9 taps on the heart × burst 5 (the example's own expectation)
    for layer in layers {
      let ks = try #require(layer["ks"] as? [String: Any])
      for key in ["p", "o"] {
        let prop = try #require(ks[key] as? [String: Any])
        let keys = try #require(prop["k"] as? [[String: Any]])
        #expect(keys.count == 2, "\(layer["nm"] ?? "?").\(key) has \(keys.count) keyframes")
        let o = try #require(keys.first?["o"] as? [String: [Double]])
        let i = try #require(keys.first?["i"] as? [String: [Double]])
        #expect(o["x"] == [0] && o["y"] == [0] && i["x"] == [0.58] && i["y"] == [1])
      }
    }
  }

  /// One burst as a sticker passes Telegram's validator; too long or too large is refused
  /// with exit 2 and the limit named.
  @Test func stickerPassesTelegramsValidatorAndLimitsAreRefused() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-tgs")
    let tgs = dir.appendingPathComponent("burst.tgs")
    // No size: a sticker is 512×512, and this 375×667 scene is fitted and centred in it.
    let burst = ["--only", "loves", "--no-input", "--tap", "0s"]
    try Self.export("love-burst.anim", to: tgs, burst + ["--duration", "1.5s"])
    let bytes = try Data(contentsOf: tgs)
    #expect(bytes.prefix(2) == Data([0x1F, 0x8B]))
    _ = try Self.check(["tgs", tgs.path])

    let long = try CLITests.animc(
      ["render", "examples/love-burst.anim", "-o", dir.appendingPathComponent("long.tgs").path] + burst)
    #expect(long.status == 2)
    #expect(long.stderr.contains("at most 180 frames"), "\(long.stderr)")
    let size = try CLITests.animc([
      "render", "examples/love-burst.anim", "-o", dir.appendingPathComponent("s.tgs").path, "--width", "300",
      "--height", "300",
    ])
    #expect(size.status == 2)
    #expect(size.stderr.contains("512×512"), "\(size.stderr)")

    // Many random spring-driven spawns: far more than 64 KiB even compressed.
    let scene = dir.appendingPathComponent("big.anim")
    try """
    scene "Big" {
      size 512, 512
      fps 30
      duration 3s
    }
    emitter dots {
      every 25ms
      max 200
      origin (256, 256)
      spawn circle(random(4..30)) {
        fill #FF3B30
        animate position to (random(0..512), random(0..512)) over 1.5s timing spring(damping: 0.3, velocity: 0)
        animate opacity from 1 to 0.2 over 2s timing spring(damping: 0.5, velocity: 1)
        animate rotation to random(0deg..720deg) over 3s timing spring(damping: 0.2, velocity: 0)
      }
    }
    """.write(to: scene, atomically: true, encoding: .utf8)
    let big = try CLITests.animc(["render", scene.path, "-o", dir.appendingPathComponent("big.tgs").path])
    #expect(big.status == 2)
    #expect(big.stderr.contains("65,536 bytes"), "\(big.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("big.tgs").path))
  }

  /// A scene exported into a picture of another aspect ratio is fitted and centred as PNG
  /// fits it (issue 31 item 10): rlottie's frames agree with animc's fitted PNGs, whose
  /// bars are the background; `--stretch` stretches both alike.
  @Test(arguments: [[], ["--stretch"]])
  func aFittedSceneIsCentredAsPNGCentresIt(_ extra: [String]) throws {
    let dir = try RenderCommandTests.workDirectory("lottie-fit\(extra.joined())")
    let json = dir.appendingPathComponent("out.json")
    let options = ["--width", "400", "--height", "400", "--fps", "20"] + extra
    try Self.export("love-burst.anim", to: json, options)
    let fields = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    #expect(fields["w"] as? Int == 400 && fields["h"] as? Int == 400)
    try Self.expectRlottieMatchesAnimc(
      json.path, scene: "examples/love-burst.anim", picks: ["5", "20", "35"], size: ["400", "400"], in: dir,
      options: options, what: "rlottie on a fitted love-burst")
  }

  /// `--time`/`--frame` with a Lottie export, and `--only` of an unknown name, are
  /// command-line mistakes (exit 2).
  @Test func stillOptionsAndUnknownNamesAreRefused() throws {
    let dir = try RenderCommandTests.workDirectory("lottie-refuse")
    let out = dir.appendingPathComponent("x.json").path
    for extra in [["--frame", "3"], ["--time", "1s"], ["--only", "nothing"]] {
      let r = try CLITests.animc(["render", "examples/love-burst.anim", "-o", out] + extra)
      #expect(r.status == 2, "\(extra): \(r.stderr)")
      #expect(r.stderr.contains(extra[0]), "\(r.stderr)")
    }
  }

  /// `--no-input` drops the file's taps: love-burst then spawns nothing unless `--tap`.
  @Test func noInputIgnoresTheInputBlock() throws {
    let with = try CLITests.animc(["dump", "examples/love-burst.anim", "--frames", "40..40"])
    let without = try CLITests.animc(["dump", "examples/love-burst.anim", "--frames", "40..40", "--no-input"])
    #expect(with.stdout.contains("loves#0"))
    #expect(!without.stdout.contains("loves#"))
  }
}
