import AnimJSON
import AnimKit

/// The slots a page's shape table holds for one stream and one run (`BinaryFrame`).
///
/// A shared shape keeps its slot for the run. An instance's own shape is drawn in every
/// frame of its instance's life (as `ShapeAnnouncer` reasons for dumps), so one that a
/// sent frame no longer draws is gone for good: its slot is free for the next new shape,
/// which is announced into it. The table therefore follows what the scene holds, however
/// long it runs. Shapes are held, so that an identity is never reused while it has a slot.
struct ShapeSlots {
  private var slots: [ObjectIdentifier: UInt32] = [:]
  private var ownPrevious: [ObjectIdentifier: SceneShape] = [:]
  private var ownCurrent: [ObjectIdentifier: SceneShape] = [:]
  private var shared: [SceneShape] = []
  private var free: [UInt32] = []
  private var next: UInt32 = 0

  /// The slot of each record's shape in `frame` (`BinaryFrame.noShape` for a group's),
  /// announcing new ones as JSON lines into `announce`.
  mutating func slots(for frame: Frame, announce: inout [UInt8]) -> [UInt32] {
    var out: [UInt32] = []
    out.reserveCapacity(frame.nodes.count)
    ownCurrent.removeAll(keepingCapacity: true)
    var last: (ObjectIdentifier, UInt32)? = nil
    for i in frame.nodes.indices {
      let shape = frame.nodes[i].shape
      let key = ObjectIdentifier(shape)
      // Consecutive records mostly draw one shape.
      if let last, last.0 == key {
        out.append(last.1)
        continue
      }
      let slot = shape.isGroup ? BinaryFrame.noShape : slot(of: shape, key, announce: &announce)
      last = (key, slot)
      out.append(slot)
    }
    for (key, _) in ownPrevious where ownCurrent[key] == nil {
      if let slot = slots.removeValue(forKey: key) { free.append(slot) }
    }
    swap(&ownPrevious, &ownCurrent)
    return out
  }

  private mutating func slot(of shape: SceneShape, _ key: ObjectIdentifier, announce: inout [UInt8]) -> UInt32 {
    if !shape.isShared { ownCurrent[key] = shape }
    if let slot = slots[key] { return slot }
    let slot: UInt32
    if let reused = free.popLast() {
      slot = reused
    } else {
      slot = next
      next += 1
    }
    slots[key] = slot
    if shape.isShared { shared.append(shape) }
    announce += Array(Self.record(shape, slot: slot).serialized.utf8)
    announce.append(0x0A)
    return slot
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
