/// A colour premultiplied by its alpha and the layer's opacity, channels in 0…255.
struct PremultipliedPaint {
  var r: Float
  var g: Float
  var b: Float
  var a: Float
}

/// Source-over compositing of coverage onto premultiplied 8-bit RGBA pixels. Reading a
/// coverage row zeroes it, which leaves the buffer ready for the next item.
enum Compositor {
  /// Coverage below this changes no channel by half a level, so the pixel is skipped.
  static let minCoverage: Float = 1.0 / 1024

  /// One layer (a fill alone or a stroke alone): `dst = paint·c + dst·(1 − paintA·c)`.
  /// The box at `(boxX, boxY)` must lie inside the `canvasWidth`-wide canvas.
  static func composite(
    _ pixels: UnsafeMutablePointer<UInt8>, canvasWidth: Int, boxX: Int, boxY: Int,
    _ coverage: inout CoverageBuffer, _ paint: PremultipliedPaint
  ) {
    let w = coverage.width
    let h = coverage.height
    let stride = coverage.stride
    let invA = paint.a / 255
    _ = coverage.withCells { cells in
      for row in 0..<h {
        let acc = cells + row * stride
        let px = pixels + ((boxY + row) * canvasWidth + boxX) * 4
        var sum: Float = 0
        for x in 0..<w {
          sum += acc[x]
          acc[x] = 0
          let c = min(1, abs(sum))
          if c < minCoverage { continue }
          let keep = 1 - invA * c
          let p = px + x * 4
          p[0] = byte(paint.r * c + Float(p[0]) * keep)
          p[1] = byte(paint.g * c + Float(p[1]) * keep)
          p[2] = byte(paint.b * c + Float(p[2]) * keep)
          p[3] = byte(paint.a * c + Float(p[3]) * keep)
        }
        acc[w] = 0
        acc[w + 1] = 0
      }
    }
  }

  /// A fill and a stroke composited as one layer, as Core Animation draws a shape layer
  /// and SVG's `opacity` groups an element: the stroke goes over the fill inside the
  /// layer, then the layer (opacity already folded into both paints) goes over `dst`.
  /// `strokeAlpha` is the stroke's own alpha (0…1) without the opacity.
  static func compositeLayer(
    _ pixels: UnsafeMutablePointer<UInt8>, canvasWidth: Int, boxX: Int, boxY: Int,
    fill: inout CoverageBuffer, _ fillPaint: PremultipliedPaint,
    stroke: inout CoverageBuffer, _ strokePaint: PremultipliedPaint, strokeAlpha: Float
  ) {
    let w = fill.width
    let h = fill.height
    let stride = fill.stride
    guard stroke.width == w, stroke.height == h else { return }
    _ = fill.withCells { fcells in
      stroke.withCells { scells in
        for row in 0..<h {
          let fa = fcells + row * stride
          let sa = scells + row * stride
          let px = pixels + ((boxY + row) * canvasWidth + boxX) * 4
          var fsum: Float = 0
          var ssum: Float = 0
          for x in 0..<w {
            fsum += fa[x]
            ssum += sa[x]
            fa[x] = 0
            sa[x] = 0
            let cf = min(1, abs(fsum))
            let cs = min(1, abs(ssum))
            if cf < minCoverage && cs < minCoverage { continue }
            // The fill shows through where the stroke is partly transparent or partial.
            let wf = cf * (1 - strokeAlpha * cs)
            let outA = strokePaint.a * cs + fillPaint.a * wf
            let keep = 1 - outA / 255
            let p = px + x * 4
            p[0] = byte(strokePaint.r * cs + fillPaint.r * wf + Float(p[0]) * keep)
            p[1] = byte(strokePaint.g * cs + fillPaint.g * wf + Float(p[1]) * keep)
            p[2] = byte(strokePaint.b * cs + fillPaint.b * wf + Float(p[2]) * keep)
            p[3] = byte(outA + Float(p[3]) * keep)
          }
          fa[w] = 0
          fa[w + 1] = 0
          sa[w] = 0
          sa[w + 1] = 0
        }
      }
    }
  }

  /// Premultiplied → straight alpha in place, for canvases that are not opaque.
  static func unpremultiply(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
    for i in 0..<count {
      let p = pixels + i * 4
      let a = Int(p[3])
      if a == 255 { continue }
      if a == 0 {
        p[0] = 0
        p[1] = 0
        p[2] = 0
        continue
      }
      p[0] = UInt8(min(255, (Int(p[0]) * 255 + a / 2) / a))
      p[1] = UInt8(min(255, (Int(p[1]) * 255 + a / 2) / a))
      p[2] = UInt8(min(255, (Int(p[2]) * 255 + a / 2) / a))
    }
  }

  /// Rounds to a channel value; NaN and negatives give 0, so nothing can trap here.
  @inline(__always) static func byte(_ v: Float) -> UInt8 {
    let r = v + 0.5
    return r > 0 ? (r < 255 ? UInt8(r) : 255) : 0
  }
}
