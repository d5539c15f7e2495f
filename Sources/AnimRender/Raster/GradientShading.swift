import AnimMath

/// The paint of one layer at one pixel: a constant colour, or a gradient shaded per
/// pixel (§12.2).
///
/// A gradient is evaluated at the pixel's centre mapped back into the shape's box
/// through the inverse of the item's transform, so it follows the shape however it is
/// scaled, rotated, sheared or, for a 3-D item, projected. Its colour (straight alpha) is tinted as a plain colour is,
/// then premultiplied with the layer's opacity, exactly as `PremultipliedPaint` does for
/// a constant colour, so a two-stop gradient of one colour draws as that colour does.
struct LayerPaint: PixelPaint {
  private let constant: PremultipliedPaint
  private let gradient: Gradient?
  /// Device pixels → the shape's box.
  private let inverse: BoxMapping
  private let tint: Color?
  private let opacity: Double

  /// A constant colour (already tinted).
  init(_ color: Color, opacity: Double) {
    constant = PremultipliedPaint(color, opacity: opacity)
    gradient = nil
    inverse = .affine(.identity)
    tint = nil
    self.opacity = opacity
  }

  /// A gradient in box points, drawn by `transform` (box → device pixels); nil when the
  /// transform cannot be inverted (the item is then flat and covers nothing).
  init?(_ gradient: Gradient, transform: BoxMapping, tint: Color?, opacity: Double) {
    guard let inverse = transform.inverse else { return nil }
    constant = PremultipliedPaint(.clear, opacity: 0)
    self.gradient = gradient
    self.inverse = inverse
    self.tint = tint
    self.opacity = opacity
  }

  /// The paint at pixel (x, y) of the canvas.
  @inline(__always) func at(_ x: Int, _ y: Int) -> PremultipliedPaint {
    guard let gradient else { return constant }
    let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
    var c = gradient.color(atPoint: p)
    if let t = tint {
      c = Color(r: c.r * t.r, g: c.g * t.g, b: c.b * t.b, a: c.a * t.a)
    }
    return PremultipliedPaint(c, opacity: opacity)
  }
}

/// How a shape's box lands on the canvas: a 2-D item's affine matrix, or a 3-D item's
/// projection (§12.1). Kept apart so that 2-D items shade with exactly the affine
/// arithmetic.
enum BoxMapping {
  case affine(AffineTransform)
  case projective(Homography)

  /// The map back, or nil when it is singular.
  var inverse: BoxMapping? {
    switch self {
    case .affine(let m): return m.inverted.map(BoxMapping.affine)
    case .projective(let h): return h.inverse.map(BoxMapping.projective)
    }
  }

  @inline(__always) func apply(_ p: Point) -> Point {
    switch self {
    case .affine(let m): return m.apply(p)
    case .projective(let h): return h.apply(p)
    }
  }
}

/// Drawing an item whose fill or stroke is a gradient: `Compositor`'s arithmetic, with
/// the paint asked for at each covered pixel.
enum GradientCompositor {
  /// Draws an item with a gradient fill or stroke, given its coverage (see
  /// `Rasterizer.draw`). `fill`/`stroke` are the tinted colours of the paints that are
  /// present (a gradient's is its placeholder), nil for the ones absent.
  static func draw(
    _ item: DrawItem, _ gradients: PaintGradients, _ m: BoxMapping, opacity: Double,
    _ canvas: PixelCanvas, boxX: Int, boxY: Int,
    fill: Color?, stroke: Color?, fillCoverage: inout CoverageBuffer, strokeCoverage: inout CoverageBuffer
  ) {
    func paint(_ color: Color?, _ gradient: Gradient?) -> LayerPaint? {
      guard let color else { return nil }
      guard let gradient else { return LayerPaint(color, opacity: opacity) }
      return LayerPaint(gradient, transform: m, tint: item.tint.map(Self.clamped), opacity: opacity)
    }
    let f = paint(fill, gradients.fill)
    let s = paint(stroke, gradients.stroke)
    if let f, let s {
      Compositor.compositeLayer(
        canvas, boxX: boxX, boxY: boxY, fill: &fillCoverage, f, stroke: &strokeCoverage, s)
    } else if let f {
      Compositor.composite(canvas, boxX: boxX, boxY: boxY, &fillCoverage, f)
    } else if let s {
      Compositor.composite(canvas, boxX: boxX, boxY: boxY, &strokeCoverage, s)
    }
  }

  private static func clamped(_ c: Color) -> Color {
    Color(r: clampUnit(c.r), g: clampUnit(c.g), b: clampUnit(c.b), a: clampUnit(c.a))
  }
}
