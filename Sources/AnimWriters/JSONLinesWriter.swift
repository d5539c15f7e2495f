import AnimSim

/// §9's JSON Lines dump: a header line, shape lines before the first frame that uses
/// each shape, and a frame line per frame. Memory stays flat: each frame's text is handed
/// to the sink before the next.
public struct JSONLinesWriter: FrameWriter {
  private let sink: ByteSink
  private var line = DumpBytes()
  private var announcer = ShapeAnnouncer()

  public init(to sink: ByteSink) { self.sink = sink }

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
    // By index: the record is read in place rather than copied out of the array.
    for i in frame.nodes.indices {
      if i > 0 { line.append(byte: UInt8(ascii: ",")) }
      DumpRecords.node(frame.nodes[i], into: &line)
    }
    line.append("]}\n")
    try sink.write(line.bytes)
  }

  public mutating func finish() throws {}
}
