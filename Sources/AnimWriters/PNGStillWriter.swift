import AnimModel
import AnimRender

/// One frame as a PNG (RGBA): the last frame it is given.
package struct PNGStillWriter: FrameWriter {
  private let sink: ByteSink
  private var raster: FrameRaster
  private var header: RunHeader?
  private var drawn = false

  package init(to sink: ByteSink, _ options: PictureOptions) {
    self.sink = sink
    raster = FrameRaster(options)
  }

  package mutating func begin(_ header: RunHeader) throws { self.header = header }

  package mutating func write(_ frame: Frame) throws {
    guard let header else { return }
    raster.draw(frame, header)
    drawn = true
  }

  package mutating func finish() throws {
    guard drawn else { return }
    try sink.write(try PNGEncoder.encode(raster.bitmap))
  }
}
