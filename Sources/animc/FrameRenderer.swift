import AnimMath
import AnimRender
import AnimSim
import Foundation

/// Steps a simulator and turns its frames into pictures, reusing one rasterizer and one
/// bitmap, so memory does not grow with the number of frames (beyond the GIF's bytes).
struct FrameRenderer {
  let simulator: Simulator
  let width: Int
  let height: Int
  let rasterizer = Rasterizer()
  var bitmap: Bitmap
  var progress: ProgressBar

  init(simulator: Simulator, width: Int, height: Int) {
    self.simulator = simulator
    self.width = width
    self.height = height
    self.bitmap = Bitmap(width: width, height: height)
    self.progress = ProgressBar(total: simulator.frameCount)
  }

  /// Renders the current frame into `bitmap`.
  mutating func renderCurrent() {
    rasterizer.render(Drawing(frame: simulator.frame, simulator: simulator), into: &bitmap)
  }

  mutating func writeGIF(to path: String, inputs: [String]) throws {
    var writer = try GIFWriter(width: width, height: height, fps: simulator.fps, options: gifOptions)
    for _ in 0..<simulator.frameCount {
      try simulator.step()
      renderCurrent()
      try writer.add(bitmap)
      progress.advance()
    }
    progress.finish()
    try OutputFile.write(try writer.finish(), to: path, inputs: inputs)
  }

  mutating func writePNGSequence(to directory: String, inputs: [String]) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let digits = max(5, String(simulator.frameCount).count)
    for n in 0..<simulator.frameCount {
      try simulator.step()
      renderCurrent()
      let name = String(repeating: "0", count: max(0, digits - String(n).count)) + String(n)
      let url = URL(fileURLWithPath: directory).appendingPathComponent("frame-\(name).png")
      try OutputFile.write(try PNGEncoder.encode(bitmap), to: url.path, inputs: inputs)
      progress.advance()
    }
    progress.finish()
  }

  /// Frame `n` as a PNG or SVG; earlier frames are simulated (events fire) but not drawn.
  mutating func writeStill(frame n: Int, svg: Bool, to path: String, inputs: [String]) throws {
    for k in 0...n { try simulator.step(sampling: k == n) }
    let drawing = Drawing(frame: simulator.frame, simulator: simulator)
    if svg {
      let text = SVGWriter.document(drawing, pixelWidth: width, pixelHeight: height)
      try OutputFile.write(Array(text.utf8), to: path, inputs: inputs)
    } else {
      rasterizer.render(drawing, into: &bitmap)
      try OutputFile.write(try PNGEncoder.encode(bitmap), to: path, inputs: inputs)
    }
  }

  /// Semi-transparent pixels are blended onto the scene's background (black when clear).
  var gifOptions: GIFOptions {
    let (r, g, b, _) = simulator.scene.settings.background.rgba8
    return GIFOptions(background: (r, g, b))
  }
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
struct ProgressBar {
  let total: Int
  var done = 0
  let visible = Console.stderrIsTerminal
  var lastDrawn = -1

  init(total: Int) { self.total = max(total, 1) }

  mutating func advance() {
    done += 1
    guard visible else { return }
    let percent = done * 100 / total
    guard percent != lastDrawn else { return }
    lastDrawn = percent
    let width = 30
    let filled = width * done / total
    Console.err(
      "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        + "] \(percent)% (\(done)/\(total) frames)")
  }

  func finish() {
    if visible { Console.err("\n") }
  }
}
