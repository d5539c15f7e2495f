import AnimJSON
import AnimModel

/// §9's CSV dump: a column row, then one row per node per frame (RFC 4180 quoting for
/// ids that need it).
public struct CSVWriter: FrameWriter {
  public static let columns = columns(depth: false)

  private let sink: ByteSink
  private var rows = DumpBytes()
  /// Whether the columns include the 3-D ones (§12.1: when the scene has a 3-D node).
  private var depth = false
  /// The property cells of the columns (`RecordFields`).
  private var fields = RecordFields.csv(depth: false)
  /// The fields after `z` the scene sets (§14).
  private var extra: [DumpField] = []
  /// Whether the columns include `parent` (§14: when the scene has a tree).
  private var tree = false
  private let halves: DumpHalves

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
    depth = header.hasDepth
    fields = RecordFields.csv(depth: depth)
    extra = Self.unlessDefaultColumns(header.unlessDefaultProperties)
    tree = header.hasTree
    let names =
      extra.isEmpty && !tree
      ? (depth ? Self.depthColumns : Self.columns) : Self.columns(depth: depth, extra: extra, tree: tree)
    try sink.write(Array((names + "\n").utf8))
  }

  public mutating func write(_ frame: Frame) throws {
    rows.removeAll()
    let format = Rows(frame, fields: fields, depth: depth, extra: extra, tree: tree)
    try halves.write(frame, format, front: &rows, tail: "", to: sink)
  }

  /// A frame's rows, one line each.
  struct Rows: DumpRecordFormat {
    /// The property cells (`RecordFields`), made once per writer.
    let fields: RecordFields
    let depth: Bool
    let extra: [DumpField]
    let tree: Bool
    /// The cells every row of the frame starts with, `FRAME,` and `TIME`, made once;
    /// nil when they are not short (`CSVWriter.row` then writes them itself).
    let start: (PackedBytes, PackedBytes)?

    init(_ frame: Frame, fields: RecordFields, depth: Bool, extra: [DumpField] = [], tree: Bool = false) {
      self.fields = fields
      self.depth = depth
      self.extra = extra
      self.tree = tree
      if let index = JSONNumber.integerText(frame.index), let time = JSONNumber.shortText(frame.time) {
        start = (PackedBytes(index.low, count: index.count, then: 0x2C, count: 1), time)
      } else {
        start = nil
      }
    }

    func record(_ i: Int, of frame: Frame, into out: inout DumpBytes) {
      // By index: the record is read in place rather than copied out of the array.
      CSVWriter.row(
        frame.nodes[i], frame, fields: fields, depth: depth, extra: extra, tree: tree, start: start,
        into: &out)
    }
  }

  public mutating func finish() throws { try halves.finish(to: sink) }

  @inline(__always)
  static func row(
    _ node: NodeFrame, _ frame: Frame, fields: RecordFields, depth: Bool = false, extra: [DumpField] = [],
    tree: Bool = false,
    start: (PackedBytes, PackedBytes)? = nil, into out: inout DumpBytes
  ) {
    let m = node.matrix
    if let (index, time) = start {
      out.append(piece: index)
      out.append(piece: time)
    } else {
      out.append(integer: frame.index)
      out.append(",")
      out.append(number: frame.time)
    }
    out.append(byte: UInt8(ascii: ","))
    out.append(csvID: node.id)
    out.append(byte: UInt8(ascii: ","))
    out.append(csvCell: node.shape.id)
    if tree {
      // The parent's id, empty at the top level (§14).
      out.append(byte: UInt8(ascii: ","))
      if node.parentSlot >= 0 { out.append(csvID: frame.nodes[Int(node.parentSlot)].id) }
    }
    out.append(cells: fields, of: node)
    out.append(byte: UInt8(ascii: ","))
    if let tint = node.tint { out.append(hex: tint) }
    out.append(DumpBytes.comma, number: node.z, keptIn: fields.zKept)
    if !extra.isEmpty { unlessDefaultCells(node, extra, into: &out) }
    out.append(cell: m.a)
    out.append(cell: m.b)
    out.append(cell: m.c)
    out.append(cell: m.d)
    out.append(cell: m.tx)
    out.append(cell: m.ty)
    if depth { matrix3dCells(node, into: &out) }
    out.append(byte: 0x0A)
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

extension CSVWriter: HoldsFrameWhileNextIsMade {
  package var holdsFrameWhileNextIsMade: Bool { halves.overlapping }
}
