import AnimSim

/// §9's CSV dump: a column row, then one row per node per frame (RFC 4180 quoting for
/// ids that need it).
public struct CSVWriter: FrameWriter {
  public static let columns =
    "frame,time,id,shape,x,y,scaleX,scaleY,rotation,opacity,fill,stroke,lineWidth,strokeStart,strokeEnd,tint,z,a,b,c,d,tx,ty"

  private let sink: ByteSink
  private var rows = DumpBytes()

  public init(to sink: ByteSink) { self.sink = sink }

  public mutating func begin(_ header: RunHeader) throws {
    try sink.write(Array((Self.columns + "\n").utf8))
  }

  public mutating func write(_ frame: Frame) throws {
    rows.removeAll()
    for node in frame.nodes { Self.row(node, frame, into: &rows) }
    try sink.write(rows.bytes)
  }

  public mutating func finish() throws {}

  static func row(_ node: NodeFrame, _ frame: Frame, into out: inout DumpBytes) {
    let s = node.state
    let m = node.matrix
    out.append(integer: frame.index)
    out.append(",")
    out.append(number: frame.time)
    out.append(",")
    out.append(text: cell(node.id.description))
    out.append(",")
    out.append(text: cell(node.shape.id))
    for v in [s.position.x, s.position.y, s.scaleX, s.scaleY, s.rotation, s.opacity] {
      out.append(",")
      out.append(number: v)
    }
    out.append(",")
    out.append(hex: s.fill)
    out.append(",")
    if node.hasStroke {
      out.append(hex: s.stroke)
      out.append(",")
      out.append(number: s.lineWidth)
    } else {
      out.append(",")
    }
    out.append(",")
    if node.hasTrim {
      out.append(number: s.strokeStart)
      out.append(",")
      out.append(number: s.strokeEnd)
    } else {
      out.append(",")
    }
    out.append(",")
    if let tint = node.tint { out.append(hex: tint) }
    for v in [node.z, m.a, m.b, m.c, m.d, m.tx, m.ty] {
      out.append(",")
      out.append(number: v)
    }
    out.append("\n")
  }

  /// RFC 4180 quoting, for ids that hold a comma, quote or newline.
  static func cell(_ s: String) -> String {
    guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
    var out = "\""
    for c in s { out += c == "\"" ? "\"\"" : String(c) }
    return out + "\""
  }
}
