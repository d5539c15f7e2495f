import AnimMath
import AnimModel
import AnimRender
import AnimSim
import AnimWriters

/// A frame drawn for the terminal: the scene scaled to fit `width × height` pixels (two
/// pixel rows per text row), centred, black around it so its edges show. It draws with
/// the same rasterizer as `animc render`, so strokes, tints and edges look the same.
struct TerminalCanvas {
  let width: Int
  let height: Int
  /// Scene points → canvas pixels.
  let view: AffineTransform
  private let sceneOutline: Path
  private let rasterizer = Rasterizer()
  private(set) var bitmap: Bitmap

  init(width: Int, height: Int, sceneWidth: Double, sceneHeight: Double) {
    self.width = max(width, 1)
    self.height = max(height, 1)
    let w = max(sceneWidth, 1)
    let h = max(sceneHeight, 1)
    let k = min(Double(self.width) / w, Double(self.height) / h)
    view =
      AffineTransform.translation((Double(self.width) - w * k) / 2, (Double(self.height) - h * k) / 2)
      * AffineTransform.scale(k, k)
    sceneOutline = ShapeOutline.rect(width: w, height: h).path
    bitmap = Bitmap(width: self.width, height: self.height)
  }

  /// A canvas position (fractions allowed) in scene coordinates, for mouse taps.
  func scenePoint(pixelX x: Double, pixelY y: Double) -> Point {
    (view.inverted ?? .identity).apply(Point(x, y))
  }

  /// The centre of a terminal cell (column and row from 1) in scene coordinates: a column
  /// is one pixel wide, a row holds two pixel rows (the half blocks).
  func scenePoint(column: Int, row: Int) -> Point {
    scenePoint(pixelX: Double(column - 1) + 0.5, pixelY: Double(row - 1) * 2 + 1)
  }

  mutating func render(_ frame: Frame, _ header: RunHeader) {
    let scene = Drawing(frame, header)
    var items = [DrawItem(path: sceneOutline, transform: view, fill: scene.background)]
    items.reserveCapacity(scene.items.count + 1)
    for var item in scene.items {
      item.transform = view * item.transform
      item.projection = item.projection.map { view * $0 }
      // A blur is in scene points (§15); this drawing's points are the terminal's pixels.
      item.blur *= abs(view.determinant).squareRoot()
      items.append(item)
    }
    let canvas = Drawing(width: Double(width), height: Double(height), background: .black, items: items)
    rasterizer.render(canvas, into: &bitmap)
  }

  /// The opaque colour at a pixel.
  func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
    let i = (y * width + x) * 4
    return (bitmap.pixels[i], bitmap.pixels[i + 1], bitmap.pixels[i + 2])
  }
}
