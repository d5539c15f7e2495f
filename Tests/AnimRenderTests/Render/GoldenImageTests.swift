import AnimCheck
import AnimIR
import AnimModel
import AnimSim
import AnimSource
import AnimWriters
import Foundation
import Testing

@testable import AnimRender

/// Whole example scenes, simulated and rasterized as `animc render --time T --scale 0.5`
/// does, against PNGs that were rendered once, looked at, and described below. A change
/// to the simulator or the rasterizer that moves what these pictures show fails here.
///
/// To regenerate after a deliberate change: `ANIMC_UPDATE_GOLDEN=1 swift test --filter
/// GoldenImageTests`, then look at every PNG again and update its description.
@Suite("Golden images") struct GoldenImageTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var example: String
    var seconds: Double
    var golden: String
    var testDescription: String { "\(example) at \(seconds) s" }
  }

  static let cases: [Case] = [
    // 188×334, white. The blue button, a circle about 30 px across, sits at the bottom
    // right near (152, 300). Five pink-red hearts from the taps at 0.5, 0.8, 1.6, 2.5
    // and 2.9 s: the newest still on the button (darker, translucent over the blue),
    // one just above it to the right, one further up to the left, and the two oldest
    // overlapping each other and faded near (153, 210), two thirds of the way down.
    Case(example: "heart-view.anim", seconds: 3, golden: "heart-view-3s.png"),
    // 188×334, white. A light grey navigation bar across the top with the small orange
    // cart square at its right end, two dark grey wheels half under its bottom edge (the
    // cart group, §14; not bumping yet: the first landing is at 1.5 s). Three red rounded product cards with thin gold
    // borders in a row near the bottom (y ≈ 220…260). A fourth red card — the copy
    // thrown by the tap at 0.5 s — is mid-flight near (80, 116), the same size here
    // and turned a few degrees.
    Case(example: "add-to-cart.anim", seconds: 1, golden: "add-to-cart-1s.png"),
    // 188×334, black. Top left: three tall vertical volume bars of equal height, bright,
    // medium and dark green (the replicator's green offset). Top right: a ring of 20
    // evenly spaced bright green squares (the activity indicator). Middle: a sky-blue
    // photo with a yellow sun at its top right and green hills across its middle, with
    // the darker mirrored reflection (hills pointing down, a dimmer sun) below it.
    // Bottom: the thin white zig-zag line with a small blue dot at its left end.
    Case(example: "ca-replicators.anim", seconds: 1, golden: "ca-replicators-1s.png"),
  ]

  static let scale = 0.5
  /// Rendering is deterministic, so only floating-point differences between platforms
  /// are tolerated: a high PSNR, and no pixel far off. PSNR alone is lenient on these
  /// mostly flat pictures (erasing half a heart still scores 43.8 dB); the largest
  /// difference catches a shape that moved, vanished or changed colour.
  static let minimumPSNR = 45.0
  static let maximumDifference = 64

  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let goldenDirectory = testsDirectory.appendingPathComponent("Golden")
  static let examplesDirectory = testsDirectory.deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

  /// The frame `animc render FILE --time T` shows, at `scale`: frames before it are
  /// simulated (events fire) but not sampled, then the frame is rasterized.
  static func render(_ c: Case) throws -> Bitmap {
    let url = examplesDirectory.appendingPathComponent(c.example)
    let text = try String(contentsOf: url, encoding: .utf8)
    let analysis = analyze(SourceFile(name: url.path, text: text))
    let ir = try #require(analysis.ir, "\(c.example) does not check: \(analysis.diagnostics)")
    let simulator = try Simulator(ir)
    let n = Int((c.seconds * simulator.fps).rounded(.down))
    for k in 0...n { try simulator.step(sampling: k == n) }
    let settings = ir.settings
    let width = Int((settings.width * scale).rounded())
    let height = Int((settings.height * scale).rounded())
    return Rasterizer().render(
      Drawing(simulator.frame, RunHeader(simulator, frames: 1)), width: width, height: height)
  }

  @Test(arguments: cases)
  func matchesGolden(_ c: Case) throws {
    let ours = try Self.render(c)
    let png = try PNGEncoder.encode(ours)
    let goldenURL = Self.goldenDirectory.appendingPathComponent(c.golden)
    if ProcessInfo.processInfo.environment["ANIMC_UPDATE_GOLDEN"] != nil {
      try FileManager.default.createDirectory(
        at: Self.goldenDirectory, withIntermediateDirectories: true)
      try Data(png).write(to: goldenURL)
      return
    }
    let golden = try #require(
      try? Data(contentsOf: goldenURL),
      "missing \(goldenURL.path): run with ANIMC_UPDATE_GOLDEN=1 and look at it")
    // Pillow decodes the golden to straight RGBA bytes.
    let script = """
      import sys
      from PIL import Image
      im = Image.open(sys.argv[2]).convert('RGBA')
      print(im.size[0], im.size[1])
      open(sys.argv[1], 'wb').write(im.tobytes())
      """
    let decoded = try PythonDecoder.run(script, inputs: [[UInt8](golden)])
    #expect(
      decoded.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        == "\(ours.width) \(ours.height)")
    let psnr = ReferenceRenderer.psnr(ours.pixels, decoded.bytes, alpha: true)
    let saved = FileManager.default.temporaryDirectory.appendingPathComponent("ours-\(c.golden)")
    try? Data(png).write(to: saved)
    #expect(
      psnr >= Self.minimumPSNR,
      "\(c.example) at \(c.seconds) s: PSNR \(psnr) dB against \(c.golden); ours is \(saved.path)")
    let worst = zip(ours.pixels, decoded.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(
      worst <= Self.maximumDifference,
      "\(c.example) at \(c.seconds) s: a channel differs by \(worst) from \(c.golden); ours is \(saved.path)"
    )
    print("golden \(c.golden): \(String(format: "%.2f", psnr)) dB, largest difference \(worst)")
  }
}
