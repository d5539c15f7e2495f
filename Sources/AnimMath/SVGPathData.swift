/// SVG path data (§9's shape lines): absolute `M L Q C A Z` commands.
extension Path {
  /// The path as SVG path data, numbers written by `format` (the dump's 6-decimal
  /// rule lives with the caller). An arc becomes `A r r 0 0 sweep x y`, sweep 1 meaning
  /// clockwise on screen (increasing angle); an arc of more than 180° (a full circle
  /// included) is split into two equal halves, since one SVG arc cannot describe a turn.
  /// An arc away from the current point is reached by a line, as UIKit draws it (or
  /// by a move when nothing is drawn yet).
  public func svgPathData(format: (Double) -> String) -> String {
    var words: [String] = []
    var current: Point? = nil
    var subpathStart: Point? = nil
    func emit(_ command: String, _ points: [Point]) {
      words.append(command)
      for p in points {
        words.append(format(p.x))
        words.append(format(p.y))
      }
    }
    for segment in segments {
      switch segment {
      case .move(let p):
        emit("M", [p])
        current = p
        subpathStart = p
      case .line(let p):
        emit("L", [p])
        current = p
      case .quad(let c, let p):
        emit("Q", [c, p])
        current = p
      case .cubic(let c1, let c2, let p):
        emit("C", [c1, c2, p])
        current = p
      case .arc(let arc):
        let start = arc.startPoint
        if let here = current {
          if !Self.nearlyEqual(here, start, scale: abs(arc.radius)) { emit("L", [start]) }
        } else {
          emit("M", [start])
          subpathStart = start
        }
        let sweep = arc.sweep
        let halves = sweep > Double.pi ? [0.5, 1.0] : [1.0]
        if sweep > 0 {
          for t in halves {
            let r = format(abs(arc.radius))
            words += ["A", r, r, "0", "0", arc.clockwise ? "1" : "0"]
            let p = arc.point(at: t)
            words += [format(p.x), format(p.y)]
          }
        }
        current = arc.endPoint
      case .close:
        guard current != nil else { continue }
        words.append("Z")
        current = subpathStart
      }
    }
    return words.joined(separator: " ")
  }

  /// Whether two points agree up to rounding noise (cos/sin of exact angles such as π
  /// give 1e-16-sized offsets that must not turn into a stray `L`).
  private static func nearlyEqual(_ a: Point, _ b: Point, scale: Double) -> Bool {
    let tolerance = 1e-9 * max(1, scale, abs(a.x), abs(a.y))
    return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
  }
}
