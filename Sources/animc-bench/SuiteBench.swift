import AnimCheck
import AnimIR
import AnimModel
import AnimOutput
import AnimSim
import AnimSource
import AnimWriters
import Foundation

/// `animc-bench suite [FILE.anim…]`: scenes read from `.anim` files, not built for the
/// benchmark in code: the particle scenes in `Sources/animc-bench/Scenes` (written for
/// issue 32, not tuned against) and, in `Scenes/scaled`, every example scaled to about
/// 10,000 live instances. For each, the simulation alone and `dump` to `/dev/null`
/// (JSON Lines and CSV) in instance-frames per second, and the suite's minimum, which is
/// the figure targets apply to.
enum SuiteBench {
  /// Throughput scenes only. The raw examples (2–50 instances) measure per-frame overhead,
  /// not throughput, so they are not in the default; `animc-bench suite examples` runs them.
  static let defaultScenes = ["Sources/animc-bench/Scenes", "Sources/animc-bench/Scenes/scaled"]

  static func run(_ paths: [String]) {
    let files = (paths.isEmpty ? defaultScenes : paths).flatMap(sceneFiles)
    guard !files.isEmpty else {
      print("suite: no .anim files found (run from the package root)")
      return
    }
    print("scene                       live(max)  sim M inst-frames/s   dump json   dump csv")
    var minimum: [Double] = [.infinity, .infinity, .infinity]
    for path in files {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8),
        let ir = analyze(SourceFile(name: path, text: text)).ir, (try? Simulator(ir)) != nil
      else {
        print("\(path): does not check; skipped")
        continue
      }
      var figures: [Double] = []
      var live = 0
      for format in [nil, OutputFormat.jsonLines, .csv] as [OutputFormat?] {
        guard let (rate, most) = try? measure(ir, format) else { break }
        figures.append(rate)
        live = max(live, most)
      }
      guard figures.count == 3 else {
        print("\(path): failed to run")
        continue
      }
      for k in 0..<3 { minimum[k] = min(minimum[k], figures[k]) }
      let name = (path as NSString).lastPathComponent
      print(padded(name) + String(format: " %9d  %19.2f  %10.2f  %9.2f", live, figures[0], figures[1], figures[2]))
    }
    print(
      padded("minimum") + String(repeating: " ", count: 10)
        + String(format: "  %19.2f  %10.2f  %9.2f", minimum[0], minimum[1], minimum[2]))
  }

  /// `name` in a 27-column field.
  static func padded(_ name: String) -> String { name + String(repeating: " ", count: max(1, 28 - name.count)) }

  /// The `.anim` files at `path`: the file itself, or those in the folder, sorted.
  static func sceneFiles(_ path: String) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
    guard isFolder.boolValue else { return [path] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { $0.hasSuffix(".anim") }.sorted().map { "\(path)/\($0)" }
  }

  /// The whole run of `ir`, simulated (format nil) or dumped to `/dev/null`: million
  /// instance-frames per second (best of three), and the most instances in one frame.
  static func measure(_ ir: SceneIR, _ format: OutputFormat?) throws -> (Double, Int) {
    var best = 0.0
    var most = 0
    for _ in 0..<3 {
      let sim = try Simulator(ir)
      var instanceFrames = 0
      let start = DispatchTime.now().uptimeNanoseconds
      if let format {
        let output = try OutputFile(path: "/dev/null")
        guard let writer = format.writer(to: .bytes(CountingSink(output)), PictureOptions(width: 1, height: 1))
        else { return (0, 0) }
        var probe = InstanceCounter(inner: writer) {
          instanceFrames += $0
          most = max(most, $0)
        }
        try FrameRun.write(sim, to: &probe)
        try output.commit()
      } else {
        var probe = InstanceCounter(inner: DiscardingWriter()) {
          instanceFrames += $0
          most = max(most, $0)
        }
        try FrameRun.write(sim, to: &probe)
      }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      best = max(best, Double(instanceFrames) / seconds / 1e6)
    }
    return (best, most)
  }
}

/// Takes frames and keeps nothing: the simulation's own cost.
struct DiscardingWriter: FrameWriter {
  mutating func begin(_ header: RunHeader) throws {}
  mutating func write(_ frame: Frame) throws {}
  mutating func finish() throws {}
}
