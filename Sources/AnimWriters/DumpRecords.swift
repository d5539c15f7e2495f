import AnimJSON
import AnimMath
import AnimSim

/// The records of §9's JSON Lines dump: the header line, a shape line, and a node's
/// object within a frame line. Pure functions of values.
enum DumpRecords {
  static func header(_ h: RunHeader, into out: inout DumpBytes) {
    out.append("{\"type\":\"header\",\"scene\":")
    out.append(jsonString: h.title)
    out.append(",\"width\":")
    out.append(number: h.width)
    out.append(",\"height\":")
    out.append(number: h.height)
    out.append(",\"fps\":")
    out.append(number: h.fps)
    // A seed is a 64-bit integer: its digits, exactly (a Double would round it).
    out.append(",\"seed\":")
    out.append(text: String(Int64(bitPattern: h.seed)))
    out.append(",\"frames\":")
    out.append(integer: h.frames)
    out.append(",\"background\":\"")
    out.append(hex: h.background)
    out.append("\"}\n")
  }

  static func shape(_ shape: SceneShape, into out: inout DumpBytes) {
    out.append("{\"type\":\"shape\",\"id\":")
    out.append(jsonString: shape.id)
    out.append(",\"path\":")
    out.append(jsonString: shape.outline.path.svgPathData(format: JSONNumber.format))
    out.append(",\"width\":")
    out.append(number: shape.outline.width)
    out.append(",\"height\":")
    out.append(number: shape.outline.height)
    out.append("}\n")
  }

  static func node(_ node: NodeFrame, into out: inout DumpBytes) {
    let s = node.state
    out.append("{\"id\":")
    out.append(jsonString: node.id.description)
    out.append(",\"shape\":")
    out.append(jsonString: node.shape.id)
    out.append(",\"x\":")
    out.append(number: s.position.x)
    out.append(",\"y\":")
    out.append(number: s.position.y)
    out.append(",\"scaleX\":")
    out.append(number: s.scaleX)
    out.append(",\"scaleY\":")
    out.append(number: s.scaleY)
    out.append(",\"rotation\":")
    out.append(number: s.rotation)
    out.append(",\"opacity\":")
    out.append(number: s.opacity)
    out.append(",\"fill\":\"")
    out.append(hex: s.fill)
    out.append("\"")
    if node.hasStroke {
      out.append(",\"stroke\":\"")
      out.append(hex: s.stroke)
      out.append("\",\"lineWidth\":")
      out.append(number: s.lineWidth)
    }
    if node.hasTrim {
      out.append(",\"strokeStart\":")
      out.append(number: s.strokeStart)
      out.append(",\"strokeEnd\":")
      out.append(number: s.strokeEnd)
    }
    if let tint = node.tint {
      out.append(",\"tint\":\"")
      out.append(hex: tint)
      out.append("\"")
    }
    out.append(",\"z\":")
    out.append(number: node.z)
    let m = node.matrix
    out.append(",\"matrix\":[")
    out.append(number: m.a)
    for v in [m.b, m.c, m.d, m.tx, m.ty] {
      out.append(",")
      out.append(number: v)
    }
    out.append("]}")
  }
}
