import AnimMath

/// SVG path data (`d`) for a `Path`: the one writer of §9's shape lines
/// (`Path.svgPathData`), with SVG's number rule (`SVGNumber`), plus the subpath
/// measurements that stroke trimming needs.
package enum SVGPathData {
  /// The `d` attribute text for `path`.
  package static func string(_ path: Path) -> String {
    path.svgPathData(format: SVGNumber.format)
  }

  /// The true length of a single subpath (as `subpaths` makes them): exact for lines
  /// and arcs, 256 chords per curve (relative error below 1e-5 for any sane curve), the
  /// closing line included. The dashes that express stroke trimming are measured with
  /// it, so they agree with a renderer measuring its own flattening.
  static func length(ofSubpath path: Path) -> Double {
    var total = 0.0
    for element in path.elements {
      switch element.curve {
      case nil: break
      case .line(let a, let b): total += a.distance(to: b)
      case .arc(let arc):
        guard arc.isFinite else { return .nan }
        total += arc.length
      case let curve?:
        var last = curve.startPoint
        for i in 1...256 {
          let p = curve.point(at: Double(i) / 256)
          total += last.distance(to: p)
          last = p
        }
      }
    }
    return total
  }

  /// `path` cut into subpaths, each beginning with an explicit `move` (a subpath that
  /// starts implicitly, after `close` or with an arc, gets the move it implies), one per
  /// subpath of `path.elements` that draws something.
  static func subpaths(_ path: Path) -> [Path] {
    var result: [Path] = []
    var current = Path()
    func finish() {
      if current.segments.count > 1 { result.append(current) }
    }
    for element in path.elements {
      switch element {
      case .begin(let p, _):
        finish()
        current = Path([.move(to: p)])
      case .draw(.line(_, let p)): current.segments.append(.line(to: p))
      case .draw(.quad(_, let c, let p)): current.segments.append(.quad(control: c, to: p))
      case .draw(.cubic(_, let c1, let c2, let p)): current.segments.append(.cubic(c1: c1, c2: c2, to: p))
      case .draw(.arc(let arc)): current.segments.append(.arc(arc))
      case .close: current.segments.append(.close)
      }
    }
    finish()
    return result
  }
}
