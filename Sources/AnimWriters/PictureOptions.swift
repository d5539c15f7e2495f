import AnimRender
import AnimSim

/// How pictures are made: their size in pixels. The drawing (in points) is scaled to it
/// per axis.
public struct PictureOptions: Sendable, Equatable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// Draws frames into one reused bitmap, so memory does not grow with the frames.
struct FrameRaster {
  let rasterizer = Rasterizer()
  var bitmap: Bitmap

  init(_ options: PictureOptions) { bitmap = Bitmap(width: options.width, height: options.height) }

  mutating func draw(_ frame: Frame, _ header: RunHeader) {
    rasterizer.render(Drawing(frame, header), into: &bitmap)
  }
}
