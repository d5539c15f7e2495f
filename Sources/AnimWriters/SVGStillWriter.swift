import AnimModel
import AnimRender

/// One frame as a standalone SVG document: the last frame it is given.
package struct SVGStillWriter: FrameWriter {
  private let sink: ByteSink
  private let options: PictureOptions
  private var header: RunHeader?
  private var last: Frame?

  package init(to sink: ByteSink, _ options: PictureOptions) {
    self.sink = sink
    self.options = options
  }

  package mutating func begin(_ header: RunHeader) throws { self.header = header }

  package mutating func write(_ frame: Frame) throws { last = frame }

  package mutating func finish() throws {
    guard let header, let last else { return }
    let drawing = Drawing(last, header)
    let text =
      options.placement(sceneWidth: header.width, sceneHeight: header.height)
      .flatMap { FittedSVG.document(drawing, $0, pixelWidth: options.width, pixelHeight: options.height) }
      ?? SVGWriter.document(drawing, pixelWidth: options.width, pixelHeight: options.height)
    try sink.write(Array(text.utf8))
  }
}
