import AnimMath

/// One node of a frame, ready to draw: its shape's path in the shape's local box, the
/// full matrix from that box to scene coordinates, and its drawn properties (§6.1, §9).
package struct DrawItem: Sendable, Equatable {
  /// The outline in the shape's local box.
  package var path: Path
  /// Local box → scene points, SVG's `matrix(a b c d tx ty)`.
  package var transform: AffineTransform
  /// Fill colour (straight alpha), or nil for no fill.
  package var fill: Color?
  /// Stroke colour (straight alpha), or nil for no stroke.
  package var stroke: Color?
  /// Stroke width in local units (scaled by `transform`, as in SVG and Core Animation).
  package var lineWidth: Double
  /// Start of the stroked part of the outline, a fraction of its length (fills are not trimmed).
  package var strokeStart: Double
  /// End of the stroked part of the outline, a fraction of its length.
  package var strokeEnd: Double
  /// Layer opacity, clamped to 0…1 when drawn; fill and stroke fade as one group.
  package var opacity: Double
  /// A replicator copy's colour multiplier, applied per channel to fill and stroke.
  package var tint: Color?
  /// Gradient fill and stroke (§12.2) in the local box's points, drawn instead of the
  /// colours above, which then only say that the paint is there; nil for plain colours.
  package var gradients: PaintGradients? = nil
  /// A 3-D node's projection from its local box to scene points (§12.1); when present
  /// it is what draws, and `transform` is only the node's 2-D part.
  package var projection: Homography?
  /// An image drawn over the box instead of the fill and stroke (§12.3).
  package var image: DrawImage? = nil
  /// §15's `blend .additive`: the item is added to what is below it, `min(1, dst + src)`
  /// per premultiplied channel, instead of going over it.
  package var additive = false
  /// §15's `blur`: the standard deviation in scene points of a Gaussian blur of the
  /// item (0 or less, or NaN: none).
  package var blur = 0.0

  /// Whether the item is drawn on a layer of its own (`additive` or `blur`).
  package var hasEffects: Bool { additive || blur > 0 }

  /// An item with Core Animation's shape-layer defaults: black fill, no stroke, width 1.
  package init(
    path: Path, transform: AffineTransform = .identity, fill: Color? = .black,
    stroke: Color? = nil, lineWidth: Double = 1, strokeStart: Double = 0,
    strokeEnd: Double = 1, opacity: Double = 1, tint: Color? = nil, projection: Homography? = nil
  ) {
    self.path = path
    self.transform = transform
    self.fill = fill
    self.stroke = stroke
    self.lineWidth = lineWidth
    self.strokeStart = strokeStart
    self.strokeEnd = strokeEnd
    self.opacity = opacity
    self.tint = tint
    self.projection = projection
  }

  /// The fill colour with the tint applied, channels clamped to 0…1; nil when no fill.
  package var effectiveFill: Color? { fill.map { tinted($0) } }

  /// The stroke colour with the tint applied, channels clamped to 0…1; nil when no stroke.
  package var effectiveStroke: Color? { stroke.map { tinted($0) } }

  /// Opacity clamped to 0…1; a NaN opacity draws nothing.
  package var effectiveOpacity: Double { clampUnit(opacity) }

  private func tinted(_ c: Color) -> Color {
    let t = tint ?? .white
    return Color(
      r: clampUnit(c.r * t.r), g: clampUnit(c.g * t.g), b: clampUnit(c.b * t.b),
      a: clampUnit(c.a * t.a))
  }
}

/// A whole frame: a scene-sized canvas in points, its background and the items in paint
/// order (the first item is painted first, under the others).
package struct Drawing: Sendable, Equatable {
  /// Canvas width in points.
  package var width: Double
  /// Canvas height in points.
  package var height: Double
  /// Colour under everything (straight alpha).
  package var background: Color
  /// Items in paint order.
  package var items: [DrawItem]

  /// A drawing of `width × height` points.
  package init(width: Double, height: Double, background: Color = .clear, items: [DrawItem] = []) {
    self.width = width
    self.height = height
    self.background = background
    self.items = items
  }
}

/// Clamps to 0…1, mapping NaN to 0 so a bad value draws nothing rather than garbage.
@inline(__always) func clampUnit(_ v: Double) -> Double {
  v.isNaN ? 0 : min(1, max(0, v))
}
