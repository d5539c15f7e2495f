import AnimModel

/// §9's JSON Lines dump: a header line, shape lines before the first frame that uses
/// each shape, and a frame line per frame. Memory stays flat: each frame's text is handed
/// to the sink before the next.
public struct JSONLinesWriter: FrameWriter {
  private let sink: ByteSink
  private var line = DumpBytes()
  private var announcer = ShapeAnnouncer()
  private let halves: DumpHalves
  private let records = NodeRecords()

  /// A writer whose every frame has reached `sink` when `write` returns; with
  /// `overlappingFrames`, a big frame's last part is made while the caller simulates the
  /// next frame and reaches `sink` in the next `write` or in `finish` (`DumpHalves`).
  public init(to sink: ByteSink, overlappingFrames: Bool = false) {
    self.init(to: sink, overlappingFrames: overlappingFrames, minimumSplit: DumpHalves.defaultMinimumRecords)
  }

  /// A writer that makes frames of at least `minimumSplit` records on two threads;
  /// `Int.max` makes every frame on the caller's thread.
  init(to sink: ByteSink, overlappingFrames: Bool, minimumSplit: Int) {
    self.sink = sink
    halves = DumpHalves(overlapping: overlappingFrames, minimumRecords: minimumSplit)
  }

  public mutating func begin(_ header: RunHeader) throws {
    line.removeAll()
    DumpRecords.header(header, into: &line)
    try sink.write(line.bytes)
  }

  public mutating func write(_ frame: Frame) throws {
    line.removeAll()
    for shape in announcer.newShapes(in: frame) { DumpRecords.shape(shape, into: &line) }
    line.append("{\"type\":\"frame\",\"frame\":")
    line.append(integer: frame.index)
    line.append(",\"time\":")
    line.append(number: frame.time)
    line.append(",\"nodes\":[")
    try halves.write(frame, records, front: &line, tail: "]}\n", to: sink)
  }

  public mutating func finish() throws { try halves.finish(to: sink) }
}

/// A frame line's node objects, comma-separated.
struct NodeRecords: DumpRecordFormat {
  let keys = NodeKeys()

  func record(_ i: Int, of frame: Frame, into out: inout DumpBytes) {
    if i > 0 { out.append(byte: UInt8(ascii: ",")) }
    // By index: the record is read in place rather than copied out of the array.
    let parent = frame.nodes[i].parentSlot
    DumpRecords.node(frame.nodes[i], parent: parent < 0 ? nil : frame.nodes[Int(parent)].id, keys: keys, into: &out)
  }
}

extension JSONLinesWriter: HoldsFrameWhileNextIsMade {
  package var holdsFrameWhileNextIsMade: Bool { halves.overlapping }
}
