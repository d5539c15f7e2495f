import AnimMath

// The raster's one kernel of raw memory: the canvas's pixels, the coverage cells, and
// the loops that read the cells and blend into the pixels. Every pointer here lives for
// one call and stays in this file; the rest of the raster sees safe values (coverage
// levels, pixels as numbers) through the methods below.

/// The accumulation buffer of an exact-area scanline rasterizer, as in font-rs and
/// FreeType's smooth rasterizer. Each edge deposits, into the cells it crosses, its signed
/// height (`cover`) split by the area left of the edge in that cell; a running sum along a
/// row then gives each pixel's signed winding-weighted area, and `min(1, |sum|)` is its
/// non-zero coverage. Coverage is exact for polygons (no sampling), and the work is
/// proportional to the edges' length plus the box's area.
///
/// The buffer covers one box of the canvas (`width × height` cells, two spare columns
/// on the right where edges at the box's right side deposit). Its cells are all zero
/// between uses: whoever reads a row zeroes it, so no clearing pass is needed.
struct CoverageBuffer {
  fileprivate(set) var cells: [Float] = []
  private(set) var width = 0
  private(set) var height = 0
  private(set) var stride = 2

  /// Prepares an all-zero `width × height` box, growing storage only when needed.
  mutating func reset(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    stride = self.width + 2
    let needed = stride * self.height
    if cells.count < needed { cells = [Float](repeating: 0, count: needed) }
  }

  /// Writes each cell's non-zero coverage, `min(1, |running sum|)`, into `out`, a
  /// `width`-wide row-major grid with the box's corner at `(x0, y0)`, zeroing the cells.
  /// The box must lie inside the grid.
  mutating func drain(into out: inout [Float], width: Int, x0: Int, y0: Int) {
    for row in 0..<height {
      var sum: Float = 0
      for x in 0..<stride {
        sum += cells[row * stride + x]
        cells[row * stride + x] = 0
        if x < self.width { out[(y0 + row) * width + x0 + x] = min(1, abs(sum)) }
      }
    }
  }

  /// Deposits the edges of every run of `lines` (each run implicitly closed, as a fill
  /// treats subpaths), with `(originX, originY)` subtracted from the points.
  mutating func addPolygons(
    _ points: [Point], _ runs: [Polylines.Run], originX: Double, originY: Double
  ) {
    let w = Double(width)
    let h = Double(height)
    let stride = self.stride
    let rows = height
    guard width > 0, rows > 0 else { return }
    cells.withUnsafeMutableBufferPointer { buf in
      guard let base = buf.baseAddress else { return }
      points.withUnsafeBufferPointer { pts in
        for run in runs where run.count >= 2 {
          var prev = pts[run.start + run.count - 1]
          for i in run.start..<run.start + run.count {
            let p = pts[i]
            Self.clipLine(
              base, stride, rows, w, h,
              prev.x - originX, prev.y - originY, p.x - originX, p.y - originY)
            prev = p
          }
        }
      }
    }
  }

  /// Clips one edge to the box (rows 0…h; left of x = 0 becomes a vertical edge at 0,
  /// which covers the same pixels; right of x = w affects nothing inside) and deposits it.
  @inline(__always)
  private static func clipLine(
    _ a: UnsafeMutablePointer<Float>, _ stride: Int, _ rows: Int, _ w: Double, _ h: Double,
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double
  ) {
    guard y0 != y1 else { return }
    var (ax, ay, bx, by, dir) = y0 < y1 ? (x0, y0, x1, y1, 1.0) : (x1, y1, x0, y0, -1.0)
    guard by > 0, ay < h else { return }
    let dxdy = (bx - ax) / (by - ay)
    if ay < 0 {
      ax -= ay * dxdy
      ay = 0
    }
    if by > h {
      bx = ax + (h - ay) * dxdy
      by = h
    }
    guard by > ay else { return }
    if ax >= w && bx >= w { return }
    if ax <= 0 && bx <= 0 {
      deposit(a, stride, rows, w, 0, ay, 0, by, dir)
      return
    }
    // Split where the edge crosses x = 0 or x = w, so each piece lies on one side.
    var ts: (Double, Double) = (2, 2)
    if (ax < 0) != (bx < 0) { ts.0 = (0 - ax) / (bx - ax) }
    if (ax > w) != (bx > w) { ts.1 = (w - ax) / (bx - ax) }
    if ts.0 > ts.1 { ts = (ts.1, ts.0) }
    var t0 = 0.0
    for k in 0..<3 {
      let t1 = k == 0 ? ts.0 : k == 1 ? ts.1 : 1.0
      guard t1 <= 1 && t1 > t0 else { continue }
      let px = ax + (bx - ax) * t0
      let qx = t1 == 1 ? bx : ax + (bx - ax) * t1
      let py = ay + (by - ay) * t0
      let qy = t1 == 1 ? by : ay + (by - ay) * t1
      let mid = 0.5 * (px + qx)
      if mid < 0 {
        deposit(a, stride, rows, w, 0, py, 0, qy, dir)
      } else if mid <= w {
        deposit(a, stride, rows, w, px, py, qx, qy, dir)
      }
      t0 = t1
    }
  }

  /// font-rs's exact-area deposit for an edge going down from `(ax, ay)` to `(bx, by)`,
  /// both inside the box; `dir` is +1 for an edge that went down, −1 for up. x is clamped
  /// into the box per row, so rounding at the box's sides can never index outside it.
  @inline(__always)
  private static func deposit(
    _ a: UnsafeMutablePointer<Float>, _ stride: Int, _ rows: Int, _ w: Double,
    _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ dir: Double
  ) {
    guard by > ay else { return }
    let dxdy = (bx - ax) / (by - ay)
    var x = min(w, max(0, ax))
    var row = Int(ay)
    let lastRow = min(rows - 1, ceilInt(by) - 1)
    while row <= lastRow {
      let top = max(Double(row), ay)
      let bottom = min(Double(row + 1), by)
      let dy = bottom - top
      // Computed from the start point, not stepped, so error does not build up.
      let xnext = row == lastRow ? min(w, max(0, bx)) : min(w, max(0, ax + (bottom - ay) * dxdy))
      if dy > 0 {
        let d = dy * dir
        let line = a + row * stride
        let lo = min(x, xnext)
        let hi = max(x, xnext)
        // x ≥ 0 here, so truncation is floor (and cheaper than a libm call).
        let loI = Int(lo)
        let loF = Double(loI)
        let hiI = ceilInt(hi)
        let hiC = Double(hiI)
        if hiI <= loI + 1 {
          // Within one cell: the area right of the edge's midpoint goes to the next cell.
          let xmf = 0.5 * (x + xnext) - loF
          line[loI] += Float(d - d * xmf)
          line[loI + 1] += Float(d * xmf)
        } else {
          // Across cells: a triangle in the first, trapezoids between, a triangle last.
          let s = 1 / (hi - lo)
          let x0f = lo - loF
          let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
          let x1f = hi - hiC + 1
          let am = 0.5 * s * x1f * x1f
          line[loI] += Float(d * a0)
          if hiI == loI + 2 {
            line[loI + 1] += Float(d * (1 - a0 - am))
          } else {
            let a1 = s * (1.5 - x0f)
            line[loI + 1] += Float(d * (a1 - a0))
            let step = Float(d * s)
            for xi in (loI + 2)..<(hiI - 1) { line[xi] += step }
            let a2 = a1 + Double(hiI - loI - 3) * s
            line[hiI - 1] += Float(d * (1 - a2 - am))
          }
          line[hiI] += Float(d * am)
        }
      }
      x = xnext
      row += 1
    }
  }

  /// ⌈v⌉ for 0 ≤ v within `Int` range, without a libm call.
  @inline(__always) private static func ceilInt(_ v: Double) -> Int {
    let i = Int(v)
    return Double(i) < v ? i + 1 : i
  }
}

/// The pixels of a `Bitmap` while the rasterizer draws into it: premultiplied RGBA8, one
/// little-endian `UInt32` per pixel (bytes R, G, B, A in memory), row-major.
///
/// The raster reaches pixels through a pointer, so that compositing a row costs one load
/// and one store per pixel. A canvas exists only inside `Bitmap.withCanvas`, which keeps
/// the pixel array alive and uniquely held while it runs. Its pixels are read and written
/// only by the loops in this file, which check a box against `width × height` once, with
/// `contains`, before they touch the pixels in it; each access asserts it in debug builds.
struct PixelCanvas {
  private let base: UnsafeMutableRawPointer
  let width: Int
  let height: Int

  fileprivate init(base: UnsafeMutableRawPointer, width: Int, height: Int) {
    self.base = base
    self.width = width
    self.height = height
  }

  /// Whether the `w × h` box at `(x, y)` lies inside the canvas.
  func contains(x: Int, y: Int, width w: Int, height h: Int) -> Bool {
    x >= 0 && y >= 0 && w >= 0 && h >= 0 && x <= width - w && y <= height - h
  }

  /// The pixel at index `i` (`y * width + x`).
  @inline(__always) fileprivate func load(_ i: Int) -> UInt32 {
    assert(i >= 0 && i < width * height)
    return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
  }

  @inline(__always) fileprivate func store(_ i: Int, _ v: UInt32) {
    assert(i >= 0 && i < width * height)
    base.storeBytes(of: v.littleEndian, toByteOffset: i &* 4, as: UInt32.self)
  }

  /// Sets every pixel to `word` (one 32-bit store each).
  func clear(to word: UInt32) {
    for i in 0..<width * height { store(i, word) }
  }
}

extension Bitmap {
  /// Runs `body` on the bitmap's pixels as a canvas; nil for an empty bitmap or one whose
  /// buffer does not match its size.
  mutating func withCanvas<R>(_ body: (PixelCanvas) -> R) -> R? {
    let (w, h) = (width, height)
    guard w > 0, h > 0, pixels.count == w * h * 4 else { return nil }
    return pixels.withUnsafeMutableBytes { raw in
      raw.baseAddress.map { body(PixelCanvas(base: $0, width: w, height: h)) }
    }
  }
}

extension PixelCanvas {
  /// For every pixel of the `coverage.width × coverage.height` box at `(boxX, boxY)` with
  /// coverage `c` > 0 (0…255), replaces the pixel `dst` (premultiplied RGBA8, as in
  /// `load`) with `blend(x, y, c, dst)`, `(x, y)` on the canvas. Each coverage row is read
  /// once, which zeroes it. A box that does not lie inside the canvas changes nothing.
  @inline(__always) func blendCovered(
    boxX: Int, boxY: Int, _ coverage: inout CoverageBuffer,
    _ blend: (_ x: Int, _ y: Int, _ c: UInt32, _ dst: UInt32) -> UInt32
  ) {
    let w = coverage.width
    let h = coverage.height
    let stride = coverage.stride
    guard contains(x: boxX, y: boxY, width: w, height: h) else { return }
    coverage.cells.withUnsafeMutableBufferPointer { buf in
      guard let cells = buf.baseAddress, buf.count >= h * stride else { return }
      for row in 0..<h {
        let acc = cells + row * stride
        let start = (boxY + row) * width + boxX
        var sum: Float = 0
        for x in 0..<w {
          sum += acc[x]
          acc[x] = 0
          let c = Compositor.level(sum)
          if c != 0 { store(start + x, blend(boxX + x, boxY + row, c, load(start + x))) }
        }
        acc[w] = 0
        acc[w + 1] = 0
      }
    }
  }

  /// As `blendCovered` over two buffers of one box read side by side (a fill and its
  /// stroke): `blend(x, y, cf, cs, dst)` for every pixel where either coverage is > 0.
  /// Buffers of different sizes, or a box not inside the canvas, change nothing.
  @inline(__always) func blendCovered(
    boxX: Int, boxY: Int, fill: inout CoverageBuffer, stroke: inout CoverageBuffer,
    _ blend: (_ x: Int, _ y: Int, _ cf: UInt32, _ cs: UInt32, _ dst: UInt32) -> UInt32
  ) {
    let w = fill.width
    let h = fill.height
    let stride = fill.stride
    guard stroke.width == w, stroke.height == h, contains(x: boxX, y: boxY, width: w, height: h) else {
      return
    }
    fill.cells.withUnsafeMutableBufferPointer { fbuf in
      stroke.cells.withUnsafeMutableBufferPointer { sbuf in
        guard let fcells = fbuf.baseAddress, let scells = sbuf.baseAddress,
          fbuf.count >= h * stride, sbuf.count >= h * stride
        else { return }
        for row in 0..<h {
          let fa = fcells + row * stride
          let sa = scells + row * stride
          let start = (boxY + row) * width + boxX
          var fsum: Float = 0
          var ssum: Float = 0
          for x in 0..<w {
            fsum += fa[x]
            ssum += sa[x]
            fa[x] = 0
            sa[x] = 0
            let cf = Compositor.level(fsum)
            let cs = Compositor.level(ssum)
            if cf == 0 && cs == 0 { continue }
            store(start + x, blend(boxX + x, boxY + row, cf, cs, load(start + x)))
          }
          fa[w] = 0
          fa[w + 1] = 0
          sa[w] = 0
          sa[w + 1] = 0
        }
      }
    }
  }

  /// Replaces every pixel `p` with `transform(p)`.
  func mapPixels(_ transform: (UInt32) -> UInt32) {
    for i in 0..<width * height { store(i, transform(load(i))) }
  }
}

// A layer drawn on its own (§15's `blend` and `blur`): read from a scratch canvas into
// premultiplied floats, composited onto the frame, and cleared for the next layer.
extension PixelCanvas {
  /// The box's pixels as premultiplied channels 0…255, row-major, four per pixel (R, G,
  /// B, A); the box must lie inside the canvas.
  func read(_ box: DeviceGeometry.Box, into out: inout [Float]) {
    out.removeAll(keepingCapacity: true)
    guard contains(x: box.x0, y: box.y0, width: box.width, height: box.height) else { return }
    out.reserveCapacity(box.width * box.height * 4)
    for y in box.y0..<box.y1 {
      for x in box.x0..<box.x1 {
        let p = load(y &* width &+ x)
        out.append(Float(p & 0xFF))
        out.append(Float(p >> 8 & 0xFF))
        out.append(Float(p >> 16 & 0xFF))
        out.append(Float(p >> 24))
      }
    }
  }

  /// Sets the box's pixels to transparent black.
  func clear(_ box: DeviceGeometry.Box) {
    guard contains(x: box.x0, y: box.y0, width: box.width, height: box.height) else { return }
    for y in box.y0..<box.y1 {
      for x in box.x0..<box.x1 { store(y &* width &+ x, 0) }
    }
  }

  /// Composites `layer` (as `read` gives it, over `box`) onto the canvas: each pixel
  /// rounded to bytes (a channel no larger than its alpha), then source over, or
  /// `min(255, dst + src)` per channel, alpha included, when `additive`.
  func composite(_ layer: [Float], _ box: DeviceGeometry.Box, additive: Bool) {
    guard contains(x: box.x0, y: box.y0, width: box.width, height: box.height),
      layer.count == box.width * box.height * 4
    else { return }
    var k = 0
    for y in box.y0..<box.y1 {
      for x in box.x0..<box.x1 {
        let a = UInt32(Compositor.byte(layer[k &+ 3]))
        func channel(_ i: Int) -> UInt32 { min(a, UInt32(Compositor.byte(layer[k &+ i]))) }
        let src = channel(0) | channel(1) << 8 | channel(2) << 16 | a << 24
        k &+= 4
        if src == 0 { continue }
        let i = y &* width &+ x
        let dst = load(i)
        if additive {
          func sum(_ shift: UInt32) -> UInt32 { min(255, (dst >> shift & 0xFF) &+ (src >> shift & 0xFF)) << shift }
          store(i, sum(0) | sum(8) | sum(16) | sum(24))
        } else {
          store(i, src &+ Compositor.scale(dst, 255 &- a))
        }
      }
    }
  }
}
