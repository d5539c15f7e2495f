import AnimCheck
import AnimIR
import AnimMath
import AnimModel
import AnimRender
import AnimSim
import AnimSource
import AnimWriters
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `animc-bench render`: what `animc render` costs per frame for a real scene: about 50
/// live floating hearts (filled, stroked, translucent, spring pop-in, drifting on cubic
/// paths) at 512×512, simulated from `.anim` source to its steady state. Prints frames/s,
/// in thread CPU time, for simulating (frame → `Drawing`), rasterizing only, rasterizing +
/// PNG encode and rasterizing + GIF add, and the PNG and GIF bytes per frame. Run from a
/// release build: `swift run -c release animc-bench render`.
enum RenderBench {
  /// An emitter every 100 ms whose hearts are removed after 5 s: 50 live once the first
  /// has gone (from 5 s on).
  static let source = """
    scene "RenderBench" {
      size 512, 512
      background #1C1C1E
      fps 60
      duration 60s
      seed 7
    }

    emitter hearts {
      every 100ms
      origin (256, 470)
      spawn heart(36) {
        fill rgb(random(200..255), random(20..90), random(60..120))
        stroke white
        lineWidth 1
        opacity 0.85
        position trigger.position
        let drift = random(-160..160)
        animate scale from 0 to 1.2 over 0.5s timing spring(damping: 0.6, velocity: 0.8)
        animate rotation to random(-30..30) * 1deg over 5s
        animate position along cubic(trigger.position, (256 + drift, 380), (256 - drift / 2, 220), (256 + drift / 1.5, 40)) over 5s
        animate opacity to 0 over 5s timing easeIn
        remove after 5s
      }
    }

    """

  /// Frames kept in memory and drawn over and over: 2 s at 60 fps.
  static let frames = 120

  static func run() {
    let analysis = analyze(SourceFile(name: "render-bench.anim", text: source))
    guard let ir = analysis.ir else {
      print("render: the bench scene does not check: \(analysis.diagnostics)")
      return
    }
    do {
      let simulator = try Simulator(ir)
      let steady = 6 * 60  // 6 s: past the first removal at 5 s
      for k in 0..<steady { try simulator.step(sampling: k == steady - 1) }

      // Simulating and building drawings (what the renderer does before rasterizing).
      var drawings: [Drawing] = []
      var live = 0
      let simStart = cpuSeconds()
      for _ in 0..<frames {
        try simulator.step()
        let drawing = Drawing(simulator.frame, RunHeader(simulator, frames: frames))
        live += drawing.items.count
        drawings.append(drawing)
      }
      let simSeconds = cpuSeconds() - simStart
      print(
        String(
          format: "render: %d frames of %.1f live hearts on average, 512x512, stroked, translucent",
          frames, Double(live) / Double(frames)))
      report("simulate + Drawing", seconds: simSeconds / Double(frames))

      let rasterizer = Rasterizer()
      var bitmap = Bitmap(width: 512, height: 512)
      report(
        "rasterize only",
        seconds: perFrame { i in rasterizer.render(drawings[i % frames], into: &bitmap) })

      var pngBytes = 0
      var pngFrames = 0
      let png = perFrame { i in
        rasterizer.render(drawings[i % frames], into: &bitmap)
        pngBytes += (try? PNGEncoder.encode(bitmap).count) ?? 0
        pngFrames += 1
      }
      report("rasterize + PNG encode", seconds: png, bytes: pngBytes / max(pngFrames, 1))

      // The GIF as `animc render` writes it: the scene's background under translucent
      // pixels, only the changed region per frame. Bytes are drained as they come.
      let options = GIFOptions(background: (0x1C, 0x1C, 0x1E))
      var writer = try GIFWriter(width: 512, height: 512, fps: 60, options: options)
      var gifBytes = writer.takeBytes().count
      let gifFirst = writer.frameCount
      let gif = perFrame { i in
        rasterizer.render(drawings[i % frames], into: &bitmap)
        try? writer.add(bitmap)
        gifBytes += writer.takeBytes().count
      }
      let gifFrames = writer.frameCount - gifFirst
      gifBytes += (try writer.finish()).count
      report("rasterize + GIF add", seconds: gif, bytes: gifBytes / max(gifFrames, 1))
      // Keep the optimiser from discarding the work.
      print("render checksum: \(bitmap.pixels.reduce(0) { $0 &+ Int($1) })")
    } catch {
      print("render: failed: \(error)")
    }
  }

  /// CPU time of this thread: the figures should not depend on what else the machine runs.
  static func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
  }

  /// CPU seconds per call of `body(i)` (i = 0, 1, …), after a warm-up, over at least 2 s.
  static func perFrame(_ body: (Int) -> Void) -> Double {
    for i in 0..<frames { body(i) }  // warm up: buffers grow to their working size
    var count = 0
    let start = cpuSeconds()
    var elapsed = 0.0
    while elapsed < 2 {
      for _ in 0..<frames {
        body(count)
        count += 1
      }
      elapsed = cpuSeconds() - start
    }
    return elapsed / Double(count)
  }

  static func report(_ name: String, seconds: Double, bytes: Int? = nil) {
    var line =
      "render \(name): "
      + String(format: "%.0f frames/s (%.2f ms/frame)", 1 / seconds, seconds * 1000)
    if let bytes { line += ", \(bytes) bytes/frame" }
    print(line)
  }
}
