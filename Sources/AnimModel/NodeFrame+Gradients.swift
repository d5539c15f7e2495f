import AnimMath

extension NodeFrame {
  /// The gradients with their unit points resolved in the shape's box, in box points,
  /// as dumps write them and drawing uses them (§12.2).
  public var boxGradients: PaintGradients? {
    guard let g = gradients else { return nil }
    let w = shape.outline.width
    let h = shape.outline.height
    return PaintGradients(fill: g.fill?.resolved(width: w, height: h), stroke: g.stroke?.resolved(width: w, height: h))
  }
}
