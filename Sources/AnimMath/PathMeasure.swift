#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How progress along a path maps to distance (§6.6).
@usableFromInline package enum PathPacing: Hashable, Sendable {
  /// Constant speed over the whole path: p selects arc length p·L (CSS offset-distance).
  case paced
  /// Each segment gets an equal share of p, at constant speed within it (Core
  /// Animation's linear mode). Zero-length segments get no share: they would stall.
  case linear
}

/// A point on a path and the direction of travel there.
package struct PathSample: Hashable, Sendable {
  package var point: Point
  /// atan2(dy, dx) of the tangent in degrees, in (−180, 180].
  package var angle: Double
}

/// A path measured once for fast queries of position and tangent by fraction of length:
/// the one length measure of a path (`along`, §6.6).
///
/// Each curve of the path (`Path.elements`) maps arc length to its parameter exactly
/// where that is a ratio (lines, arcs), by an inverse-length spline laid out flat
/// (`FlatCurvePath`) for a Bezier, or by the exact solve (`LengthTable`) for a Bezier
/// with a cusp, where no spline passes.
///
/// Immutable, and a class: one reference to share. Its tables are flat arrays of plain
/// values, so a query retains nothing; the simulator makes one for every instance on a
/// path in every frame.
package final class PathMeasure: Sendable {
  /// How a piece maps arc length to its curve parameter.
  enum Inverse: Sendable {
    /// Length proportional to t (lines, arcs).
    case uniform
    /// The spline `splines[index]`.
    case spline(index: Int)
    /// The exact solve on `exactTables[index]` (a piece with a cusp).
    case exact(index: Int)
  }

  struct MeasuredPiece: Sendable {
    var piece: PathCurve
    /// Index in `pieces`.
    var position: Int
    /// Arc length at the start of the piece, and the piece's own.
    var start: Double
    var length: Double
    var inverse: Inverse
  }

  /// Every piece, for the tangents of neighbours where a piece has none.
  private let pieces: [MeasuredPiece]
  /// The pieces of positive length, the only ones a query lands in: what a query reads
  /// sits together, apart from the pieces that draw nothing.
  private let drawn: [MeasuredPiece]
  /// Every Bezier piece's spline, laid out flat.
  private let splines: [FlatCurvePath]
  /// The one spline when the path draws one Bezier with a spline (what the simulator
  /// reads for a particle's drift): it answers every query part-way along.
  package let flat: FlatCurvePath?
  private let exactTables: [LengthTable]
  private let firstPoint: Point
  /// The total arc length L.
  package let length: Double
  /// Whether progress wraps (a closed path) rather than clamps (§6.6).
  package let isClosed: Bool

  package convenience init(_ path: Path) {
    let (curves, first) = path.curves()
    self.init(pieces: curves, first: first, isClosed: path.isClosed)
  }

  private init(pieces: [PathCurve], first: Point?, isClosed: Bool) {
    var measured: [MeasuredPiece] = []
    var splines: [FlatCurvePath] = []
    var exactTables: [LengthTable] = []
    measured.reserveCapacity(pieces.count)
    var sum = 0.0
    for piece in pieces {
      let (inverse, length) = Self.inverse(piece, &splines, &exactTables)
      let position = measured.count
      measured.append(MeasuredPiece(piece: piece, position: position, start: sum, length: length, inverse: inverse))
      if length > 0 { sum += length }
    }
    // Usually every piece is drawn: then both are one array (one buffer, no copy).
    let drawn = measured.allSatisfy { $0.length > 0 } ? measured : measured.filter { $0.length > 0 }
    self.pieces = measured
    if drawn.count == 1, case .spline(let index) = drawn[0].inverse {
      flat = splines[index]
    } else {
      flat = nil
    }
    self.splines = splines
    self.exactTables = exactTables
    self.drawn = drawn
    length = sum
    firstPoint = first ?? .zero
    self.isClosed = isClosed
  }

  /// How piece maps arc length to its parameter, and its length; a spline is appended
  /// to `splines`, an exact table to `exactTables`.
  private static func inverse(
    _ piece: PathCurve, _ splines: inout [FlatCurvePath], _ exactTables: inout [LengthTable]
  ) -> (Inverse, Double) {
    switch piece {
    case .line, .arc:
      return (.uniform, LengthTable(piece).total)
    case .quad, .cubic:
      let hull = piece.controlPolygonLength
      if hull > 0, hull.isFinite, let spline = InverseLengthSpline(piece, tolerance: splineTolerance * hull),
        let flat = FlatCurvePath(piece, knots: spline.knots[...], length: spline.length)
      {
        splines.append(flat)
        return (.spline(index: splines.count - 1), spline.length)
      }
      let table = LengthTable(piece)
      exactTables.append(table)
      return (.exact(index: exactTables.count - 1), table.total)
    }
  }

  /// The spline's tolerance as a fraction of an upper bound on the piece's length (its
  /// control polygon): 100 times inside §6.6's 1e-4 of the path length. Every spawn on a
  /// random path builds one, so the knots it takes are per-spawn work and memory: a
  /// typical cubic needs 16 steps here and 64 at 1e-9.
  static let splineTolerance = 1e-6

  /// Progress folded into 0…1: clamped on an open path, wrapped on a closed one; NaN is 0.
  package func normalized(_ p: Double) -> Double {
    if p.isNaN { return 0 }
    if p >= 0 && p <= 1 { return p }
    if !isClosed || !p.isFinite { return p > 1 ? 1 : 0 }
    return p - p.rounded(.down)
  }

  /// The point and tangent angle at progress `p` with the given pacing.
  package func sample(at p: Double, pacing: PathPacing = .paced) -> PathSample {
    let (index, t) = locate(p, pacing)
    guard let index else {
      return PathSample(point: firstPoint, angle: 0)
    }
    let direction = tangent(piece: drawn[index].position, t: t)
    return PathSample(point: drawn[index].piece.point(at: t), angle: Self.degrees(direction))
  }

  /// The point at progress `p` (see `sample`), without the tangent.
  package func point(at p: Double, pacing: PathPacing = .paced) -> Point {
    let (index, t) = locate(p, pacing)
    guard let index else { return firstPoint }
    return drawn[index].piece.point(at: t)
  }

  /// The tangent angle in degrees at progress `p` (see `sample`).
  package func angle(at p: Double, pacing: PathPacing = .paced) -> Double {
    sample(at: p, pacing: pacing).angle
  }

  /// The point at arc length `s` from the start, clamped to 0…L.
  package func point(atLength s: Double) -> Point {
    guard length > 0, !s.isNaN else { return firstPoint }
    return point(at: min(max(s, 0), length) / length)
  }

  /// The drawn piece (index in `drawn`) and its curve parameter for progress `p`, or
  /// nil for a path that draws nothing of positive length.
  @inline(__always)
  private func locate(_ p: Double, _ pacing: PathPacing) -> (Int?, Double) {
    // The common case in one step, without the general route's folding, search and
    // guards: one curve with a spline (laid out flat), part-way along (where both
    // pacings give p·L).
    if p > 0 && p < 1, let flat { return (0, flat.parameter(at: p)) }
    return locateNormalized(normalized(p), pacing)
  }

  /// `locate` for progress already folded into 0…1.
  private func locateNormalized(_ p: Double, _ pacing: PathPacing) -> (Int?, Double) {
    // A closed path's progress may land part-way along only once folded.
    if p > 0 && p < 1, let flat { return (0, flat.parameter(at: p)) }
    guard !drawn.isEmpty, length > 0 else { return (nil, 0) }
    switch pacing {
    case .paced:
      let s = p * length
      // The last drawn piece starting at or before s.
      var lo = 0
      var hi = drawn.count
      while hi - lo > 1 {
        let m = (lo + hi) / 2
        if drawn[m].start <= s { lo = m } else { hi = m }
      }
      return (lo, parameter(lo, atLength: s - drawn[lo].start))
    case .linear:
      let n = Double(drawn.count)
      let k = min(max(Int((p * n).rounded(.down)), 0), drawn.count - 1)
      let f = min(max(p * n - Double(k), 0), 1)
      return (k, parameter(k, atLength: f * drawn[k].length))
    }
  }

  /// The parameter of drawn piece `i` at arc length `s` from its start (clamped).
  private func parameter(_ i: Int, atLength s: Double) -> Double {
    let total = drawn[i].length
    guard total > 0, s > 0 else { return 0 }
    if s >= total { return 1 }
    switch drawn[i].inverse {
    case .uniform: return s / total
    case .spline(let index): return splines[index].parameter(atLength: s)
    case .exact(let index): return exactTables[index].parameter(atLength: s, of: drawn[i].piece)
    }
  }

  /// The direction of travel on piece `index` at parameter t. Where the derivative
  /// vanishes, the nearest defined tangent is used (§6.6): the piece's limit direction
  /// at its ends, the approach direction at an interior cusp, then neighbouring pieces.
  private func tangent(piece index: Int, t: Double) -> Point {
    let piece = pieces[index].piece
    let d = piece.derivative(at: t)
    let scale = max(pieces[index].length, 1e-300)
    if d.length > 1e-9 * scale { return d }
    if t <= 1e-9, let dir = piece.startDirection { return dir }
    if t >= 1 - 1e-9, let dir = piece.endDirection { return dir }
    for delta in [-1e-6, 1e-6] {
      let near = piece.derivative(at: min(max(t + delta, 0), 1))
      if near.length > 1e-12 * scale { return near }
    }
    // Outwards along the path, the earlier neighbour first.
    for step in 1..<max(pieces.count, 1) {
      if index - step >= 0, let dir = pieces[index - step].piece.endDirection { return dir }
      if index + step < pieces.count, let dir = pieces[index + step].piece.startDirection {
        return dir
      }
    }
    return Point(1, 0)
  }

  /// atan2 in degrees, folded into (−180, 180] (atan2 gives −180 for y = −0).
  static func degrees(_ v: Point) -> Double {
    guard v.x.isFinite, v.y.isFinite else { return 0 }
    let a = atan2(v.y, v.x) * 180 / Double.pi
    return a <= -180 ? a + 360 : a
  }
}
