import AnimMath
import AnimSim

extension Drawing {
  /// What one simulated frame looks like: every live node's outline under its matrix,
  /// in paint order, over the scene's background (§9: a frame holds all a picture needs).
  public init(frame: Frame, simulator: Simulator) {
    let settings = simulator.scene.settings
    var items: [DrawItem] = []
    items.reserveCapacity(frame.nodes.count)
    for node in frame.nodes {
      let s = node.state
      items.append(
        DrawItem(
          path: simulator.shape(node.shape).outline.path,
          transform: node.matrix,
          fill: s.fill,
          stroke: node.hasStroke ? s.stroke : nil,
          lineWidth: s.lineWidth,
          strokeStart: node.hasTrim ? s.strokeStart : 0,
          strokeEnd: node.hasTrim ? s.strokeEnd : 1,
          opacity: s.opacity,
          tint: node.tint))
    }
    self.init(width: settings.width, height: settings.height, background: settings.background, items: items)
  }
}
