import AnimMath

/// A run-time value of an `.anim` expression. Durations are seconds and angles degrees,
/// both as `.number`: the checker has already proved the units right.
@usableFromInline package enum Value: Sendable {
  case number(Double)
  case point(Point)
  case color(Color)
  case bool(Bool)
  case string(String)
  case path(Path)
  /// A path whose start is the instance's position when its animation begins (§4: `from:`
  /// omitted in a node or spawn block); the simulator supplies that point.
  indirect case deferredPath(DeferredPath)
  indirect case shape(ShapeValue)
  case timing(TimingFunction)
  indirect case range(Value, Value)
  case list([Value])
  /// An enum case, by name without the dot (`up`, `forwards`).
  case enumCase(String)
  /// One step of a replicator's instance transform.
  indirect case transform(AffineTransform)
  /// A gradient paint (§12.2), its geometry in unit points of the shape's box.
  indirect case gradient(Gradient)
  /// A §15 motion's coefficients, for `animate position with`.
  indirect case motion(Motion)

  package var number: Double {
    if case .number(let n) = self { return n }
    return .nan
  }

  package var point: Point {
    if case .point(let p) = self { return p }
    return Point(.nan, .nan)
  }

  package var color: Color {
    if case .color(let c) = self { return c }
    return .black
  }
}

/// A path waiting for its start point.
@usableFromInline package struct DeferredPath: Sendable {
  package let build: @Sendable (Point) -> Path
  package init(_ build: @escaping @Sendable (Point) -> Path) { self.build = build }
}

/// A shape: its outline in its local box, and its style (§3.1).
@usableFromInline package struct ShapeValue: Sendable, Hashable {
  package var outline: ShapeOutline
  package var style: ShapeStyle
  /// For `image(…)` (§12.3): the PNG drawn over the box; `outline` is then the box.
  package var image: ImageSource?
  @usableFromInline package init(outline: ShapeOutline, style: ShapeStyle = ShapeStyle(), image: ImageSource? = nil) {
    self.outline = outline
    self.style = style
    self.image = image
  }
}

/// Core Animation's shape-layer defaults: fill black, no stroke, lineWidth 1.
@usableFromInline package struct ShapeStyle: Sendable, Hashable {
  @usableFromInline package var fill: Color? = .black
  package var stroke: Color? = nil
  package var lineWidth: Double = 1
  /// A gradient fill or stroke (§12.2), in unit points; the colour above is then a
  /// placeholder that only says the paint is there.
  package var gradients: PaintGradients? = nil
  @usableFromInline package init() {}
}
