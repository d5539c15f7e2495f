/// SVG path data (§9's shape lines): absolute `M L Q C A Z` commands.
extension Path {
  /// The path as SVG path data, numbers written by `format` (the dump's 6-decimal
  /// rule lives with the caller), from the path's elements (`Path.elements`). An arc
  /// becomes `A r r 0 0 sweep x y`, sweep 1 meaning clockwise on screen (increasing
  /// angle); an arc of more than 180° (a full circle included) is split into two equal
  /// halves, since one SVG arc cannot describe a turn. A subpath begins with `M`, but one
  /// begun after `Z`, where SVG continues from the closed subpath's start by itself.
  public func svgPathData(format: (Double) -> String) -> String {
    var words: [String] = []
    var afterClose = false
    func emit(_ command: String, _ points: Point...) {
      words.append(command)
      for p in points {
        words.append(format(p.x))
        words.append(format(p.y))
      }
    }
    for element in elements {
      switch element {
      case .begin(let p, let implied):
        if !(implied && afterClose) { emit("M", p) }
      case .draw(.line(_, let p)): emit("L", p)
      case .draw(.quad(_, let c, let p)): emit("Q", c, p)
      case .draw(.cubic(_, let c1, let c2, let p)): emit("C", c1, c2, p)
      case .draw(.arc(let arc)):
        let sweep = arc.sweep
        guard sweep > 0 else { break }
        let r = format(abs(arc.radius))
        for t in sweep > Double.pi ? [0.5, 1.0] : [1.0] {
          words += ["A", r, r, "0", "0", arc.clockwise ? "1" : "0"]
          let p = arc.point(at: t)
          words += [format(p.x), format(p.y)]
        }
      case .close: words.append("Z")
      }
      afterClose = element.isClose
    }
    return words.joined(separator: " ")
  }
}
