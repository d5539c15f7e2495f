import AnimCheck
import AnimIR
import AnimModel
import AnimRender
import AnimSim
import AnimSource
import AnimWriters
import Foundation

/// Encoder throughput on 512×512 frames: the 50-heart scene beside zlib level 6 (see
/// `PNGSequenceBench`), then a soft red blob moving over black and full-colour noise (the
/// worst case). Prints one line per measurement.
func runEncodeBenchmark() {
  let size = 512
  let frames = (0..<30).map { benchBlobFrame(size: size, phase: Double($0)) }
  let noise = benchNoiseFrame(size: size)
  if let hearts = PNGSequenceBench.heartFrames() { PNGSequenceBench.compare("hearts", hearts) }
  PNGSequenceBench.compare("blob", frames)
  PNGSequenceBench.compare("noise", [noise])
  let megapixels = Double(size * size) / 1_000_000

  for (name, level) in [("fast", Deflate.Level.fast), ("default", .default)] {
    var bytes = 0
    let seconds = Measure.best(runs: 1) {
      for frame in frames { bytes += (try? PNGEncoder.encode(frame, level: level).count) ?? 0 }
    }
    benchReport(
      "png \(name) blob", seconds / Double(frames.count), megapixels, bytes / frames.count)
  }
  var noiseBytes = 0
  let noiseSeconds = Measure.best(runs: 1) { noiseBytes = (try? PNGEncoder.encode(noise).count) ?? 0 }
  benchReport("png default noise", noiseSeconds, megapixels, noiseBytes)

  for (name, options) in [
    ("gif blob changed-region", GIFOptions()),
    ("gif blob full-frame", GIFOptions(onlyChangedRegion: false)),
    ("gif blob dithered", GIFOptions(dither: true)),
  ] {
    var bytes = 0
    let seconds = Measure.best(runs: 1) {
      bytes = (try? GIFEncoder.encode(frames, fps: 30, options: options).count) ?? 0
    }
    benchReport(name, seconds / Double(frames.count), megapixels, bytes / frames.count)
  }
  var gifNoise = 0
  let gifNoiseSeconds = Measure.best(runs: 1) {
    gifNoise = (try? GIFEncoder.encode([noise], fps: 30).count) ?? 0
  }
  benchReport("gif noise (median cut)", gifNoiseSeconds, megapixels, gifNoise)
}

private func benchReport(_ name: String, _ seconds: Double, _ megapixels: Double, _ bytes: Int) {
  let ms = (seconds * 10_000).rounded() / 10
  let rate = (megapixels / seconds * 10).rounded() / 10
  print("encode \(name): \(ms) ms/frame, \(rate) Mpx/s, \(bytes) bytes/frame")
}

/// A red disc with a soft edge and a pink highlight on black, moved by `phase`.
private func benchBlobFrame(size: Int, phase: Double) -> Bitmap {
  var image = Bitmap(width: size, height: size, fill: (0, 0, 0, 255))
  let cx = Double(size) * 0.4 + phase * 3
  let cy = Double(size) * 0.6 - phase * 5
  let radius = Double(size) * 0.2
  for y in 0..<size {
    for x in 0..<size {
      let dx = Double(x) - cx
      let dy = Double(y) - cy
      let coverage = min(1, max(0, radius - (dx * dx + dy * dy).squareRoot() + 0.5))
      guard coverage > 0 else { continue }
      let glow = max(0, 1 - ((dx + radius / 3) * (dx + radius / 3) + dy * dy) / (radius * radius))
      let i = (y * size + x) * 4
      image.pixels[i] = UInt8((255 * coverage).rounded())
      image.pixels[i + 1] = UInt8(((45 + 150 * glow) * coverage).rounded())
      image.pixels[i + 2] = UInt8(((85 + 130 * glow) * coverage).rounded())
    }
  }
  return image
}

/// Deterministic full-colour noise: the worst case for both encoders.
private func benchNoiseFrame(size: Int) -> Bitmap {
  var state: UInt64 = 0x1234_5678
  var pixels = [UInt8](repeating: 255, count: size * size * 4)
  for i in pixels.indices where i % 4 != 3 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
  }
  return Bitmap(width: size, height: size, pixels: pixels)
}

/// PNG sequence encoding beside zlib level 6 on the same frames: the 50-heart scene
/// (`RenderBench.source`, 120 frames at 512×512), the blob and the noise. zlib runs in python3 (the product
/// does not link zlib) over the rows as our filter chose them, so both compress the same
/// bytes; ours is timed for the whole PNG (filter, deflate, checksums, chunks) and for
/// the zlib stream alone. Both sides are timed in thread CPU time, best of three passes,
/// with their inputs in memory.
enum PNGSequenceBench {
  /// Prints our PNG and zlib-stream figures for `frames` beside zlib level 6's.
  static func compare(_ name: String, _ frames: [Bitmap]) {
    let count = Double(frames.count)
    var encoder = PNGFrameEncoder()
    var pngBytes = 0
    let pngSeconds = bestOfThree {
      pngBytes = 0
      for frame in frames { pngBytes += (try? encoder.encode(frame).count) ?? 0 }
    }
    var filterChecksum = 0
    let filterSeconds = bestOfThree {
      for frame in frames { filterChecksum &+= Int(PNGEncoder.filteredRows(frame)[1]) }
    }
    let rows = frames.map { PNGEncoder.filteredRows($0) }
    var deflater = Deflater()
    var stream: [UInt8] = []
    var streamBytes = 0
    let streamSeconds = bestOfThree {
      streamBytes = 0
      for raw in rows {
        stream.removeAll(keepingCapacity: true)
        deflater.compressZlib(raw, appendingTo: &stream)
        streamBytes += stream.count
      }
    }
    let size = "\(frames[0].width)x\(frames[0].height)"
    print(
      "encode png \(name): \(frames.count) frames \(size), "
        + "\(rate(count / pngSeconds)) frames/s whole PNG, \(pngBytes / frames.count) bytes/frame")
    print("encode png \(name) filter only: \(rate(count / filterSeconds)) frames/s (\(filterChecksum & 1))")
    print(
      "encode png \(name) zlib stream: ours \(rate(count / streamSeconds)) frames/s, "
        + "\(streamBytes / frames.count) bytes/frame")
    guard let zlib = pythonZlib(rows) else {
      print("encode png \(name): python3 with zlib not available, no comparison")
      return
    }
    let zlibRate = count / zlib.seconds
    print(
      "encode png \(name) zlib stream: zlib -6 \(rate(zlibRate)) frames/s, "
        + "\(zlib.bytes / frames.count) bytes/frame")
    print(
      "encode png \(name) ratios (same run): whole PNG speed \(ratio(count / pngSeconds / zlibRate))x zlib -6, "
        + "stream speed \(ratio(count / streamSeconds / zlibRate))x, "
        + "stream size \(ratio(Double(streamBytes) / Double(zlib.bytes)))x")
  }

  /// The bench scene rasterized at 120 consecutive frames of its steady state.
  static func heartFrames() -> [Bitmap]? {
    let analysis = analyze(SourceFile(name: "render-bench.anim", text: RenderBench.source))
    guard let ir = analysis.ir, let simulator = try? Simulator(ir) else {
      print("encode png hearts: the bench scene does not check")
      return nil
    }
    let steady = 6 * 60  // past the first removal at 5 s: 50 live hearts
    for k in 0..<steady { try? simulator.step(sampling: k == steady - 1) }
    let rasterizer = Rasterizer()
    var frames: [Bitmap] = []
    for _ in 0..<RenderBench.frames {
      try? simulator.step()
      var bitmap = Bitmap(width: 512, height: 512)
      rasterizer.render(Drawing(simulator.frame, RunHeader(simulator, frames: 1)), into: &bitmap)
      frames.append(bitmap)
    }
    return frames
  }

  static func bestOfThree(_ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
      let start = RenderBench.cpuSeconds()
      body()
      best = min(best, RenderBench.cpuSeconds() - start)
    }
    return best
  }

  /// zlib level 6 over each of `rows` in python3: best-of-three thread CPU seconds for all
  /// of them and their total compressed bytes; nil when python3 cannot run it.
  static func pythonZlib(_ rows: [[UInt8]]) -> (seconds: Double, bytes: Int)? {
    let dir = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = "\(dir)/animc-bench-rows-\(ProcessInfo.processInfo.processIdentifier).bin"
    let output = path + ".out"
    defer {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: output)
    }
    var all: [UInt8] = []
    all.reserveCapacity(rows.reduce(0) { $0 + $1.count })
    for raw in rows { all += raw }
    guard FileManager.default.createFile(atPath: path, contents: Data(all)) else { return nil }
    let script = """
      import sys, time, zlib
      data = open(sys.argv[1], 'rb').read()
      n = int(sys.argv[2])
      size = len(data) // n
      rows = [data[i * size:(i + 1) * size] for i in range(n)]
      best = float('inf')
      for _ in range(3):
          start = time.thread_time()
          total = sum(len(zlib.compress(raw, 6)) for raw in rows)
          best = min(best, time.thread_time() - start)
      open(sys.argv[3], 'w').write('%r %d' % (best, total))
      """
    let arguments = ["-c", script, path, String(rows.count), output]
    guard let python = findPython(), Measure.spawnAndWait(python, arguments) == 0,
      let text = try? String(contentsOfFile: output, encoding: .utf8)
    else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count == 2, let seconds = Double(fields[0]), let bytes = Int(fields[1]), seconds > 0
    else { return nil }
    return (seconds, bytes)
  }

  static func findPython() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") {
      let candidate = "\(dir)/python3"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  static func rate(_ value: Double) -> String { String(format: "%.1f", value) }
  static func ratio(_ value: Double) -> String { String(format: "%.2f", value) }
}
