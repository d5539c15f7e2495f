import AnimMath

// §15's `blend` and `blur` in SVG: the item's element inside an untransformed `<g>`,
// with `mix-blend-mode: plus-lighter` for `.additive` and a `feGaussianBlur` filter whose
// region, in scene points, reaches 3R beyond the item's bounds.
extension SVGWriter {
  /// `element`, wrapped as above when the item has effects; `index` names its filter.
  static func effectsElement(_ item: DrawItem, index: Int, scene: (Double, Double), _ out: inout String) {
    var inner = ""
    element(item, &inner)
    guard !inner.isEmpty else { return }
    var attributes = ""
    if item.blur > 0, item.blur.isFinite {
      let r = item.blur
      let b = sceneBounds(item) ?? Bounds(minX: 0, minY: 0, maxX: scene.0, maxY: scene.1)
      let id = "blur\(index)"
      let region = [b.minX - 3 * r, b.minY - 3 * r, b.width + 6 * r, b.height + 6 * r].map(SVGNumber.format)
      out +=
        "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(region[0])\" y=\"\(region[1])\""
        + " width=\"\(region[2])\" height=\"\(region[3])\">"
        + "<feGaussianBlur stdDeviation=\"\(SVGNumber.format(r))\"/></filter>\n"
      attributes += " filter=\"url(#\(id))\""
    }
    if item.additive { attributes += " style=\"mix-blend-mode: plus-lighter\"" }
    out += "<g\(attributes)>\n" + inner + "</g>\n"
  }

  /// What the item draws, in scene points: its outline's bounds mapped by its transform,
  /// grown by half its stroke's width; nil for a projected item or one that draws nothing.
  static func sceneBounds(_ item: DrawItem) -> Bounds? {
    guard item.projection == nil, let local = item.path.bounds else { return nil }
    let m = item.transform
    let corners = [
      Point(local.minX, local.minY), Point(local.maxX, local.minY), Point(local.minX, local.maxY),
      Point(local.maxX, local.maxY),
    ].map(m.apply)
    var box = Bounds(minX: corners[0].x, minY: corners[0].y, maxX: corners[0].x, maxY: corners[0].y)
    for p in corners { box.include(p) }
    if item.effectiveStroke != nil, item.lineWidth > 0, item.lineWidth.isFinite {
      let grow = item.lineWidth / 2 * max(abs(m.a) + abs(m.c), abs(m.b) + abs(m.d))
      box = Bounds(minX: box.minX - grow, minY: box.minY - grow, maxX: box.maxX + grow, maxY: box.maxY + grow)
    }
    return [box.minX, box.minY, box.maxX, box.maxY].allSatisfy(\.isFinite) ? box : nil
  }
}
