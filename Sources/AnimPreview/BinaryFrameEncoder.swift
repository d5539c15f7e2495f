import AnimJSON
import AnimKit

/// Encodes one stream's frames as `BinaryFrame`s, with the JSON lines that announce the
/// shapes and names they are the first to use. One per stream: slots are what this page
/// has been told. `begin` starts a run's tables again (the page clears its own on the
/// header).
struct BinaryFrameEncoder {
  private var shapes = ShapeSlots()
  private var names = NameSlots()

  init() {}

  mutating func begin() {
    shapes = ShapeSlots()
    names = NameSlots()
  }

  /// The announcements `frame` needs first (JSON lines, possibly none) and its bytes.
  mutating func encode(_ frame: Frame) -> (announce: [UInt8], frame: [UInt8]) {
    var announce: [UInt8] = []
    let shapeSlots = shapes.slots(for: frame, announce: &announce)
    var trailer: [JSONValue] = []
    var records: [UInt8] = []
    records.reserveCapacity(frame.nodes.count * BinaryFrame.recordSize)
    var lastName: (String, UInt32)? = nil
    for i in frame.nodes.indices {
      let node = frame.nodes[i]
      let name: UInt32
      if let lastName, lastName.0 == node.id.name {
        name = lastName.1
      } else {
        name = names.slot(of: node.id.name, announce: &announce)
        lastName = (node.id.name, name)
      }
      let s = node.state
      var flags: BinaryFrame.Flags = []
      if node.hasStroke { flags.insert(.stroke) }
      if node.backFacing { flags.insert(.backFacing) }
      if s.isAdditive { flags.insert(.additive) }
      if node.tint != nil { flags.insert(.tint) }
      if let extra = Self.rare(node, i) {
        flags.insert(.trailer)
        trailer.append(extra)
      }
      let record = BinaryFrame.Record(
        matrix: node.matrix, opacity: min(1, max(0, s.opacity)), lineWidth: node.hasStroke ? s.lineWidth : 0,
        shape: shapeSlots[i], parent: Int32(clamping: node.parent ?? -1), name: name,
        index: UInt32(clamping: node.id.index), fill: s.fill, stroke: node.hasStroke ? s.stroke : .clear,
        tint: node.tint ?? .white, flags: flags, kind: BinaryFrame.kindCode(node.id.kind))
      BinaryFrame.append(record, into: &records)
    }
    let tail = trailer.isEmpty ? [] : Array(JSONValue.array(trailer).serialized.utf8)
    var out: [UInt8] = []
    BinaryFrame.header(
      frame: frame.index, time: frame.time, count: frame.nodes.count, trailer: tail.count, into: &out)
    out += records
    out += tail
    return (announce, out)
  }

  /// The trailer's object for what few records have, nil when the record has none of it.
  static func rare(_ node: NodeFrame, _ i: Int) -> JSONValue? {
    let s = node.state
    let trimmed = node.hasTrim
    let blurred = s.blur != 0
    let rect = node.contentsRect.flatMap { $0 == .full ? nil : $0 }
    guard node.gradients != nil || node.matrix3d != nil || rect != nil || trimmed || blurred else { return nil }
    var members: [(String, JSONValue)] = [("i", .number(Double(i)))]
    if let g = node.boxGradients {
      if let fill = g.fill { members.append(("fill", gradient(fill))) }
      if let stroke = g.stroke { members.append(("stroke", gradient(stroke))) }
    }
    if let m = node.matrix3d { members.append(("matrix3d", .array(m.m.map { .number($0) }))) }
    if let rect { members.append(("contentsRect", .array(rect.values.map { .number($0) }))) }
    if trimmed {
      members.append(("strokeStart", .number(s.strokeStart)))
      members.append(("strokeEnd", .number(s.strokeEnd)))
    }
    if blurred { members.append(("blur", .number(s.blur))) }
    return .object(members)
  }

  /// A gradient object as a dump writes it (§12.2), in the shape's box.
  static func gradient(_ g: Gradient) -> JSONValue {
    let stops = JSONValue.array(g.stops.map { .array([.number($0.location), .string($0.color.hex)]) })
    switch g.geometry {
    case .linear(let start, let end):
      return .object([
        ("type", .string("linear")), ("stops", stops), ("start", .array([.number(start.x), .number(start.y)])),
        ("end", .array([.number(end.x), .number(end.y)])),
      ])
    case .radial(let center, let radius):
      return .object([
        ("type", .string("radial")), ("stops", stops), ("center", .array([.number(center.x), .number(center.y)])),
        ("radius", .array([.number(radius.x), .number(radius.y)])),
      ])
    }
  }
}
