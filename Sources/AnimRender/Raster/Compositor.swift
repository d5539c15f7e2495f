import AnimMath

/// A colour premultiplied by its alpha and the layer's opacity, as one RGBA8 pixel
/// (bytes R, G, B, A in memory, i.e. a little-endian `UInt32`).
struct PremultipliedPaint {
  var pixel: UInt32
  /// The colour's own alpha (0…255) without the opacity: how much a stroke hides the
  /// fill under it within the layer.
  var ownAlpha: UInt32

  init(_ c: Color, opacity: Double) {
    let a = clampUnit(c.a) * clampUnit(opacity)
    func q(_ v: Double) -> UInt32 { UInt32(Compositor.byte(Float(v * 255))) }
    pixel =
      q(clampUnit(c.r) * a) | q(clampUnit(c.g) * a) << 8 | q(clampUnit(c.b) * a) << 16 | q(a) << 24
    ownAlpha = q(clampUnit(c.a))
  }
}

/// What a layer paints at each canvas pixel: one colour (`PremultipliedPaint`), or a
/// gradient shaded per pixel (`LayerPaint`). The compositor is generic over it, so a
/// constant paint costs no per-pixel call once specialized.
protocol PixelPaint {
  func at(_ x: Int, _ y: Int) -> PremultipliedPaint
}

extension PremultipliedPaint: PixelPaint {
  @inline(__always) func at(_ x: Int, _ y: Int) -> PremultipliedPaint { self }
}

/// Source-over compositing of coverage onto premultiplied 8-bit RGBA pixels, two
/// channels per integer multiply (R and B, then G and A, in the halves of a `UInt32`),
/// with exact rounded division by 255, so that an opaque pixel stays exactly opaque and
/// no channel can carry into its neighbour. The pixels and coverage are reached through
/// `PixelCanvas.blendCovered` (RasterKernel.swift), whose reading a coverage row zeroes
/// it, which leaves the buffer ready for the next item.
enum Compositor {
  /// One layer (a fill alone or a stroke alone): `dst = paint·c + dst·(1 − paintA·c)`.
  /// A box at `(boxX, boxY)` that does not lie inside the canvas draws nothing.
  static func composite(
    _ canvas: PixelCanvas, boxX: Int, boxY: Int, _ coverage: inout CoverageBuffer, _ paint: some PixelPaint
  ) {
    canvas.blendCovered(boxX: boxX, boxY: boxY, &coverage) { x, y, c, dst in
      let src = paint.at(x, y).pixel
      // Full coverage of an opaque paint replaces the pixel (what the blend gives).
      if c == 255 && src >> 24 == 255 { return src }
      let s = scale(src, c)
      return s &+ scale(dst, 255 &- s >> 24)
    }
  }

  /// A fill and a stroke composited as one layer, as Core Animation draws a shape layer
  /// and SVG's `opacity` groups an element: the stroke goes over the fill inside the
  /// layer, then the layer (opacity already folded into both paints) goes over `dst`.
  static func compositeLayer(
    _ canvas: PixelCanvas, boxX: Int, boxY: Int,
    fill: inout CoverageBuffer, _ fillPaint: some PixelPaint,
    stroke: inout CoverageBuffer, _ strokePaint: some PixelPaint
  ) {
    canvas.blendCovered(boxX: boxX, boxY: boxY, fill: &fill, stroke: &stroke) { x, y, cf, cs, dst in
      let f = fillPaint.at(x, y).pixel
      let sp = strokePaint.at(x, y)
      // The fill shows through where the stroke is partial or translucent.
      let under = scale(scale(f, cf), 255 &- div255(sp.ownAlpha &* cs))
      let layer = scale(sp.pixel, cs) &+ under
      return layer &+ scale(dst, 255 &- layer >> 24)
    }
  }

  /// A layer whose colour is sampled per pixel in floating point (an image, §12.3):
  /// `source(x, y)` is the premultiplied colour at full coverage, each channel 0…1, and
  /// `dst = source·c + dst·(1 − sourceA·c)`, rounded per channel.
  static func compositeSampled(
    _ canvas: PixelCanvas, boxX: Int, boxY: Int, _ coverage: inout CoverageBuffer,
    _ source: (Int, Int) -> (r: Double, g: Double, b: Double, a: Double)
  ) {
    canvas.blendCovered(boxX: boxX, boxY: boxY, &coverage) { x, y, c, d in
      let s = source(x, y)
      let cover = Double(c) / 255
      let a = s.a * cover
      let keep = 1 - a
      func channel(_ v: Double, _ shift: UInt32) -> UInt32 {
        UInt32(byte(Float(v * cover * 255 + Double(d >> shift & 0xFF) * keep))) << shift
      }
      let alpha = UInt32(byte(Float(a * 255 + Double(d >> 24) * keep))) << 24
      return channel(s.r, 0) | channel(s.g, 8) | channel(s.b, 16) | alpha
    }
  }

  /// Premultiplied → straight alpha in place, for canvases that are not opaque.
  static func unpremultiply(_ canvas: PixelCanvas) {
    canvas.mapPixels { p in
      let a = p >> 24
      if a == 255 { return p }
      if a == 0 { return 0 }
      func straight(_ shift: UInt32) -> UInt32 { min(255, ((p >> shift & 0xFF) * 255 + a / 2) / a) << shift }
      return straight(0) | straight(8) | straight(16) | a << 24
    }
  }

  /// Non-zero coverage from a running sum, as 0…255: `min(1, |sum|)`, rounded. NaN
  /// fails both comparisons and gives 0, so nothing here can trap.
  @inline(__always) static func level(_ sum: Float) -> UInt32 {
    let c = abs(sum)
    if c >= 1 { return 255 }
    return c > 0 ? UInt32(c * 255 + 0.5) : 0
  }

  /// Every channel of `p` times `k / 255` (k in 0…255), rounded exactly.
  @inline(__always) static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
    var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
    rb = ((rb &+ (rb >> 8) & 0x00FF_00FF) >> 8) & 0x00FF_00FF
    var ga = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
    ga = (ga &+ (ga >> 8) & 0x00FF_00FF) & 0xFF00_FF00
    return rb | ga
  }

  /// `v / 255` rounded, for v in 0…65025.
  @inline(__always) static func div255(_ v: UInt32) -> UInt32 {
    let t = v &+ 128
    return (t &+ (t >> 8)) >> 8
  }

  /// Rounds to a channel value; NaN and negatives give 0, so nothing can trap here.
  @inline(__always) static func byte(_ v: Float) -> UInt8 {
    let r = v + 0.5
    return r > 0 ? (r < 255 ? UInt8(r) : 255) : 0
  }
}
