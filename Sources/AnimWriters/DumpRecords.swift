import AnimJSON
import AnimMath
import AnimModel

/// The records of §9's JSON Lines dump: the header line, a shape line, and a node's
/// object within a frame line. Pure functions of values.
enum DumpRecords {
  static func header(_ h: RunHeader, into out: inout DumpBytes) {
    out.append("{\"type\":\"header\",\"scene\":")
    out.append(jsonString: h.title)
    out.append(member: "width", h.width)
    out.append(member: "height", h.height)
    out.append(member: "fps", h.fps)
    // A seed is a 64-bit integer: its digits, exactly (a Double would round it).
    out.append(",\"seed\":")
    out.append(text: String(Int64(bitPattern: h.seed)))
    out.append(",\"frames\":")
    out.append(integer: h.frames)
    out.append(member: "background", color: h.background)
    out.append("}\n")
  }

  static func shape(_ shape: SceneShape, into out: inout DumpBytes) {
    out.append("{\"type\":\"shape\",\"id\":")
    out.append(jsonString: shape.id)
    if let image = shape.image {
      // §12.3: the file as the source wrote it, in place of the outline.
      out.append(",\"image\":")
      out.append(jsonString: image.name)
    } else {
      out.append(",\"path\":")
      out.append(jsonString: shape.outline.path.svgPathData(format: JSONNumber.format))
    }
    out.append(member: "width", shape.outline.width)
    out.append(member: "height", shape.outline.height)
    if !shape.fonts.isEmpty { DumpRecords.fonts(shape.fonts, into: &out) }
    out.append("}\n")
  }

  @inline(__always)
  /// `parent`: the parent record's id (§14), nil at the top level. Each of the id, the
  /// shape and the parent leaves its string open for the next key to close. The property
  /// fields are the declared ones (`RecordFields`), with the structure around them.
  static func node(
    _ node: NodeFrame, parent: InstanceID? = nil, keys: NodeKeys = NodeKeys(), into out: inout DumpBytes
  ) {
    out.append(piece: keys.idOpen)
    out.append(jsonIDBody: node.id)
    if !node.shape.isGroup {
      out.append(piece: keys.shapeOpen)
      out.append(jsonStringBody: node.shape.id)
    }
    if let parent {
      out.append(piece: keys.parentOpen)
      out.append(jsonIDBody: parent)
    }
    if !keys.fields.closesString { out.append(byte: UInt8(ascii: "\"")) }
    out.append(members: keys.fields, of: node)
    if let tint = node.tint {
      out.append(member: "tint", color: tint)
    }
    if let rect = node.contentsRect, rect != .full {
      out.append(",\"contentsRect\":[")
      out.append(number: rect.x)
      out.append(",")
      out.append(number: rect.y)
      out.append(",")
      out.append(number: rect.width)
      out.append(",")
      out.append(number: rect.height)
      out.append("]")
    }
    out.append(keys.z, number: node.z, keptIn: keys.fields.zKept)
    DumpRecords.unlessDefaultMembers(node, keys.fields.unlessDefault, into: &out)
    let m = node.matrix
    out.append(keys.matrixOpen, number: m.a)
    out.append(cell: m.b)
    out.append(cell: m.c)
    out.append(cell: m.d)
    out.append(cell: m.tx)
    out.append(cell: m.ty)
    out.append(byte: UInt8(ascii: "]"))
    if node.hasMatrix3D, let m3 = node.matrix3d { matrix3dMember(m3, into: &out) }
    out.append(byte: UInt8(ascii: "}"))
  }
}

/// A node object's structural keys (those that are not properties) and the punctuation
/// around them, each one piece, and its property fields: made once per writer and read
/// from it (a `static let` would be looked up through a lazy global at every use).
struct NodeKeys: Sendable {
  let idOpen = PackedBytes("{\"id\":\"")
  /// After the id's text: its closing quote, then the shape's key and opening quote.
  let shapeOpen = PackedBytes("\",\"shape\":\"")
  /// After the shape's (or id's) text: its closing quote, then the parent's key and
  /// opening quote.
  let parentOpen = PackedBytes("\",\"parent\":\"")
  let z = PackedBytes(",\"z\":")
  let matrixOpen = PackedBytes(",\"matrix\":[")
  /// The property fields, from the declarations.
  let fields = RecordFields.json()
}
