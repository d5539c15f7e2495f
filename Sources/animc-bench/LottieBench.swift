import AnimCheck
import AnimIR
import AnimModel
import AnimSim
import AnimSource
import AnimWriters
import Foundation

/// `animc-bench lottie [DIR]`: issue 18's figures for every `.anim` example in DIR
/// (`examples` by default), each run as `animc render` runs it at the scene's own fps,
/// duration and size: the Lottie JSON's bytes beside the GIF's of the same frames, the
/// sticker's bytes (the same JSON gzip-compressed), and the seconds each export takes,
/// simulation included. Run from a release build:
/// `swift run -c release animc-bench lottie`.
enum LottieBench {
  static func run(directory: String) {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.filter { $0.hasSuffix(".anim") }
    guard let files, !files.isEmpty else {
      print("lottie: no .anim files in \(directory)")
      return
    }
    print("lottie: example, frames, size; JSON bytes and export seconds; gzip bytes; GIF bytes and seconds")
    for name in files.sorted() {
      let path = (directory as NSString).appendingPathComponent(name)
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        print("lottie \(name): cannot read")
        continue
      }
      guard let ir = analyze(SourceFile(name: name, text: text)).ir else {
        print("lottie \(name): does not check")
        continue
      }
      let s = ir.settings
      let picture = PictureOptions(width: Int(s.width.rounded()), height: Int(s.height.rounded()))
      do {
        let json = try export(ir, OutputFormat.lottie, picture)
        let sticker = try export(ir, OutputFormat.sticker, picture, sticker: true)
        let gif = try export(ir, OutputFormat.gif, picture)
        print(
          String(
            format:
              "lottie %@: %d frames at %g fps, %dx%d; JSON %d bytes in %.2f s; gzip %d bytes; GIF %d bytes in %.2f s",
            name, json.frames, s.fps, picture.width, picture.height, json.bytes, json.seconds, sticker.bytes,
            gif.bytes, gif.seconds))
      } catch {
        print("lottie \(name): failed: \(error)")
      }
    }
  }

  /// One whole run of `ir` through `format`'s writer into memory: bytes, frames, seconds.
  static func export(_ ir: SceneIR, _ format: OutputFormat, _ picture: PictureOptions, sticker: Bool = false) throws
    -> (bytes: Int, frames: Int, seconds: Double)
  {
    let counter = ByteCounter()
    let start = DispatchTime.now().uptimeNanoseconds
    let simulator = try Simulator(ir)
    if sticker {
      // The sticker's limits (512×512, 30/60 fps, 180 frames) do not apply to a figure.
      var writer = LottieWriter(to: counter, picture)
      try FrameRun.write(simulator, to: &writer)
      counter.bytes = LottieSticker.gzip(counter.data).count
    } else {
      guard var writer = format.writer(to: .bytes(counter), picture) else { return (0, 0, 0) }
      try FrameRun.write(simulator, to: &writer)
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (counter.bytes, simulator.frameCount, seconds)
  }

  /// Counts the bytes written (and keeps them, for the sticker's compression).
  final class ByteCounter: ByteSink {
    var bytes = 0
    var data: [UInt8] = []
    func write(_ bytes: [UInt8]) throws {
      self.bytes += bytes.count
      data += bytes
    }
  }
}
