import AnimCheck
import AnimIR
import AnimModel
import AnimOutput
import AnimSim
import AnimSource
import AnimWriters
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `animc-bench png`: a PNG sequence of the render benchmark's 50 hearts at 512×512
/// (frames 360…479, past the first removal), end to end as `animc render -o DIR/` writes
/// it, beside rlottie rendering the same frames of the scene's Lottie export and
/// encoding them with zlib (level 6, libpng's row filter heuristic;
/// `Tests/lottie/rlottie_png.c`, built with `cc` when rlottie and zlib are installed).
/// Both write their files to /dev/shm. Wall-clock time and CPU time (all of a side's
/// threads) are measured in one run; on a busy machine the CPU time is the fairer one.
enum PNGBench {
  static let first = 360
  static let last = 479
  static let animcFolder = "/dev/shm/animc-bench-png"
  static let rlottieFolder = "/dev/shm/animc-bench-rlottie"
  static let lottieFile = "/dev/shm/animc-bench-hearts.json"
  static let harness = "/dev/shm/animc-bench-rlottie_png"

  static func run() {
    let source = RenderBench.source.replacingOccurrences(of: "duration 60s", with: "duration 8s")
    let analysis = analyze(SourceFile(name: "png-bench.anim", text: source))
    guard let ir = analysis.ir else {
      print("png: the bench scene does not check: \(analysis.diagnostics)")
      return
    }
    let frames = last - first + 1
    do {
      let options = PictureOptions(width: 512, height: 512)
      // animc: simulate, draw and encode (on a second thread), write each file.
      try fresh(animcFolder)
      let folder = FolderSink(animcFolder)
      var writer = PNGSequenceWriter(to: folder, options)
      let start = DispatchTime.now().uptimeNanoseconds
      let cpuStart = cpuSeconds(children: false)
      try FrameRun.write(try Simulator(ir), frames: first...last, to: &writer)
      let animcCPU = cpuSeconds(children: false) - cpuStart
      let animcSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      print(
        String(
          format: "png:    animc %.0f frames/s wall, %.0f per CPU-second (%d frames, 512x512, %.2f s wall, %.2f s CPU"
            + " on two threads), %d bytes/frame",
          Double(frames) / animcSeconds, Double(frames) / animcCPU, frames, animcSeconds, animcCPU,
          folder.bytes / frames))

      // rlottie: the scene's Lottie export, rendered and zlib-encoded by the C harness.
      let memory = MemorySink()
      guard var lottie = OutputFormat.lottie.writer(to: .bytes(memory), options) else { return }
      try FrameRun.write(try Simulator(ir), to: &lottie)
      try OutputFile.write(memory.bytes, to: lottieFile)
      guard buildHarness() else {
        print("png:    rlottie + zlib: not measured (needs cc, librlottie-dev and zlib1g-dev)")
        return
      }
      try fresh(rlottieFolder)
      let arguments = [lottieFile, rlottieFolder, "512", "512", String(first), String(last)]
      let rlottieStart = DispatchTime.now().uptimeNanoseconds
      let childStart = cpuSeconds(children: true)
      guard Measure.spawnAndWait(harness, arguments) == 0 else {
        print("png:    rlottie + zlib: the harness failed")
        return
      }
      let rlottieCPU = cpuSeconds(children: true) - childStart
      let rlottieSeconds = Double(DispatchTime.now().uptimeNanoseconds - rlottieStart) / 1e9
      let rlottieBytes = try FileManager.default.contentsOfDirectory(atPath: rlottieFolder).reduce(0) {
        $0 + ((try? FileManager.default.attributesOfItem(atPath: rlottieFolder + "/" + $1)[.size] as? Int) ?? 0)
      }
      print(
        String(
          format: "        rlottie + zlib 6 %.0f frames/s wall, %.0f per CPU-second (%.2f s wall, %.2f s CPU on one"
            + " thread), %d bytes/frame",
          Double(frames) / rlottieSeconds, Double(frames) / rlottieCPU, rlottieSeconds, rlottieCPU,
          rlottieBytes / frames))
      print(
        String(
          format: "        animc / rlottie: %.2fx the speed (wall), %.2fx (CPU), %.2fx the bytes",
          rlottieSeconds / animcSeconds, rlottieCPU / animcCPU, Double(folder.bytes) / Double(max(rlottieBytes, 1))))
    } catch {
      print("png:    failed: \(error)")
    }
  }

  /// User and system CPU seconds of this process, or of its waited-for children.
  static func cpuSeconds(children: Bool) -> Double {
    var usage = rusage()
    getrusage((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  }

  /// An empty folder at `path`.
  static func fresh(_ path: String) throws {
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Builds the C harness from the repository's copy, next to this file's sources.
  static func buildHarness() -> Bool {
    let here = URL(fileURLWithPath: #filePath)
    let code = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Tests/lottie/rlottie_png.c").path
    guard FileManager.default.fileExists(atPath: code) else { return false }
    for cc in ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"] where FileManager.default.fileExists(atPath: cc) {
      return Measure.spawnAndWait(cc, ["-O2", code, "-lrlottie", "-lz", "-o", harness]) == 0
    }
    return false
  }
}

/// Writes each file of a sequence into a folder through the one output path, counting bytes.
final class FolderSink: FileSetSink {
  let folder: String
  var bytes = 0
  init(_ folder: String) { self.folder = folder }
  func file(named name: String, _ bytes: [UInt8]) throws {
    try OutputFile.write(bytes, to: folder + "/" + name)
    self.bytes += bytes.count
  }
}
