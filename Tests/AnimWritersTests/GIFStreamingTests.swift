import AnimModel
import AnimSim
import Testing

@testable import AnimWriters

/// The GIF file writer holds no frame back (issue 17, item 8): after each frame the sink
/// has received every byte of it, so memory does not grow with the file.
@Suite struct GIFStreamingTests {
  /// Records how many bytes it holds at each write.
  final class CountingSink: ByteSink {
    var bytes: [UInt8] = []
    func write(_ chunk: [UInt8]) throws { bytes += chunk }
  }

  /// Counts the image descriptors in `gif` by walking its blocks (GIF89a: header and
  /// logical screen descriptor, optional global table, then extensions `0x21 label
  /// sub-blocks…`, images `0x2C descriptor [local table] lzw-size sub-blocks…`, and the
  /// trailer `0x3B`); nil when the bytes end mid-block.
  static func images(_ gif: [UInt8]) -> (count: Int, trailer: Bool)? {
    guard gif.count >= 13 else { return nil }
    var i = 13
    if gif[10] & 0x80 != 0 { i += 3 << (Int(gif[10] & 7) + 1) }
    var count = 0
    func skipSubBlocks() -> Bool {
      while i < gif.count {
        let n = Int(gif[i])
        i += 1 + n
        if n == 0 { return i <= gif.count }
      }
      return false
    }
    while i < gif.count {
      switch gif[i] {
      case 0x21:
        i += 2
        guard skipSubBlocks() else { return nil }
      case 0x2C:
        guard i + 10 <= gif.count else { return nil }
        let packed = gif[i + 9]
        i += 10
        if packed & 0x80 != 0 { i += 3 << (Int(packed & 7) + 1) }
        i += 1  // LZW minimum code size
        guard skipSubBlocks() else { return nil }
        count += 1
      case 0x3B: return i == gif.count - 1 ? (count, true) : nil
      default: return nil
      }
    }
    return (count, false)
  }

  @Test func everyFrameReachesTheSinkAsItIsWritten() throws {
    var options = SimulationOptions()
    options.duration = 0.1
    let simulator = try Simulator(try example("heart-view"), options: options)
    let sink = CountingSink()
    var writer = GIFFileWriter(to: sink, PictureOptions(width: 30, height: 50))
    try writer.begin(RunHeader(simulator, frames: simulator.frameCount))
    #expect(Self.images(sink.bytes).map { $0.count } == 0, "the header is written at once")
    for n in 0..<simulator.frameCount {
      try simulator.step()
      try writer.write(simulator.frame)
      // Every frame so far is complete in the sink, and nothing ends it yet.
      let seen = Self.images(sink.bytes)
      #expect(seen?.count == n + 1 && seen?.trailer == false, "after frame \(n): \(String(describing: seen))")
    }
    try writer.finish()
    let done = Self.images(sink.bytes)
    #expect(done?.count == simulator.frameCount && done?.trailer == true)
    #expect(simulator.frameCount == 6)
  }
}
