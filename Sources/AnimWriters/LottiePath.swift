import AnimMath
import AnimModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One subpath as Lottie stores it: vertices, and each vertex's in and out tangents
/// relative to it (cubic control points). Closed subpaths join the last vertex to the
/// first with the last out tangent and the first in tangent.
struct LottieBezier: Hashable, Sendable {
  var vertices: [Point] = []
  var inTangents: [Point] = []
  var outTangents: [Point] = []
  var closed = false

  /// Every vertex and control point, absolute: the points §13's accuracy is measured on.
  var points: [Point] {
    var out: [Point] = []
    for (k, v) in vertices.enumerated() {
      out.append(v)
      out.append(v + inTangents[k])
      out.append(v + outTangents[k])
    }
    return out
  }
}

/// A shape's outline as Lottie paths: lines and quads exactly, arcs as cubics split finely
/// enough that the curve stays within `tolerance` (local units) of the circle.
enum LottiePath {
  /// The beziers of `path`'s elements (`Path.elements`), one per subpath.
  static func beziers(_ path: Path, tolerance: Double) -> [LottieBezier] {
    var out: [LottieBezier] = []
    var current = LottieBezier()

    func finish(closed: Bool) {
      guard !current.vertices.isEmpty else { return }
      current.closed = closed
      if closed, current.vertices.count > 1, let last = current.vertices.last,
        last.distance(to: current.vertices[0]) < 1e-9
      {
        // The last segment already returns to the start: fold the duplicate vertex.
        current.inTangents[0] = current.inTangents[current.vertices.count - 1]
        current.vertices.removeLast()
        current.inTangents.removeLast()
        current.outTangents.removeLast()
      }
      out.append(current)
      current = LottieBezier()
    }
    /// The last vertex: where the previous curve's cubics end, to the bit (an arc's
    /// last cubic ends at its end angle as `appendArc` computes it).
    var pen: Point { current.vertices.last ?? .zero }
    func cubic(_ c1: Point, _ c2: Point, _ to: Point) {
      guard let k = current.vertices.indices.last else { return }
      current.outTangents[k] = c1 - current.vertices[k]
      current.vertices.append(to)
      current.inTangents.append(c2 - to)
      current.outTangents.append(.zero)
    }

    for element in path.elements {
      switch element {
      case .begin(let p, _):
        finish(closed: false)
        // A subpath begun at a non-finite arc's start draws nothing.
        guard p.x.isFinite, p.y.isFinite else { continue }
        current.vertices = [p]
        current.inTangents = [.zero]
        current.outTangents = [.zero]
      case .draw(.line(_, let p)): cubic(pen, p, p)
      case .draw(.quad(_, let c, let p)):
        cubic(pen + (c - pen) * (2.0 / 3.0), p + (c - p) * (2.0 / 3.0), p)
      case .draw(.cubic(_, let c1, let c2, let p)): cubic(c1, c2, p)
      case .draw(.arc(let arc)):
        guard arc.isFinite else { continue }
        appendArc(arc, tolerance: tolerance, cubic)
      case .close:
        finish(closed: true)
      }
    }
    finish(closed: false)
    return out
  }

  /// Appends `arc` as cubics of equal sweep. A cubic with the usual arm length over a sweep
  /// of φ strays from the circle by about r·φ⁶/2⁹·(4/27)… ≈ 2.7e-4·r at a quarter turn, and
  /// the error falls as φ⁶: pieces are halved until it is under `tolerance`.
  private static func appendArc(_ arc: Arc, tolerance: Double, _ cubic: (Point, Point, Point) -> Void) {
    let sweep = arc.sweep
    guard sweep > 0 else { return }
    let r = abs(arc.radius)
    var pieces = max(1, Int((sweep / (Double.pi / 2)).rounded(.up)))
    while pieces < 1024 && r * 2.7e-4 * pow(sweep / Double(pieces) / (Double.pi / 2), 6) > tolerance {
      pieces *= 2
    }
    let direction = arc.clockwise ? 1.0 : -1.0
    let step = sweep / Double(pieces)
    let arm = 4.0 / 3.0 * tan(step / 4) * arc.radius
    for i in 0..<pieces {
      let a0 = arc.start + direction * step * Double(i)
      let a1 = a0 + direction * step
      let p0 = arc.point(atAngle: a0)
      let p1 = arc.point(atAngle: a1)
      // Tangents along the direction of travel.
      let t0 = Point(-sin(a0), cos(a0)) * (direction * arm)
      let t1 = Point(-sin(a1), cos(a1)) * (direction * arm)
      cubic(p0 + t0, p1 - t1, p1)
    }
  }
}
