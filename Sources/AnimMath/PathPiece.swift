/// One drawn piece of a path, with its own start point made explicit: a `Path` stores
/// segments relative to the current point, but measuring, bounding and trimming need each
/// curve whole. `close` becomes a line back to the subpath's start; `move` draws nothing.
struct PathPiece: Sendable {
  enum Curve: Sendable {
    case line(Point, Point)
    case quad(Point, Point, Point)
    case cubic(Point, Point, Point, Point)
    case arc(Arc)
  }

  var curve: Curve
  /// Index of the segment in `Path.segments` this piece draws.
  var segmentIndex: Int

  var startPoint: Point { point(at: 0) }
  var endPoint: Point { point(at: 1) }

  func point(at t: Double) -> Point {
    switch curve {
    case .line(let a, let b): return a.lerp(to: b, t)
    case .quad(let a, let c, let b): return Bezier.quadPoint(a, c, b, t)
    case .cubic(let a, let c1, let c2, let b): return Bezier.cubicPoint(a, c1, c2, b, t)
    case .arc(let arc): return arc.point(at: t)
    }
  }

  func derivative(at t: Double) -> Point {
    switch curve {
    case .line(let a, let b): return b - a
    case .quad(let a, let c, let b): return Bezier.quadDerivative(a, c, b, t)
    case .cubic(let a, let c1, let c2, let b): return Bezier.cubicDerivative(a, c1, c2, b, t)
    case .arc(let arc): return arc.derivative(at: t)
    }
  }

  /// d²/dt², for Bezier pieces only (lines and arcs are measured without it).
  func secondDerivative(at t: Double) -> Point {
    switch curve {
    case .quad(let a, let c, let b): return Bezier.quadSecondDerivative(a, c, b)
    case .cubic(let a, let c1, let c2, let b): return Bezier.cubicSecondDerivative(a, c1, c2, b, t)
    case .line, .arc: return .zero
    }
  }

  /// The length of the control polygon: an upper bound on a Bezier piece's arc length.
  /// Summed from the start without an array of the points: every spawn on a path asks.
  var controlPolygonLength: Double {
    switch curve {
    case .line(let a, let b): return a.distance(to: b)
    case .quad(let a, let c, let b): return a.distance(to: c) + c.distance(to: b)
    case .cubic(let a, let c1, let c2, let b): return a.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: b)
    case .arc: return 0
    }
  }

  /// The control polygon, for limit directions at the ends.
  private var controlPoints: [Point] {
    switch curve {
    case .line(let a, let b): return [a, b]
    case .quad(let a, let c, let b): return [a, c, b]
    case .cubic(let a, let c1, let c2, let b): return [a, c1, c2, b]
    case .arc: return []
    }
  }

  /// The direction the piece leaves its start in, nil when it has none (a point).
  var startDirection: Point? {
    if case .arc(let arc) = curve {
      return arc.length > 0 ? arc.tangentDirection(at: 0) : nil
    }
    return Bezier.startDirection(controlPoints)
  }

  /// The direction the piece arrives at its end in, nil when it has none.
  var endDirection: Point? {
    if case .arc(let arc) = curve {
      return arc.length > 0 ? arc.tangentDirection(at: 1) : nil
    }
    return Bezier.endDirection(controlPoints)
  }

  /// Splits a path into pieces, following the current point as UIKit and SVG do: a
  /// drawing command with no current point starts at the origin; an arc starts at its
  /// own start angle (the builder has already joined it with a line when needed).
  static func pieces(of path: Path) -> (pieces: [PathPiece], firstPoint: Point?) {
    var pieces: [PathPiece] = []
    var current: Point? = nil
    var subpathStart: Point? = nil
    var firstPoint: Point? = nil
    func begin() -> Point {
      if let current { return current }
      subpathStart = .zero
      firstPoint = firstPoint ?? .zero
      return .zero
    }
    for (index, segment) in path.segments.enumerated() {
      switch segment {
      case .move(let p):
        current = p
        subpathStart = p
        firstPoint = firstPoint ?? p
      case .line(let p):
        pieces.append(PathPiece(curve: .line(begin(), p), segmentIndex: index))
        current = p
      case .quad(let c, let p):
        pieces.append(PathPiece(curve: .quad(begin(), c, p), segmentIndex: index))
        current = p
      case .cubic(let c1, let c2, let p):
        pieces.append(PathPiece(curve: .cubic(begin(), c1, c2, p), segmentIndex: index))
        current = p
      case .arc(let arc):
        if current == nil {
          subpathStart = arc.startPoint
          firstPoint = firstPoint ?? arc.startPoint
        }
        pieces.append(PathPiece(curve: .arc(arc), segmentIndex: index))
        current = arc.endPoint
      case .close:
        guard let from = current, let to = subpathStart else { continue }
        pieces.append(PathPiece(curve: .line(from, to), segmentIndex: index))
        current = to
      }
    }
    return (pieces, firstPoint)
  }
}
