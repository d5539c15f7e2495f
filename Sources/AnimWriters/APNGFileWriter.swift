import AnimModel
import AnimRender

/// An animated PNG of the run (`-o OUT.apng`): every frame drawn with full alpha, later
/// frames as the rectangle that changed, identical frames merged (`APNGWriter`). The
/// bytes reach the sink at the end, since APNG's frame count comes before its frames.
package struct APNGFileWriter: FrameWriter {
  private let sink: ByteSink
  private let options: PictureOptions
  private var raster: FrameRaster
  private var encoder: APNGWriter?

  package init(to sink: ByteSink, _ options: PictureOptions) {
    self.sink = sink
    self.options = options
    raster = FrameRaster(options)
  }

  package mutating func begin(_ header: RunHeader) throws {
    encoder = try APNGWriter(width: options.width, height: options.height, fps: header.fps, plays: options.plays)
    self.header = header
  }

  private var header: RunHeader?

  package mutating func write(_ frame: Frame) throws {
    guard let header, encoder != nil else { return }
    raster.draw(frame, header)
    try encoder?.add(raster.bitmap)
  }

  package mutating func finish() throws {
    guard let encoder else { return }
    self.encoder = nil
    guard let bytes = encoder.finish() else { throw EncodeError.noFrames }
    try sink.write(bytes)
  }
}
