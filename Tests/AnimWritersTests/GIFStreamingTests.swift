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

  /// A file under `GIFWriter.holdLimit` reaches the sink whole when it ends: its header
  /// table waits for every frame's colours. (Past the limit, every frame but the last
  /// reaches the sink as it is written: `GIFHeaderTableTests`.) A bar moving every
  /// frame, so no two frames are equal.
  @Test func aSmallFileReachesTheSinkWhenItEnds() throws {
    let scene = """
      scene "Move" { size 60, 100; fps 60; duration 0.1s }
      node bar = rect(10, 100) { position (5, 50); animate x to 55 over 0.1s timing linear }
      """
    let simulator = try Simulator(try checkedScene(scene))
    let sink = CountingSink()
    var writer = GIFFileWriter(to: sink, PictureOptions(width: 60, height: 100))
    try writer.begin(RunHeader(simulator, frames: simulator.frameCount))
    // The header waits for the first frame, whose colours become its table.
    #expect(sink.bytes.isEmpty, "nothing is written before the first frame")
    for n in 0..<simulator.frameCount {
      try simulator.step()
      try writer.write(simulator.frame)
      #expect(sink.bytes.isEmpty, "after frame \(n): the small file is held back")
    }
    try writer.finish()
    let done = Self.images(sink.bytes)
    #expect(done?.count == simulator.frameCount && done?.trailer == true)
    #expect(simulator.frameCount == 6)
  }
}
