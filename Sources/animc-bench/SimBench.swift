import AnimCheck
import AnimIR
import AnimMath
import AnimModel
import AnimSim
import AnimSource
import AnimWriters
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `animc-bench sim`: simulation throughput with 10,000 live particles (instance-frames
/// per second, output discarded) and peak memory of a 10-minute dump at 60 fps written
/// to /dev/null, which must stay flat in the number of frames.
enum SimBench {
  static func run() {
    // As `animc run` and `animc dump` do before they simulate.
    throughput()
    // SIMBENCH_SKIP_DUMP=1 measures throughput alone (for profiling).
    if ProcessInfo.processInfo.environment["SIMBENCH_SKIP_DUMP"] == nil { dumpMemory() }
  }

  /// Hearts as in seed 000: spring pop-in, random rotation, a random cubic drift and a
  /// fade over 6 s. `every 100ms burst 167` keeps 167 × 60 = 10,020 alive.
  static func particles(burst: Int, fps: Double = 60, duration: Double = 10) -> SceneIR {
    var ir = SceneIR()
    ir.settings.title = "SimBench"
    ir.settings.fps = fps
    ir.settings.duration = duration
    ir.settings.seed = 42
    let r = SourceRange(start: 0, end: 0)
    func n(_ v: Double) -> Expr { .constant(.number(v)) }
    func rnd(_ a: Double, _ b: Double) -> Expr { .call(.random, [.range(n(a), n(b))], r) }
    func add(_ a: Expr, _ b: Expr) -> Expr { .arithmetic(.add, a, b, r) }
    func mul(_ a: Expr, _ b: Expr) -> Expr { .arithmetic(.multiply, a, b, r) }
    let tx = Expr.component(.triggerPosition, .x)
    let dir = Expr.local(0)
    func timing(_ d: Double, _ f: TimingFunction? = nil) -> Timing {
      var t = Timing()
      t.duration = n(d)
      t.timingFunction = f.map { .constant(.timing($0)) }
      return t
    }
    let path = Expr.call(
      .cubic,
      [
        .triggerPosition,
        .makePoint(add(tx, mul(dir, n(90))), n(400)),
        .makePoint(add(tx, mul(dir, n(-180))), n(300)),
        .makePoint(add(tx, mul(dir, n(72))), rnd(110, 277)),
      ], r)
    let body: [BlockStatement] = [
      .bind(slot: 0, .call(.choose, [n(-1), n(1)], r)),
      .set(.position, .triggerPosition),
      .timeline(
        .animation(
          Animation(
            property: .scale, value: .basic(from: n(0), to: n(1), by: nil),
            timing: timing(0.5, .spring(.uiKit(damping: 0.6, velocity: 0.8))), range: r))),
      .timeline(
        .animation(
          Animation(
            property: .rotation, value: .basic(from: nil, to: mul(dir, rnd(20, 30)), by: nil), timing: timing(6),
            range: r))),
      .timeline(
        .animation(Animation(property: .position, value: .along(path, .paced, .none), timing: timing(6), range: r))),
      .timeline(
        .animation(
          Animation(
            property: .opacity, value: .basic(from: n(0.9), to: n(0), by: nil), timing: timing(6, .easeIn), range: r))),
    ]
    let heart = Expr.styledShape(
      .call(.heart, [n(36), n(36)], r),
      [StyleSetting(field: .fill, value: .constant(.color(Color(r: 1, g: 0.18, b: 0.33))))])
    let spawn = NodeTemplate(name: "likes", shape: heart, shapeID: "like", body: body, localCount: 1, range: r)
    var emitter = EmitterTemplate(name: "likes", triggers: [.every(period: 0.1, from: 0, until: nil)], spawn: spawn)
    emitter.burst = burst
    emitter.max = 20_000
    emitter.origin = .constant(.point(Point(187, 600)))
    ir.emitters = [emitter]
    return ir
  }

  static func throughput() {
    do {
      // SIMBENCH_BURST=17 holds 1,020 live instead: the same work per instance, in cache.
      let burst = Int(ProcessInfo.processInfo.environment["SIMBENCH_BURST"] ?? "") ?? 167
      let sim = try Simulator(particles(burst: burst))
      for _ in 0..<372 { try sim.step() }  // 6.2 s: the population is at its steady state
      var instanceFrames = 0
      // SIMBENCH_FRAMES shortens the measured run (for profilers, which run slowly).
      let frames = Int(ProcessInfo.processInfo.environment["SIMBENCH_FRAMES"] ?? "") ?? 1200
      let start = DispatchTime.now().uptimeNanoseconds
      let cpuStart = Measure.threadCPUSeconds
      for _ in 0..<frames {
        try sim.step()
        instanceFrames += sim.frame.nodes.count
      }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      let cpu = Measure.threadCPUSeconds - cpuStart
      print(
        String(
          format: "sim:    %.1f million instance-frames/s (%d frames, %.0f live on average, spawns included)",
          Double(instanceFrames) / seconds / 1e6, frames, Double(instanceFrames) / Double(frames)))
      // CPU time is what one core spent, whatever else the machine was running.
      print(
        String(
          format: "        %.1f million instance-frames per CPU-second of this thread (%.2f s CPU, %.2f s wall)",
          Double(instanceFrames) / cpu / 1e6, cpu, seconds))
    } catch {
      print("sim:    failed: \(error)")
    }
  }

  /// A 10-minute dump at 60 fps of 1,000 live particles to /dev/null; resident memory
  /// after 1 minute and after 10 (equal when memory is flat).
  static func dumpMemory() {
    do {
      let sim = try Simulator(particles(burst: 17, duration: 600))
      let devNull = FileHandle(forWritingAtPath: "/dev/null")
      defer { try? devNull?.close() }
      var bytes = 0
      var atOneMinute = 0
      var frames = 0
      let start = DispatchTime.now().uptimeNanoseconds
      let sink = CallbackSink { chunk in
        if (try? devNull?.write(contentsOf: chunk)) != nil { bytes += chunk.count }
        frames += 1
        if frames == 3600 { atOneMinute = Measure.currentResidentBytes }
      }
      var writer = JSONLinesWriter(to: sink)
      try FrameRun.write(sim, to: &writer)
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      print(
        String(
          format: "dump:   %d frames (10 min at 60 fps, ~1,000 live) in %.1f s, %.0f MB/s of JSON Lines to /dev/null",
          sim.frameCount, seconds, Double(bytes) / seconds / 1e6))
      print(
        "memory: resident \(Measure.mb(atOneMinute)) after 1 minute of frames, \(Measure.mb(Measure.currentResidentBytes)) after 10;"
          + " peak RSS of the whole benchmark \(Measure.mb(Measure.peakResidentBytes))")
    } catch {
      print("dump:   failed: \(error)")
    }
  }
}

/// Hands each chunk a writer produces to a closure (the benchmark counts and discards them).
final class CallbackSink: ByteSink {
  let body: ([UInt8]) -> Void
  init(_ body: @escaping ([UInt8]) -> Void) { self.body = body }
  func write(_ bytes: [UInt8]) throws { body(bytes) }
}
