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
    out.append("{\"id\":")
    out.append(jsonID: node.id)
    out.append(",\"shape\":")
    out.append(jsonString: node.shape.id)
    out.append(member: "x", s.position.x)
    out.append(member: "y", s.position.y)
    out.append(member: "scaleX", s.scaleX)
    out.append(member: "scaleY", s.scaleY)
    out.append(member: "rotation", s.rotation)
    if node.matrix3d != nil { depthMembers(s, into: &out) }
    out.append(member: "opacity", s.opacity)
    let gradients = node.boxGradients
    out.append(member: "fill", paint: s.fill, gradient: gradients?.fill)
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
    out.append(member: "z", node.z)
    let m = node.matrix
    out.append(",\"matrix\":[")
    out.append(number: m.a)
    out.append(",")
    out.append(number: m.b)
    out.append(",")
    out.append(number: m.c)
    out.append(",")
    out.append(number: m.d)
    out.append(",")
    out.append(number: m.tx)
    out.append(",")
    out.append(number: m.ty)
    out.append("]")
    if let m3 = node.matrix3d { matrix3dMember(m3, into: &out) }
    out.append("}")
  }
}
