import AnimSim

/// §9's CSV dump: a column row, then one row per node per frame (RFC 4180 quoting for
/// ids that need it).
public struct CSVWriter: FrameWriter {
  public static let columns =
    "frame,time,id,shape,x,y,scaleX,scaleY,rotation,opacity,fill,stroke,lineWidth,strokeStart,strokeEnd,tint,z,a,b,c,d,tx,ty"

  private let sink: ByteSink
  private var rows = DumpBytes()
  /// Whether the columns include the 3-D ones (§12.1: when the scene has a 3-D node).
  private var depth = false

  public init(to sink: ByteSink) { self.sink = sink }

  public mutating func begin(_ header: RunHeader) throws {
    depth = header.hasDepth
    try sink.write(Array(((depth ? Self.depthColumns : Self.columns) + "\n").utf8))
  }

  public mutating func write(_ frame: Frame) throws {
    rows.removeAll()
    // By index: the record is read in place rather than copied out of the array.
    for i in frame.nodes.indices { Self.row(frame.nodes[i], frame, depth: depth, into: &rows) }
    try sink.write(rows.bytes)
  }

  public mutating func finish() throws {}

  static func row(_ node: NodeFrame, _ frame: Frame, depth: Bool = false, into out: inout DumpBytes) {
    let s = node.state
    let m = node.matrix
    out.append(integer: frame.index)
    out.append(",")
    out.append(number: frame.time)
    out.append(",")
    out.append(csvID: node.id)
    out.append(",")
    out.append(csvCell: node.shape.id)
    out.append(cell: s.position.x)
    out.append(cell: s.position.y)
    out.append(cell: s.scaleX)
    out.append(cell: s.scaleY)
    out.append(cell: s.rotation)
    if depth { depthCells(node, into: &out) }
    out.append(cell: s.opacity)
    out.append(",")
    let gradients = node.boxGradients
    out.append(paintCell: s.fill, gradient: gradients?.fill)
    out.append(",")
    if node.hasStroke {
      out.append(paintCell: s.stroke, gradient: gradients?.stroke)
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
    out.append(cell: node.z)
    out.append(cell: m.a)
    out.append(cell: m.b)
    out.append(cell: m.c)
    out.append(cell: m.d)
    out.append(cell: m.tx)
    out.append(cell: m.ty)
    if depth { matrix3dCells(node, into: &out) }
    out.append("\n")
  }

  /// Whether a cell holding `s` needs RFC 4180 quoting.
  static func needsQuotes(_ s: String) -> Bool {
    s.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
  }

  /// RFC 4180 quoting, for ids that hold a comma, quote or newline.
  static func cell(_ s: String) -> String {
    guard needsQuotes(s) else { return s }
    var out = "\""
    for c in s { out += c == "\"" ? "\"\"" : String(c) }
    return out + "\""
  }
}
