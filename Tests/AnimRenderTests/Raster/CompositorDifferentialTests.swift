import AnimMath
import Testing

@testable import AnimRender

/// The compositing kernel (`Compositor` over a `PixelCanvas` and a `CoverageBuffer`'s
/// cells) against the plain computation written here with integers and array indexing:
/// per pixel, coverage c = round(255·min(1, |row sum|)), and per channel
/// `dst = round(src·c/255) + round(dst·(255 − srcA')/255)` with `srcA' = round(srcA·c/255)`.
@Suite("Compositor kernel against the plain formula")
struct CompositorDifferentialTests {
  typealias Stream = TestRandom

  static func roundDiv255(_ v: Int) -> Int { Int((Double(v) / 255).rounded()) }

  /// A random triangle fan of `boxW × boxH` coverage (with overlaps, so sums exceed 1).
  static func coverage(_ rng: inout Stream, width: Int, height: Int) -> CoverageBuffer {
    var buffer = CoverageBuffer()
    buffer.reset(width: width, height: height)
    var points: [Point] = []
    var runs: [Polylines.Run] = []
    for _ in 0..<3 {
      let start = points.count
      for _ in 0..<4 {
        points.append(Point(rng.unit() * Double(width + 2) - 1, rng.unit() * Double(height + 2) - 1))
      }
      runs.append(Polylines.Run(start: start, count: 4, closed: true))
    }
    buffer.addPolygons(points, runs, originX: 0, originY: 0)
    return buffer
  }

  /// The coverage levels the plain way: running sums over each row of the cells.
  static func levels(_ buffer: CoverageBuffer) -> [Int] {
    var out: [Int] = []
    for row in 0..<buffer.height {
      var sum: Float = 0
      for x in 0..<buffer.width {
        sum += buffer.cells[row * buffer.stride + x]
        let c = abs(sum)
        out.append(c >= 1 ? 255 : (c > 0 ? Int(c * 255 + 0.5) : 0))
      }
    }
    return out
  }

  static func randomBitmap(_ rng: inout Stream, width: Int, height: Int) -> Bitmap {
    var pixels: [UInt8] = []
    for _ in 0..<width * height {
      let a = rng.byte()
      // Premultiplied: no channel above alpha.
      for _ in 0..<3 { pixels.append(a == 0 ? 0 : UInt8(Int(rng.byte()) % (Int(a) + 1))) }
      pixels.append(a)
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  @Test func oneLayerMatchesThePlainBlend() throws {
    var rng = Stream(state: 7)
    for trial in 0..<300 {
      let (cw, ch) = (12, 9)
      let (bw, bh) = (1 + Int(rng.next() % 8), 1 + Int(rng.next() % 6))
      let (bx, by) = (Int(rng.next() % UInt64(cw - bw + 1)), Int(rng.next() % UInt64(ch - bh + 1)))
      var bitmap = Self.randomBitmap(&rng, width: cw, height: ch)
      var cover = Self.coverage(&rng, width: bw, height: bh)
      let color = Color(r: rng.unit(), g: rng.unit(), b: rng.unit(), a: trial % 4 == 0 ? 1 : rng.unit())
      let paint = PremultipliedPaint(color, opacity: trial % 5 == 0 ? 1 : rng.unit())
      let levels = Self.levels(cover)
      var expected = bitmap.pixels
      let src = (0..<4).map { Int(paint.pixel >> (8 * UInt32($0)) & 0xFF) }
      for y in 0..<bh {
        for x in 0..<bw {
          let c = levels[y * bw + x]
          if c == 0 { continue }
          let i = ((by + y) * cw + bx + x) * 4
          let s = src.map { Self.roundDiv255($0 * c) }
          for k in 0..<4 { expected[i + k] = UInt8(s[k] + Self.roundDiv255(Int(expected[i + k]) * (255 - s[3]))) }
        }
      }
      _ = bitmap.withCanvas { Compositor.composite($0, boxX: bx, boxY: by, &cover, paint) }
      #expect(bitmap.pixels == expected, "trial \(trial)")
      #expect(cover.cells.allSatisfy { $0 == 0 }, "the kernel leaves its cells at zero")
    }
  }

  @Test func fillAndStrokeLayerMatchesThePlainBlend() {
    var rng = Stream(state: 11)
    for trial in 0..<300 {
      let (cw, ch) = (10, 8)
      let (bw, bh) = (1 + Int(rng.next() % 7), 1 + Int(rng.next() % 5))
      let (bx, by) = (Int(rng.next() % UInt64(cw - bw + 1)), Int(rng.next() % UInt64(ch - bh + 1)))
      var bitmap = Self.randomBitmap(&rng, width: cw, height: ch)
      var fill = Self.coverage(&rng, width: bw, height: bh)
      var stroke = Self.coverage(&rng, width: bw, height: bh)
      let opacity = rng.unit()
      let fp = PremultipliedPaint(Color(r: rng.unit(), g: rng.unit(), b: rng.unit(), a: rng.unit()), opacity: opacity)
      let sp = PremultipliedPaint(Color(r: rng.unit(), g: rng.unit(), b: rng.unit(), a: rng.unit()), opacity: opacity)
      let (fl, sl) = (Self.levels(fill), Self.levels(stroke))
      var expected = bitmap.pixels
      let f = (0..<4).map { Int(fp.pixel >> (8 * UInt32($0)) & 0xFF) }
      let s = (0..<4).map { Int(sp.pixel >> (8 * UInt32($0)) & 0xFF) }
      for y in 0..<bh {
        for x in 0..<bw {
          let (cf, cs) = (fl[y * bw + x], sl[y * bw + x])
          if cf == 0 && cs == 0 { continue }
          let i = ((by + y) * cw + bx + x) * 4
          // The stroke over the fill inside the layer, then the layer over the pixel.
          let hide = Self.roundDiv255(Int(sp.ownAlpha) * cs)
          let layer = (0..<4).map { k in
            Self.roundDiv255(s[k] * cs) + Self.roundDiv255(Self.roundDiv255(f[k] * cf) * (255 - hide))
          }
          for k in 0..<4 {
            expected[i + k] = UInt8(layer[k] + Self.roundDiv255(Int(expected[i + k]) * (255 - layer[3])))
          }
        }
      }
      _ = bitmap.withCanvas {
        Compositor.compositeLayer($0, boxX: bx, boxY: by, fill: &fill, fp, stroke: &stroke, sp)
      }
      #expect(bitmap.pixels == expected, "trial \(trial)")
    }
  }

  @Test func sampledLayerMatchesTheFloatingPointBlend() {
    var rng = Stream(state: 13)
    for trial in 0..<200 {
      let (cw, ch) = (9, 7)
      let (bw, bh) = (1 + Int(rng.next() % 6), 1 + Int(rng.next() % 5))
      let (bx, by) = (Int(rng.next() % UInt64(cw - bw + 1)), Int(rng.next() % UInt64(ch - bh + 1)))
      var bitmap = Self.randomBitmap(&rng, width: cw, height: ch)
      var cover = Self.coverage(&rng, width: bw, height: bh)
      let levels = Self.levels(cover)
      // A source that differs per pixel, premultiplied (channels at most alpha).
      func source(_ x: Int, _ y: Int) -> (r: Double, g: Double, b: Double, a: Double) {
        let a = Double((x * 7 + y * 3 + trial) % 11) / 10
        return (a * 0.9, a * Double(x % 3) / 2, a * Double(y % 4) / 3, a)
      }
      var expected = bitmap.pixels
      for y in 0..<bh {
        for x in 0..<bw {
          let c = levels[y * bw + x]
          if c == 0 { continue }
          let i = ((by + y) * cw + bx + x) * 4
          let s = source(bx + x, by + y)
          let cover = Double(c) / 255
          let keep = 1 - s.a * cover
          for (k, v) in [s.r, s.g, s.b, s.a].enumerated() {
            let value = (v * cover * 255 + Double(expected[i + k]) * keep).rounded(.toNearestOrAwayFromZero)
            expected[i + k] = UInt8(min(255, max(0, value)))
          }
        }
      }
      _ = bitmap.withCanvas { Compositor.compositeSampled($0, boxX: bx, boxY: by, &cover, source) }
      // The kernel rounds through Float, the plain way through Double: at most one level apart.
      let apart = zip(bitmap.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
      #expect(apart <= 1, "trial \(trial)")
    }
  }

  @Test func unpremultiplyMatchesTheDivision() {
    var rng = Stream(state: 17)
    var bitmap = Self.randomBitmap(&rng, width: 32, height: 32)
    var expected = bitmap.pixels
    for i in stride(from: 0, to: expected.count, by: 4) {
      let a = Int(expected[i + 3])
      for k in 0..<3 {
        expected[i + k] = a == 0 ? 0 : UInt8(min(255, (Double(Int(expected[i + k]) * 255) / Double(a)).rounded()))
      }
    }
    _ = bitmap.withCanvas { Compositor.unpremultiply($0) }
    #expect(bitmap.pixels == expected)
  }

  @Test func aBoxOutsideTheCanvasDrawsNothing() {
    var rng = Stream(state: 19)
    var bitmap = Self.randomBitmap(&rng, width: 6, height: 6)
    let before = bitmap.pixels
    let paint = PremultipliedPaint(.black, opacity: 1)
    for (x, y, w, h) in [(-1, 0, 3, 3), (0, -1, 3, 3), (4, 0, 3, 3), (0, 5, 2, 2), (Int.max - 1, 0, 3, 1)] {
      var cover = Self.coverage(&rng, width: w, height: h)
      _ = bitmap.withCanvas { Compositor.composite($0, boxX: x, boxY: y, &cover, paint) }
    }
    #expect(bitmap.pixels == before)
  }
}
