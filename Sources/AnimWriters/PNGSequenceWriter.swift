import AnimRender
import AnimSim

/// One PNG per frame, named `frame-NNNNN.png` (at least five digits, more when the run
/// has more frames), in order.
public struct PNGSequenceWriter: FrameWriter {
  private let sink: FileSetSink
  private var raster: FrameRaster
  private var header: RunHeader?
  private var digits = 5

  public init(to sink: FileSetSink, _ options: PictureOptions) {
    self.sink = sink
    raster = FrameRaster(options)
  }

  public mutating func begin(_ header: RunHeader) throws {
    self.header = header
    digits = max(5, String(header.frames).count)
  }

  public mutating func write(_ frame: Frame) throws {
    guard let header else { return }
    raster.draw(frame, header)
    try sink.file(named: Self.name(frame.index, digits: digits), try PNGEncoder.encode(raster.bitmap))
  }

  public mutating func finish() throws {}

  /// `frame-00042.png` for frame 42 with five digits.
  static func name(_ n: Int, digits: Int) -> String {
    let number = String(n)
    return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
  }
}
