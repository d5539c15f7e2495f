import AnimMath
import AnimModel
import AnimRender

extension Drawing {
  /// What one frame looks like: every item's outline under its matrix, in paint order,
  /// over the scene's background (§9: a frame holds all a picture needs). A record that
  /// faces away with `doubleSided false`, and a group, draw no shape (§14).
  package init(_ frame: Frame, _ header: RunHeader) {
    var items: [DrawItem] = []
    items.reserveCapacity(frame.nodes.count)
    // A tree's records draw with their ancestors' opacities multiplied in (§14).
    let opacities = frame.drawnOpacities()
    for (k, node) in frame.nodes.enumerated() {
      let opacity = opacities?[k] ?? node.state.opacity
      guard !node.backFacing, !node.shape.isGroup else { continue }
      let s = node.state
      items.append(
        DrawItem(
          path: node.shape.outline.path,
          transform: node.matrix,
          fill: s.fill,
          stroke: node.hasStroke ? s.stroke : nil,
          lineWidth: s.lineWidth,
          strokeStart: node.hasTrim ? s.strokeStart : 0,
          strokeEnd: node.hasTrim ? s.strokeEnd : 1,
          opacity: opacity,
          tint: node.tint,
          projection: node.matrix3d?.planar))
      if node.gradients != nil { items[items.count - 1].gradients = node.boxGradients }
      if let image = node.drawImage { items[items.count - 1].image = image }
      if s.isAdditive { items[items.count - 1].additive = true }
      if s.blur > 0 { items[items.count - 1].blur = s.blur }
    }
    self.init(width: header.width, height: header.height, background: header.background, items: items)
  }
}
