import AnimMath
import AnimRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Raster throughput: 50 translucent 36-pt hearts on a 512×512 canvas (the figure to
/// compare with rlottie's ~1,700 frames/s), plus variants with strokes and with a fresh
/// bitmap per frame. Prints one line per case, timed in thread CPU time. Run from a
/// release build.
func runRasterBenchmark() {
  let frames = 60
  let hearts = 50
  let plain = (0..<frames).map { raster512Frame($0, hearts: hearts, stroked: false) }
  let stroked = (0..<frames).map { raster512Frame($0, hearts: hearts, stroked: true) }
  let raster = Rasterizer()
  var bitmap = Bitmap(width: 512, height: 512)

  // CPU time of this thread, not wall time: the figure should not depend on what else
  // the machine is running.
  func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
  }

  func measure(_ name: String, _ body: (Int) -> Void) {
    for i in 0..<200 { body(i) }  // warm up: buffers grow to their working size
    var count = 0
    let start = cpuSeconds()
    var elapsed = 0.0
    while elapsed < 2 {
      for _ in 0..<100 {
        body(count)
        count += 1
      }
      elapsed = cpuSeconds() - start
    }
    let fps = Double(count) / elapsed
    let micros = elapsed / Double(count) * 1e6
    print("raster \(name): \(Int(fps.rounded())) frames/s (\(Int(micros.rounded())) µs CPU/frame)")
  }

  measure("\(hearts) hearts 512x512, into one bitmap") { i in
    raster.render(plain[i % frames], into: &bitmap)
  }
  measure("\(hearts) hearts 512x512, new bitmap each frame") { i in
    _ = raster.render(plain[i % frames], width: 512, height: 512)
  }
  measure("\(hearts) hearts 512x512, filled + stroked 2pt") { i in
    raster.render(stroked[i % frames], into: &bitmap)
  }
  // Keep the optimiser from discarding the work.
  print("raster checksum: \(bitmap.pixels.reduce(0) { $0 &+ Int($1) })")
}

/// One frame of the benchmark scene: hearts drifting and turning, translucent.
private func raster512Frame(_ frame: Int, hearts: Int, stroked: Bool) -> Drawing {
  let heart = benchHeart(36)
  var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
  func next() -> Double {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(seed >> 11) / Double(1 << 53)
  }
  var items: [DrawItem] = []
  for _ in 0..<hearts {
    let x = 20 + next() * 472
    let y = 20 + next() * 472 - Double(frame) * 2
    let angle = (next() - 0.5) * 0.8 + Double(frame) * 0.01
    let scale = 0.8 + next() * 0.4
    let colour = Color(r: 1, g: 0.18 + next() * 0.3, b: 0.33, a: 1)
    let m =
      AffineTransform.translation(x, y) * .rotation(angle) * .scale(scale, scale)
      * .translation(-18, -18)
    items.append(
      DrawItem(
        path: heart, transform: m, fill: colour, stroke: stroked ? .white : nil,
        lineWidth: 2, opacity: 0.4 + next() * 0.4))
  }
  return Drawing(width: 512, height: 512, background: Color(r: 0.1, g: 0.1, b: 0.12), items: items)
}

/// `heart(w)` from spec §3.1.
private func benchHeart(_ w: Double) -> Path {
  let p = 4.0
  let r = ((w - 2 * p) / 4).rounded(.down)
  let bottom = Point((w / 2).rounded(.down), w - p)
  let l = Point(p, (w / 2.4).rounded(.down))
  var b = PathBuilder()
  b.move(to: bottom)
  b.quad(control: Point(l.x, l.y + r), to: l)
  b.arc(Arc(center: Point(l.x + r, l.y), radius: r, start: .pi, end: 0))
  b.arc(Arc(center: Point(l.x + 3 * r, l.y), radius: r, start: .pi, end: 0))
  b.quad(control: Point(l.x + 4 * r, l.y + r), to: bottom)
  b.close()
  return b.path
}
