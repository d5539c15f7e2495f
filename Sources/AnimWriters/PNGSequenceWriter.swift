import AnimModel
import AnimRender
import AnimThreads

/// One PNG per frame, named `frame-NNNNN.png` by its number in the run (at least five
/// digits, more when the run has more frames), in order. Frame N is encoded on a second thread while frame N + 1 is
/// simulated and drawn; the files are the same bytes, written in the same order, as one
/// thread would write them (an encoder's output does not depend on what it encoded before).
package struct PNGSequenceWriter: FrameWriter {
  /// What the second thread hands back: the encoder (with its buffers, for the next
  /// frame), the file's name, and its bytes or the error.
  typealias Encoded = (encoder: PNGFrameEncoder, name: String, bytes: Result<[UInt8], EncodeError>)

  private let sink: FileSetSink
  private var raster: FrameRaster
  private var header: RunHeader?
  private var digits = 5
  private let runFrames: Int?
  /// The encoder while no job holds it.
  private var idle: PNGFrameEncoder? = PNGFrameEncoder()
  private let job = BackgroundJob<Encoded>()

  package init(to sink: FileSetSink, _ options: PictureOptions) {
    self.sink = sink
    runFrames = options.runFrames
    raster = FrameRaster(options)
  }

  package mutating func begin(_ header: RunHeader) throws {
    self.header = header
    digits = Self.digits(runFrames: max(header.frames, runFrames ?? 0))
  }

  package mutating func write(_ frame: Frame) throws {
    guard let header else { return }
    raster.draw(frame, header)
    // The previous frame's file first: its encoder, buffers and all, encodes this one.
    try store(job.finish())
    let encoder = idle ?? PNGFrameEncoder()
    idle = nil
    let bitmap = raster.bitmap
    let name = Self.name(frame.index, digits: digits)
    job.start {
      var encoder = encoder
      let bytes = Result { () throws(EncodeError) -> [UInt8] in try encoder.encode(bitmap) }
      return (encoder, name, bytes)
    }
  }

  package mutating func finish() throws { try store(job.finish()) }

  /// Writes a finished job's file and keeps its encoder.
  private mutating func store(_ done: Encoded?) throws {
    guard let done else { return }
    idle = done.encoder
    try sink.file(named: done.name, try done.bytes.get())
  }

  /// How many digits frame numbers take in a run of `runFrames` frames: at least five.
  package static func digits(runFrames: Int) -> Int { max(5, String(runFrames).count) }

  /// `frame-00042.png` for frame 42 with five digits.
  package static func name(_ n: Int, digits: Int) -> String {
    let number = String(n)
    return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
  }
}
