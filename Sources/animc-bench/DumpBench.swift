import AnimModel
import AnimOutput
import AnimSim
import AnimWriters
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `animc-bench dump`: what `animc dump` does end to end, in process — the 10,000-particle
/// scene simulated and written as JSON Lines and as CSV through the one output path to
/// `/dev/null` (or `DUMPBENCH_OUT`, e.g. a file on /dev/shm) — in instance-frames and MB
/// per second, with resident memory before and after.
enum DumpBench {
  static func run() {
    let target = ProcessInfo.processInfo.environment["DUMPBENCH_OUT"] ?? "/dev/null"
    for format in [OutputFormat.jsonLines, .csv] {
      do {
        // From the steady state (6.2 s, 10,020 live) on, 3 s at 60 fps.
        let sim = try Simulator(SimBench.particles(burst: 167, duration: 9.2))
        let frames = 372...551
        let output = try OutputFile(path: target)
        let counter = CountingSink(output)
        guard let writer = format.writer(to: .bytes(counter), PictureOptions(width: 1, height: 1)) else { return }
        var instanceFrames = 0
        var probe = InstanceCounter(inner: writer) { instanceFrames += $0 }
        let residentBefore = Measure.currentResidentBytes
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = Measure.threadCPUSeconds
        let processStart = Self.processCPUSeconds
        try FrameRun.write(sim, frames: frames, to: &probe)
        try output.commit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = Measure.threadCPUSeconds - cpuStart
        let processCPU = Self.processCPUSeconds - processStart
        print(
          String(
            format:
              "dump %@: %.2f million instance-frames/s, %.0f MB/s (%.1f M instance-frames, %.0f MB in %.2f s to %@)",
            format.name, Double(instanceFrames) / seconds / 1e6, Double(counter.bytes) / seconds / 1e6,
            Double(instanceFrames) / 1e6, Double(counter.bytes) / 1e6, seconds, target))
        // CPU time is what one core spent, whatever else the machine was running.
        print(
          String(
            format: "         %.2f million instance-frames per CPU-second of this thread (%.2f s CPU)",
            Double(instanceFrames) / cpu / 1e6, cpu))
        // All threads: the writers make a frame's second half on a second thread.
        print(
          String(
            format: "         %.2f million instance-frames per CPU-second of the process (%.2f s CPU, all threads)",
            Double(instanceFrames) / processCPU / 1e6, processCPU))
        print(
          String(
            format: "         resident %.0f MB before the measured frames, %.0f MB after",
            Double(residentBefore) / 1e6, Double(Measure.currentResidentBytes) / 1e6))
      } catch {
        print("dump \(format.name): failed: \(error)")
      }
    }
  }
}

extension DumpBench {
  /// User and system CPU time of every thread of the process so far, in seconds.
  static var processCPUSeconds: Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
  }
}

/// Counts the bytes on their way to the output.
final class CountingSink: ByteSink {
  let output: OutputFile
  var bytes = 0
  init(_ output: OutputFile) { self.output = output }
  func write(_ bytes: [UInt8]) throws {
    self.bytes += bytes.count
    try output.write(bytes)
  }
}

/// Counts the instances of the frames a writer is given.
struct InstanceCounter: FrameWriter {
  var inner: any FrameWriter
  let count: (Int) -> Void
  mutating func begin(_ header: RunHeader) throws { try inner.begin(header) }
  mutating func write(_ frame: Frame) throws {
    count(frame.nodes.count)
    try inner.write(frame)
  }
  mutating func finish() throws { try inner.finish() }
}
