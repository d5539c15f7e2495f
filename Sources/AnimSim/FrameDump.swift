import AnimJSON
import AnimMath

/// Frame dumps (§9): JSON Lines (a header, shape lines once per shape id before the
/// first frame that uses them, frame lines) or CSV (a header row, one row per node per
/// frame). Numbers are written by `JSONNumber.format`: 6 decimals at most, no exponent,
/// no `-0`.
public struct FrameDump: Sendable {
  public enum Format: String, Sendable {
    case jsonLines = "json"
    case csv
  }

  public let format: Format

  public init(format: Format = .jsonLines) { self.format = format }

  public static let csvColumns =
    "frame,time,id,shape,x,y,scaleX,scaleY,rotation,opacity,fill,stroke,lineWidth,strokeStart,strokeEnd,tint,z,a,b,c,d,tx,ty"

  /// Runs `simulator` over frames `range` (all of its `frameCount` when nil), handing
  /// text to `sink` a frame at a time so memory stays flat. Frames before the range are
  /// simulated (events still fire) but not sampled.
  public func run(
    _ simulator: Simulator, frames range: ClosedRange<Int>? = nil, sink: (String) throws -> Void
  ) throws {
    let last = simulator.frameCount - 1
    let first = max(range?.lowerBound ?? 0, 0)
    let stop = min(range?.upperBound ?? last, last)
    let count = stop >= first ? stop - first + 1 : 0
    try sink(header(simulator, frames: count))
    guard count > 0 else { return }
    var text = ""
    for n in 0...stop {
      try simulator.step(sampling: n >= first)
      guard n >= first else { continue }
      text.removeAll(keepingCapacity: true)
      write(simulator.frame, simulator, into: &text)
      try sink(text)
    }
  }

  /// The header line (JSON) or the column row (CSV).
  public func header(_ simulator: Simulator, frames: Int) -> String {
    guard format == .jsonLines else { return Self.csvColumns + "\n" }
    let s = simulator.scene.settings
    var out = "{\"type\":\"header\",\"scene\":"
    JSONString.write(s.title, to: &out)
    out += ",\"width\":" + JSONNumber.format(s.width)
    out += ",\"height\":" + JSONNumber.format(s.height)
    out += ",\"fps\":" + JSONNumber.format(simulator.fps)
    // A seed is a 64-bit integer: its digits, exactly (a Double would round it).
    out += ",\"seed\":" + String(Int64(bitPattern: simulator.seed))
    out += ",\"frames\":" + String(frames)
    out += ",\"background\":\"" + s.background.hex + "\"}\n"
    return out
  }

  /// One frame: shape lines first for shapes not yet announced, then the frame line
  /// (JSON), or one row per node (CSV).
  public func write(_ frame: Frame, _ simulator: Simulator, into out: inout String) {
    switch format {
    case .jsonLines:
      for node in frame.nodes where !simulator.shape(node.shape).announced {
        writeShape(simulator.shape(node.shape), into: &out)
        simulator.markAnnounced(node.shape)
      }
      out += "{\"type\":\"frame\",\"frame\":" + String(frame.index)
      out += ",\"time\":" + JSONNumber.format(frame.time) + ",\"nodes\":["
      for (i, node) in frame.nodes.enumerated() {
        if i > 0 { out += "," }
        writeNode(node, shapeID: simulator.shape(node.shape).id, into: &out)
      }
      out += "]}\n"
    case .csv:
      for node in frame.nodes { writeRow(node, frame, shapeID: simulator.shape(node.shape).id, into: &out) }
    }
  }

  func writeShape(_ shape: ShapeEntry, into out: inout String) {
    out += "{\"type\":\"shape\",\"id\":"
    JSONString.write(shape.id, to: &out)
    out += ",\"path\":"
    JSONString.write(shape.outline.path.svgPathData(format: JSONNumber.format), to: &out)
    out += ",\"width\":" + JSONNumber.format(shape.outline.width)
    out += ",\"height\":" + JSONNumber.format(shape.outline.height) + "}\n"
  }

  func writeNode(_ node: NodeFrame, shapeID: String, into out: inout String) {
    let s = node.state
    out += "{\"id\":"
    JSONString.write(node.id.description, to: &out)
    out += ",\"shape\":"
    JSONString.write(shapeID, to: &out)
    func number(_ key: String, _ v: Double) { out += ",\"" + key + "\":" + JSONNumber.format(v) }
    number("x", s.position.x)
    number("y", s.position.y)
    number("scaleX", s.scaleX)
    number("scaleY", s.scaleY)
    number("rotation", s.rotation)
    number("opacity", s.opacity)
    out += ",\"fill\":\"" + s.fill.hex + "\""
    if node.hasStroke {
      out += ",\"stroke\":\"" + s.stroke.hex + "\""
      number("lineWidth", s.lineWidth)
    }
    if node.hasTrim {
      number("strokeStart", s.strokeStart)
      number("strokeEnd", s.strokeEnd)
    }
    if let tint = node.tint { out += ",\"tint\":\"" + tint.hex + "\"" }
    number("z", node.z)
    let m = node.matrix
    out += ",\"matrix\":[" + [m.a, m.b, m.c, m.d, m.tx, m.ty].map(JSONNumber.format).joined(separator: ",") + "]}"
  }

  func writeRow(_ node: NodeFrame, _ frame: Frame, shapeID: String, into out: inout String) {
    let s = node.state
    let m = node.matrix
    let f = JSONNumber.format
    var cells = [String(frame.index), f(frame.time), Self.csvCell(node.id.description), Self.csvCell(shapeID)]
    cells += [f(s.position.x), f(s.position.y), f(s.scaleX), f(s.scaleY), f(s.rotation), f(s.opacity), s.fill.hex]
    cells += node.hasStroke ? [s.stroke.hex, f(s.lineWidth)] : ["", ""]
    cells += node.hasTrim ? [f(s.strokeStart), f(s.strokeEnd)] : ["", ""]
    cells.append(node.tint?.hex ?? "")
    cells += [f(node.z), f(m.a), f(m.b), f(m.c), f(m.d), f(m.tx), f(m.ty)]
    out += cells.joined(separator: ",") + "\n"
  }

  /// RFC 4180 quoting, for ids that hold a comma, quote or newline.
  static func csvCell(_ s: String) -> String {
    guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
    var out = "\""
    for c in s { out += c == "\"" ? "\"\"" : String(c) }
    return out + "\""
  }
}
