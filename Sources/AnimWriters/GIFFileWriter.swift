import AnimModel
import AnimRender

/// An animated GIF of the run: every frame drawn and quantized. GIF pixels are opaque or
/// transparent, nothing between. On an opaque background every pixel is opaque; on a
/// clear or translucent one, pixels under half coverage are transparent and the others
/// are composited on the matte (`PictureOptions.matte`), so antialiased edges blend
/// into the colour the GIF is meant to be shown on.
///
/// Each frame's bytes go to the sink as soon as it is encoded, so memory is the picture's
/// buffers whatever the number of frames, not the size of the file.
package struct GIFFileWriter: FrameWriter {
  private let sink: ByteSink
  private let options: PictureOptions
  private var raster: FrameRaster
  private var encoder: GIFWriter?
  private var header: RunHeader?

  package init(to sink: ByteSink, _ options: PictureOptions) {
    self.sink = sink
    self.options = options
    raster = FrameRaster(options)
  }

  package mutating func begin(_ header: RunHeader) throws {
    self.header = header
    let (r, g, b, a) = header.background.rgba8
    let (mr, mg, mb, _) = options.matte.rgba8
    let gif =
      a == 255
      ? GIFOptions(background: (r, g, b), plays: options.plays)
      : GIFOptions(background: (mr, mg, mb), plays: options.plays, transparency: true)
    var encoder = try GIFWriter(width: options.width, height: options.height, fps: header.fps, options: gif)
    try sink.write(encoder.takeBytes())
    self.encoder = encoder
  }

  package mutating func write(_ frame: Frame) throws {
    guard let header, encoder != nil else { return }
    raster.draw(frame, header)
    try encoder?.add(raster.bitmap)
    if let bytes = encoder?.takeBytes() { try sink.write(bytes) }
  }

  package mutating func finish() throws {
    guard var encoder else { return }
    try sink.write(try encoder.finish())
    self.encoder = nil
  }
}
