import AnimMath

/// A small software rasterizer for previews in a terminal: each pixel's centre is
/// tested against every node's outline (flattened, non-zero rule) mapped through the
/// node's matrix, and covered pixels blend the node's fill (times a replicator tint)
/// with its opacity over what is below. Only the pixels inside a node's bounding box are
/// tested, so small particles cost little.
public struct CellRaster {
  public let width: Int
  public let height: Int
  /// sRGB, row by row, 0…1 per channel (opaque: composited over the background).
  public private(set) var pixels: [(r: Double, g: Double, b: Double)]
  /// Scene → pixel coordinates: the scene scaled to fit, centred.
  public let view: AffineTransform
  private var outlines: [Int: (id: String, outline: FlatOutline, bounds: Bounds?)] = [:]

  public init(width: Int, height: Int, sceneWidth: Double, sceneHeight: Double) {
    self.width = max(width, 1)
    self.height = max(height, 1)
    pixels = Array(repeating: (0, 0, 0), count: self.width * self.height)
    let w = max(sceneWidth, 1)
    let h = max(sceneHeight, 1)
    let k = min(Double(self.width) / w, Double(self.height) / h)
    view =
      AffineTransform.translation((Double(self.width) - w * k) / 2, (Double(self.height) - h * k) / 2)
      * AffineTransform.scale(k, k)
  }

  /// A pixel position (fractions allowed) in scene coordinates, for mouse taps.
  public func scenePoint(pixelX x: Double, pixelY y: Double) -> Point {
    (view.inverted ?? .identity).apply(Point(x, y))
  }

  /// Draws one frame: the background (over black), then the nodes in paint order.
  public mutating func render(_ frame: Frame, _ simulator: Simulator) {
    let bg = simulator.scene.settings.background
    let base = (r: bg.r * bg.a, g: bg.g * bg.a, b: bg.b * bg.a)
    // Outside the scene's own rectangle stays black, so its edges show.
    let sceneBox = view.apply(Point(0, 0))
    let sceneEnd = view.apply(Point(simulator.scene.settings.width, simulator.scene.settings.height))
    for y in 0..<height {
      for x in 0..<width {
        let cx = Double(x) + 0.5
        let cy = Double(y) + 0.5
        let inside = cx >= sceneBox.x && cx < sceneEnd.x && cy >= sceneBox.y && cy < sceneEnd.y
        pixels[y * width + x] = inside ? base : (0, 0, 0)
      }
    }
    for node in frame.nodes { draw(node, simulator) }
  }

  private mutating func draw(_ node: NodeFrame, _ simulator: Simulator) {
    let shape = simulator.shape(node.shape)
    if outlines[node.shape]?.id != shape.id {
      let flat = FlatOutline(shape.outline.path)
      outlines[node.shape] = (shape.id, flat, flat.bounds)
    }
    guard let entry = outlines[node.shape], let box = entry.bounds else { return }
    let toPixels = view * node.matrix
    guard let inverse = toPixels.inverted else { return }
    let tint = node.tint ?? .white
    let fill = node.state.fill
    let alpha = min(max(fill.a * tint.a * node.state.opacity, 0), 1)
    guard alpha > 0 else { return }
    let color = (r: fill.r * tint.r, g: fill.g * tint.g, b: fill.b * tint.b)
    let corners = [
      Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.minX, box.maxY), Point(box.maxX, box.maxY),
    ].map(toPixels.apply)
    guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
    // Clamped in Double first: Int(_:) of a huge value would trap.
    func index(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, -1), Double(limit))) }
    let x0 = max(0, index((corners.map(\.x).min() ?? 0).rounded(.down), width))
    let x1 = min(width - 1, index((corners.map(\.x).max() ?? -1).rounded(.up), width))
    let y0 = max(0, index((corners.map(\.y).min() ?? 0).rounded(.down), height))
    let y1 = min(height - 1, index((corners.map(\.y).max() ?? -1).rounded(.up), height))
    guard x0 <= x1, y0 <= y1 else { return }
    for y in y0...y1 {
      for x in x0...x1 where entry.outline.contains(inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))) {
        let i = y * width + x
        let p = pixels[i]
        pixels[i] = (p.r + (color.r - p.r) * alpha, p.g + (color.g - p.g) * alpha, p.b + (color.b - p.b) * alpha)
      }
    }
  }
}
