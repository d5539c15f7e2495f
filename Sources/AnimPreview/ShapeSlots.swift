import AnimJSON
import AnimKit
import AnimModel

/// The slots a page's shape table holds for one stream and one run (`BinaryFrame`).
///
/// A shape is announced into a slot when `ShapeAnnouncer` finds it new, and an
/// instance's own shape that a sent frame no longer draws is gone for good: its slot is
/// free for the next new shape. The table therefore follows what the scene holds,
/// however long it runs.
struct ShapeSlots {
  private var announcer = ShapeAnnouncer()
  private var slots: [ObjectIdentifier: UInt32] = [:]
  private var free: [UInt32] = []
  private var next: UInt32 = 0

  /// The slot of each record's shape in `frame` (`BinaryFrame.noShape` for a group's),
  /// announcing new ones as JSON lines into `announce`.
  mutating func slots(for frame: Frame, announce: inout [UInt8]) -> [UInt32] {
    for shape in announcer.newShapes(in: frame) {
      let slot = free.popLast() ?? next
      if slot == next { next += 1 }
      slots[ObjectIdentifier(shape)] = slot
      announce += Array(Self.record(shape, slot: slot).serialized.utf8)
      announce.append(0x0A)
    }
    var out: [UInt32] = []
    out.reserveCapacity(frame.nodes.count)
    var last: (ObjectIdentifier, UInt32)? = nil
    for i in frame.nodes.indices {
      let shape = frame.nodes[i].shape
      let key = ObjectIdentifier(shape)
      // Consecutive records mostly draw one shape.
      if let last, last.0 == key {
        out.append(last.1)
        continue
      }
      // Every drawn shape has a slot: the announcer has given it, this frame or before.
      let slot = shape.isGroup ? BinaryFrame.noShape : slots[key] ?? BinaryFrame.noShape
      last = (key, slot)
      out.append(slot)
    }
    // Freed only after this frame's new shapes have theirs: a slot is taken again at the
    // earliest one frame after its shape was last drawn.
    for key in announcer.gone {
      if let slot = slots.removeValue(forKey: key) { free.append(slot) }
    }
    return out
  }

  /// A shape record: a dump's shape line (§9), its slot after the dump's fields.
  static func record(_ shape: SceneShape, slot: UInt32) -> JSONValue {
    var members: [(String, JSONValue)] = [("type", .string("shape")), ("id", .string(shape.id))]
    if let image = shape.image {
      members.append(("image", .string(image.name)))
    } else {
      members.append(("path", .string(shape.outline.path.svgPathData(format: JSONNumber.format))))
    }
    members.append(("width", .number(shape.outline.width)))
    members.append(("height", .number(shape.outline.height)))
    members.append(("slot", .number(Double(slot))))
    return .object(members)
  }
}

/// The slots of the ids' names for one stream and one run: few (one per declared name),
/// each announced once as `{"type":"name","slot":k,"name":"…"}`.
struct NameSlots {
  private var slots: [String: UInt32] = [:]

  mutating func slot(of name: String, announce: inout [UInt8]) -> UInt32 {
    if let slot = slots[name] { return slot }
    let slot = UInt32(slots.count)
    slots[name] = slot
    let record = JSONValue.object([("type", .string("name")), ("slot", .number(Double(slot))), ("name", .string(name))])
    announce += Array(record.serialized.utf8)
    announce.append(0x0A)
    return slot
  }
}
