import AnimMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns a `Path` into polylines within a distance tolerance, in the path's own
/// coordinates. Curves are split into a number of equal parameter steps chosen from the
/// control polygon's second differences; arcs by an angle step chosen from the radius.
/// Every count is capped, so no input (huge, tiny or NaN) makes the loop unbounded.
///
/// Chords through points on a curve all lie on its concave side, so a plain flattening
/// shrinks every shape (a circle's area falls by about 1.3·tolerance/r). Instead each
/// of the n − 1 interior vertices is pushed out by `−B''(t)·Δt²/12 · n/(n − 1)`: the area
/// between a chord and its arc is ⅔·chord·sagitta, and these pushes give that area back
/// in total, so the polygon straddles the curve and its area matches to second order.
/// The deviation stays within the sagitta (4/3 of it when n = 2). End points stay exact
/// so pieces still meet.
enum PathFlattener {
  /// The most pieces one curve or arc is split into.
  static let maxPieces = 1024

  /// Flattens `path` into `out` (appending), walking its elements (`Path.elements`).
  /// Returns false when a coordinate is not finite: such a path has no meaningful outline
  /// and the caller should skip it.
  static func flatten(_ path: Path, tolerance: Double, into out: inout Polylines) -> Bool {
    // A non-positive or NaN tolerance would ask for unbounded pieces; the caps hold
    // anyway, but a sane floor keeps the work proportionate.
    let tol = tolerance.isFinite && tolerance > 1e-9 ? tolerance : 1e-9
    for element in path.elements {
      switch element {
      case .begin(let p, _):
        guard finite(p) else { return false }
        out.begin(p)
      case .draw(.line(_, let p)):
        guard finite(p) else { return false }
        out.add(p)
      case .draw(.quad(let p0, let c, let p)):
        guard finite(c), finite(p) else { return false }
        addQuad(p0, c, p, tol, &out)
      case .draw(.cubic(let p0, let c1, let c2, let p)):
        guard finite(c1), finite(c2), finite(p) else { return false }
        addCubic(p0, c1, c2, p, tol, &out)
      case .draw(.arc(let arc)):
        guard arc.isFinite else { return false }
        addArc(arc, tol, &out)
      case .close:
        out.close()
      }
    }
    return true
  }

  /// Pieces for an arc of radius `radius` sweeping `sweep` so that each chord's sagitta
  /// `r(1 − cos(θ/2)) ≈ r·θ²/8` stays within `tol`.
  static func arcPieces(radius: Double, sweep: Double, tolerance tol: Double) -> Int {
    let r = abs(radius)
    guard sweep > 0, r > 0 else { return 1 }
    let step = min(Double.pi / 2, (8 * tol / r).squareRoot())
    let n = (sweep / max(step, 1e-9)).rounded(.up)
    return n.isFinite ? max(1, min(maxPieces, Int(n))) : maxPieces
  }

  /// The arc from its start, where the polyline stands already.
  private static func addArc(_ arc: Arc, _ tol: Double, _ out: inout Polylines) {
    let sweep = arc.sweep
    let n = arcPieces(radius: arc.radius, sweep: sweep, tolerance: tol)
    let dir = arc.clockwise ? 1.0 : -1.0
    let theta = sweep / Double(n)
    // Interior vertices sit at r(1 + θ²/12 · n/(n − 1)), straddling the circle.
    let bulged = Arc(
      center: arc.center, radius: arc.radius * (1 + theta * theta / 12 * stretch(n)),
      start: arc.start, end: arc.end, clockwise: arc.clockwise)
    for i in 1..<n {
      out.add(bulged.point(atAngle: arc.start + dir * theta * Double(i)))
    }
    out.add(arc.point(atAngle: arc.start + dir * sweep))
  }

  /// Pieces so that each chord's sagitta, at most `ddMax / (8 n²)` for a curve whose
  /// second derivative reaches `ddMax` in length, stays within `tol`.
  static func curvePieces(_ ddMax: Double, _ tol: Double) -> Int {
    let n = (ddMax / (8 * tol)).squareRoot().rounded(.up)
    return n.isFinite ? max(1, min(maxPieces, Int(n))) : maxPieces
  }

  private static func addQuad(
    _ p0: Point, _ c: Point, _ p1: Point, _ tol: Double, _ out: inout Polylines
  ) {
    // B''(t) = 2(p0 − 2c + p1), constant.
    let dd = p0 - 2 * c + p1
    let n = curvePieces(2 * dd.length, tol)
    let push = dd * (-stretch(n) / (6 * Double(n * n)))
    for i in 1..<n {
      out.add(Bezier.quadPoint(p0, c, p1, Double(i) / Double(n)) + push)
    }
    out.add(p1)
  }

  private static func addCubic(
    _ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, _ tol: Double, _ out: inout Polylines
  ) {
    // B''(t) = 6((1 − t)·d0 + t·d1), largest at an end.
    let d0 = p0 - 2 * c1 + c2
    let d1 = c1 - 2 * c2 + p1
    let n = curvePieces(6 * max(d0.length, d1.length), tol)
    let k = -stretch(n) / (2 * Double(n * n))
    for i in 1..<n {
      let t = Double(i) / Double(n)
      out.add(Bezier.cubicPoint(p0, c1, c2, p1, t) + (d0 * (1 - t) + d1 * t) * k)
    }
    out.add(p1)
  }

  /// `n/(n − 1)`: spreads the area of n chords over the n − 1 interior vertices.
  @inline(__always) static func stretch(_ n: Int) -> Double {
    n > 1 ? Double(n) / Double(n - 1) : 0
  }

  @inline(__always) static func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
}
