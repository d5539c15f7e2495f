import AnimJSON
import AnimMath
import AnimSim

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

  static func node(_ node: NodeFrame, into out: inout DumpBytes) {
    let s = node.state
    out.append(piece: Key.idOpen)
    out.append(jsonIDBody: node.id)
    out.append(piece: Key.shapeOpen)
    out.append(jsonStringBody: node.shape.id)
    out.append(Key.x, number: s.position.x)
    out.append(Key.y, number: s.position.y)
    out.append(Key.scaleX, number: s.scaleX, keptIn: 0)
    out.append(Key.scaleY, number: s.scaleY, keptIn: 3)
    out.append(Key.rotation, number: s.rotation)
    if node.matrix3d != nil { depthMembers(s, into: &out) }
    out.append(Key.opacity, number: s.opacity, keptIn: 1)
    let gradients = node.boxGradients
    if let fill = gradients?.fill {
      out.append(member: "fill", paint: s.fill, gradient: fill)
    } else {
      out.append(Key.fillOpen, hex: s.fill)
      out.append(byte: UInt8(ascii: "\""))
    }
    if node.hasStroke {
      out.append(member: "stroke", paint: s.stroke, gradient: gradients?.stroke)
      out.append(member: "lineWidth", s.lineWidth)
    }
    if node.hasTrim {
      out.append(member: "strokeStart", s.strokeStart)
      out.append(member: "strokeEnd", s.strokeEnd)
    }
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
    out.append(Key.z, number: node.z, keptIn: 2)
    let m = node.matrix
    out.append(Key.matrixOpen, number: m.a)
    out.append(cell: m.b)
    out.append(cell: m.c)
    out.append(cell: m.d)
    out.append(cell: m.tx)
    out.append(cell: m.ty)
    out.append(byte: UInt8(ascii: "]"))
    if let m3 = node.matrix3d { matrix3dMember(m3, into: &out) }
    out.append(byte: UInt8(ascii: "}"))
  }

  /// A node object's keys and the punctuation around them, each one piece.
  enum Key {
    static let idOpen = PackedBytes("{\"id\":\"")
    /// After the id's text: its closing quote, then the shape's key and opening quote.
    static let shapeOpen = PackedBytes("\",\"shape\":\"")
    /// After the shape's text: its closing quote, then `x`'s key.
    static let x = PackedBytes("\",\"x\":")
    static let y = PackedBytes(",\"y\":")
    static let scaleX = PackedBytes(",\"scaleX\":")
    static let scaleY = PackedBytes(",\"scaleY\":")
    static let rotation = PackedBytes(",\"rotation\":")
    static let opacity = PackedBytes(",\"opacity\":")
    static let fillOpen = PackedBytes(",\"fill\":\"")
    static let z = PackedBytes(",\"z\":")
    static let matrixOpen = PackedBytes(",\"matrix\":[")
  }
}
