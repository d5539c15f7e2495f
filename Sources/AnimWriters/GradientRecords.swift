import AnimMath
import AnimModel

/// Gradient paints in dumps (§12.2): in a JSON Lines record, an object in place of the
/// colour string, `{"type":"linear","stops":[[0,"#00000000"],[1,"#000000FF"]],
/// "start":[x,y],"end":[x,y]}` (radial: `"center":[x,y],"radius":[rx,ry]`), positions in
/// the shape's box in points. In CSV, the same object as one quoted cell (RFC 4180), so a
/// reader that splits cells correctly gets the whole of it and nothing else moves.
extension DumpBytes {
  /// `,"KEY":` and the colour string, or the gradient object when the paint is one.
  mutating func append(member key: StaticString, paint c: Color, gradient: Gradient?) {
    guard let gradient else {
      append(member: key, color: c)
      return
    }
    append(",\"")
    append(key)
    append("\":")
    append(gradient: gradient)
  }

  /// The gradient's JSON object.
  mutating func append(gradient g: Gradient) {
    switch g.geometry {
    case .linear: append("{\"type\":\"linear\",\"stops\":[")
    case .radial: append("{\"type\":\"radial\",\"stops\":[")
    }
    for (i, stop) in g.stops.enumerated() {
      append(i == 0 ? "[" : ",[")
      append(number: stop.location)
      append(",\"")
      append(hex: stop.color)
      append("\"]")
    }
    append("]")
    switch g.geometry {
    case .linear(let s, let e):
      append(pair: "start", s)
      append(pair: "end", e)
    case .radial(let c, let r):
      append(pair: "center", c)
      append(pair: "radius", r)
    }
    append("}")
  }

  /// A CSV cell (without the comma before it): the colour, or the gradient's object
  /// quoted with its quotes doubled.
  mutating func append(paintCell c: Color, gradient: Gradient?) {
    guard let gradient else {
      append(hex: c)
      return
    }
    append(byte: UInt8(ascii: "\""))
    let start = buffer.count
    append(gradient: gradient)
    buffer.double(UInt8(ascii: "\""), since: start)
    append(byte: UInt8(ascii: "\""))
  }

  private mutating func append(pair key: StaticString, _ p: Point) {
    append(",\"")
    append(key)
    append("\":[")
    append(number: p.x)
    append(",")
    append(number: p.y)
    append("]")
  }
}

extension PaintGradients {
  /// The gradient a paint property (`fill`, `stroke`) has in place of its colour; nil for
  /// a colour and for every other property.
  func gradient(of property: Property) -> Gradient? {
    switch property {
    case .fill: return fill
    case .stroke: return stroke
    default: return nil
    }
  }
}
