import AnimRender

/// Encoder throughput on 512×512 frames: a soft red blob moving over black (the typical
/// scene) and full-colour noise (the worst case). Prints one line per measurement.
func runEncodeBenchmark() {
  let size = 512
  let frames = (0..<30).map { benchBlobFrame(size: size, phase: Double($0)) }
  let noise = benchNoiseFrame(size: size)
  let megapixels = Double(size * size) / 1_000_000

  for (name, level) in [("fast", Deflate.Level.fast), ("default", .default)] {
    var bytes = 0
    let seconds = benchTime {
      for frame in frames { bytes += (try? PNGEncoder.encode(frame, level: level).count) ?? 0 }
    }
    benchReport(
      "png \(name) blob", seconds / Double(frames.count), megapixels, bytes / frames.count)
  }
  var noiseBytes = 0
  let noiseSeconds = benchTime { noiseBytes = (try? PNGEncoder.encode(noise).count) ?? 0 }
  benchReport("png default noise", noiseSeconds, megapixels, noiseBytes)

  for (name, options) in [
    ("gif blob changed-region", GIFOptions()),
    ("gif blob full-frame", GIFOptions(onlyChangedRegion: false)),
    ("gif blob dithered", GIFOptions(dither: true)),
  ] {
    var bytes = 0
    let seconds = benchTime {
      bytes = (try? GIFEncoder.encode(frames, fps: 30, options: options).count) ?? 0
    }
    benchReport(name, seconds / Double(frames.count), megapixels, bytes / frames.count)
  }
  var gifNoise = 0
  let gifNoiseSeconds = benchTime {
    gifNoise = (try? GIFEncoder.encode([noise], fps: 30).count) ?? 0
  }
  benchReport("gif noise (median cut)", gifNoiseSeconds, megapixels, gifNoise)
}

private func benchTime(_ body: () -> Void) -> Double {
  let start = ContinuousClock.now
  body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
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
