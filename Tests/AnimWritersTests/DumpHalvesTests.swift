import AnimMath
import Testing

@testable import AnimModel
@testable import AnimSim
@testable import AnimWriters

/// A dump made on two threads (`DumpHalves`) is byte for byte the dump one thread makes:
/// frames big enough to be split, of records of every kind the examples draw (gradients,
/// 3-D, replicator tints, trims, spawns), with numbers of every size, written by a writer
/// that splits them and by one that never does.
@Suite struct DumpHalvesTests {
  /// Records from a few frames of each example, and the header of the 3-D one (so the
  /// CSV has every column).
  static func records() throws -> (records: [NodeFrame], header: RunHeader) {
    var records: [NodeFrame] = []
    var header: RunHeader? = nil
    for name in ["gradients", "fold", "ca-replicators", "handwriting", "love-burst", "floating-hearts"] {
      let sim = try Simulator(try example(name))
      if sim.scene.has3D { header = RunHeader(sim, frames: 4) }
      for n in 0..<min(sim.frameCount, 24) {
        try sim.step()
        if n % 8 == 7 { records += sim.frame.nodes }
      }
    }
    return (records, try #require(header, "no example with a 3-D node"))
  }

  /// Frame `n` of `count` records: the pool's records in turn, moved and renumbered so
  /// that no two are alike; some numbers are large, negative, tiny or not finite.
  static func frame(_ n: Int, count: Int, from pool: [NodeFrame]) -> Frame {
    var frame = Frame()
    frame.index = n
    frame.time = Double(n) / 60
    var seed = UInt64(n + 1) &* 0x9E37_79B9_7F4A_7C15
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(Int64(bitPattern: seed >> 11)) / Double(1 << 40)
    }
    let odd: [Double] = [1e9, -3.5e12, 1e-7, -0.0, .infinity, .nan, 123_456_789.000_000_5, 0.000_000_5]
    for i in 0..<count {
      var r = pool[(i &* 7 &+ n) % pool.count]
      r.state.position.x = next() * 1000
      r.state.position.y = i % 97 == 0 ? odd[(i / 97) % odd.count] : next()
      r.state.rotation = next() * 360
      r.matrix.tx = next() * 500
      r.matrix.ty = -r.matrix.tx
      r.z = Double(i % 5)
      r.id.index = i
      frame.nodes.append(r)
    }
    return frame
  }

  /// The writer's bytes for frames of these sizes, the frame value changed in place
  /// after each write as the simulator changes its own.
  static func dump(_ writer: inout some FrameWriter, header: RunHeader, sizes: [Int], pool: [NodeFrame]) throws {
    try writer.begin(header)
    var frame = Frame()
    for (n, size) in sizes.enumerated() {
      frame = Self.frame(n, count: size, from: pool)
      try writer.write(frame)
      for i in frame.nodes.indices { frame.nodes[i].matrix.tx = .nan }
    }
    try writer.finish()
  }

  /// Where two dumps first differ (nil when they are the same), rather than both whole.
  static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
    if let i = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) { return i }
    return a.count == b.count ? nil : min(a.count, b.count)
  }

  static let sizes = [5000, 100, 4096, 2048, 2047, 9001, 0, 3000]

  @Test(arguments: [false, true]) func jsonLinesOnTwoThreadsAreOneThreadsBytes(overlapping: Bool) throws {
    let (pool, header) = try Self.records()
    #expect(pool.count > 20)
    let two = MemorySink()
    let one = MemorySink()
    var split = JSONLinesWriter(to: two, overlappingFrames: overlapping, minimumSplit: 2048)
    var whole = JSONLinesWriter(to: one, overlappingFrames: overlapping, minimumSplit: .max)
    try Self.dump(&split, header: header, sizes: Self.sizes, pool: pool)
    try Self.dump(&whole, header: header, sizes: Self.sizes, pool: pool)
    #expect(one.bytes.count > 1_000_000)
    #expect(Self.firstDifference(two.bytes, one.bytes) == nil)
    // Every frame is one line, in order.
    let frames = one.text.split(separator: "\n").filter { $0.hasPrefix("{\"type\":\"frame\"") }
    #expect(frames.count == Self.sizes.count)
  }

  @Test(arguments: [false, true]) func csvOnTwoThreadsIsOneThreadsBytes(overlapping: Bool) throws {
    let (pool, header) = try Self.records()
    let two = MemorySink()
    let one = MemorySink()
    var split = CSVWriter(to: two, overlappingFrames: overlapping, minimumSplit: 2048)
    var whole = CSVWriter(to: one, overlappingFrames: overlapping, minimumSplit: .max)
    try Self.dump(&split, header: header, sizes: Self.sizes, pool: pool)
    try Self.dump(&whole, header: header, sizes: Self.sizes, pool: pool)
    #expect(Self.firstDifference(two.bytes, one.bytes) == nil)
    let lines = one.text.split(separator: "\n", omittingEmptySubsequences: false)
    // A column row, a row per record, and the empty string after the last newline.
    #expect(lines.count == 1 + Self.sizes.reduce(0, +) + 1)
  }

  /// Without overlapping, a frame's line is whole when `write` returns (a stream read
  /// frame by frame, as the preview's, never sees half of one).
  @Test func framesAreWholeWhenWriteReturns() throws {
    let (pool, header) = try Self.records()
    let sink = MemorySink()
    var writer = JSONLinesWriter(to: sink, overlappingFrames: false, minimumSplit: 2048)
    try writer.begin(header)
    for n in 0..<3 {
      try writer.write(Self.frame(n, count: 4000, from: pool))
      #expect(sink.bytes.last == 0x0A)
      let lines = sink.text.split(separator: "\n").filter { $0.hasPrefix("{\"type\":\"frame\"") }
      #expect(lines.count == n + 1 && lines.last?.hasSuffix("]}") == true)
    }
    try writer.finish()
  }

  /// A run tells the simulator whether its writer holds a frame while the next is made:
  /// only then are frames sampled into a second set of records. The dump is the same.
  @Test func aRunSamplesIntoSpareRecordsOnlyForAWriterThatHoldsFrames() throws {
    var dumps: [Bool: [UInt8]] = [:]
    for overlapping in [false, true] {
      let sim = try Simulator(try example("love-burst"))
      let sink = MemorySink()
      var writer = JSONLinesWriter(to: sink, overlappingFrames: overlapping, minimumSplit: 2)
      #expect(!sim.samplesIntoSpareRecords)
      try FrameRun.write(sim, to: &writer)
      #expect(sim.samplesIntoSpareRecords == overlapping)
      dumps[overlapping] = sink.bytes
    }
    #expect(dumps[false]?.isEmpty == false && dumps[false] == dumps[true])
  }
}
