import AnimModel
import AnimRender
import AnimSim
import Testing

@testable import AnimWriters

/// The two-thread PNG sequence against one thread doing the same work in order: the
/// same files, the same bytes, the same order.
@Suite struct PNGSequenceWriterTests {
  @Test func pipelinedSequenceEqualsSerialEncoding() throws {
    var options = SimulationOptions()
    options.duration = 0.5
    options.taps = [SimulationOptions.Tap(time: 0.05, point: nil)]
    let ir = try example("love-burst")
    let picture = PictureOptions(width: 120, height: 200)

    let sink = MemorySink()
    var writer = PNGSequenceWriter(to: sink, picture)
    try FrameRun.write(try Simulator(ir, options: options), to: &writer)

    let serial = try Simulator(ir, options: options)
    let header = RunHeader(serial, frames: serial.frameCount)
    var expected: [(String, [UInt8])] = []
    for n in 0..<serial.frameCount {
      try serial.step()
      let bitmap = Rasterizer().render(Drawing(serial.frame, header), width: picture.width, height: picture.height)
      expected.append((PNGSequenceWriter.name(n, digits: 5), try PNGEncoder.encode(bitmap)))
    }
    #expect(sink.files.count == 30 && expected.count == 30)
    for (got, want) in zip(sink.files, expected) {
      #expect(got.name == want.0)
      #expect(got.bytes == want.1, "\(got.name) differs")
    }
  }

  @Test func sinkFailureStopsTheSequence() throws {
    final class FailingSink: FileSetSink {
      var written = 0
      struct Full: Error {}
      func file(named name: String, _ bytes: [UInt8]) throws {
        if written == 3 { throw Full() }
        written += 1
      }
    }
    let sink = FailingSink()
    var writer = PNGSequenceWriter(to: sink, PictureOptions(width: 16, height: 16))
    var options = SimulationOptions()
    options.duration = 0.5
    #expect(throws: FailingSink.Full.self) {
      try FrameRun.write(try Simulator(try example("heart-view"), options: options), to: &writer)
    }
    #expect(sink.written == 3)
  }
}
