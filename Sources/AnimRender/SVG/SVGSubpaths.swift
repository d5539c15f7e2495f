import AnimMath

/// SVG path data (`d`) for a `Path`: the one writer of §9's shape lines
/// (`Path.svgPathData`), with SVG's number rule (`SVGNumber`), plus the subpath
/// measurements that stroke trimming needs.
public enum SVGPathData {
  /// The `d` attribute text for `path`.
  public static func string(_ path: Path) -> String {
    path.svgPathData(format: SVGNumber.format)
  }

  /// The true length of a single subpath (as `subpaths` makes them): exact for lines
  /// and arcs, 256 chords per curve (relative error below 1e-5 for any sane curve), the
  /// closing line included. The dashes that express stroke trimming are measured with
  /// it, so they agree with a renderer measuring its own flattening.
  static func length(ofSubpath path: Path) -> Double {
    var total = 0.0
    var current: Point? = nil
    var start = Point.zero
    func chords(_ steps: Int, _ at: (Double) -> Point) -> Double {
      var sum = 0.0
      var last = at(0)
      for i in 1...steps {
        let p = at(Double(i) / Double(steps))
        sum += last.distance(to: p)
        last = p
      }
      return sum
    }
    for segment in path.segments {
      let from = current ?? start
      switch segment {
      case .move(let p):
        start = p
        current = p
      case .line(let p):
        total += from.distance(to: p)
        current = p
      case .quad(let c, let p):
        total += chords(256) { t in from * ((1 - t) * (1 - t)) + c * (2 * (1 - t) * t) + p * (t * t)
        }
        current = p
      case .cubic(let c1, let c2, let p):
        total += chords(256) { t in
          let u = 1 - t
          return from * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
        }
        current = p
      case .arc(let arc):
        guard arc.isFinite else { return .nan }
        let sweep = arc.sweep
        let arcStart = arc.point(atAngle: arc.start)
        if current != nil { total += from.distance(to: arcStart) }
        total += abs(arc.radius) * sweep
        current = arc.point(atAngle: arc.start + (arc.clockwise ? sweep : -sweep))
      case .close:
        total += from.distance(to: start)
        current = nil
      }
    }
    return total
  }

  /// `path` cut into subpaths, each beginning with an explicit `move` (a subpath that
  /// starts implicitly, after `close` or with an arc, gets the move it implies).
  static func subpaths(_ path: Path) -> [Path] {
    var result: [Path] = []
    var current: Path? = nil
    var open = false
    var subpathStart = Point.zero
    for segment in path.segments {
      switch segment {
      case .move(let p):
        if let current, current.segments.count > 1 { result.append(current) }
        current = Path([.move(to: p)])
        subpathStart = p
        open = true
      case .arc(let arc) where !open:
        if let current, current.segments.count > 1 { result.append(current) }
        subpathStart = arc.point(atAngle: arc.start)
        current = Path([.move(to: subpathStart), segment])
        open = true
      case .close:
        guard open else { continue }
        current?.segments.append(.close)
        open = false
      default:
        if !open {
          if let current, current.segments.count > 1 { result.append(current) }
          current = Path([.move(to: subpathStart)])
          open = true
        }
        current?.segments.append(segment)
      }
    }
    if let current, current.segments.count > 1 { result.append(current) }
    return result
  }
}
