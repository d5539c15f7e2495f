/// Arc length along one curve of a path as a function of its curve parameter, and its inverse.
///
/// Bezier arc length has no closed form, so the parameter range is cut into intervals
/// whose lengths come from 5-point Gauss–Legendre quadrature of |B'(t)|. Intervals are
/// halved until a whole and its halves agree, which concentrates them near cusps where
/// |B'| has a kink. Lines and arcs are exact and need no table.
struct LengthTable: Sendable {
  /// Interval boundaries in the curve parameter, from 0 to 1.
  private(set) var ts: [Double] = [0]
  /// Arc length from t = 0 to each boundary.
  private(set) var lengths: [Double] = [0]
  /// Whether length is proportional to t (lines, arcs), so no table is needed.
  private var isUniform = true

  var total: Double { lengths.last ?? 0 }

  init(_ piece: PathCurve) {
    switch piece {
    case .line(let a, let b):
      setUniform(a.distance(to: b))
    case .arc(let arc):
      setUniform(arc.length)
    case .quad, .cubic:
      isUniform = false
      build(piece)
    }
  }

  private mutating func setUniform(_ length: Double) {
    ts = [0, 1]
    lengths = [0, length.isFinite ? length : 0]
  }

  /// Length of the piece between parameters a and b by 5-point Gauss–Legendre quadrature.
  /// The curve is matched once, outside the sum: this runs for every interval of every
  /// table and spline the simulator builds at each spawn.
  static func quadrature(_ piece: PathCurve, _ a: Double, _ b: Double) -> Double {
    switch piece {
    case .cubic(let p0, let p1, let p2, let p3):
      return gaussLegendre(a, b, Speed(CubicCurve(p0: p0, p1: p1, p2: p2, p3: p3)))
    case .quad(let p0, let p1, let p2):
      return gaussLegendre(a, b, Speed(QuadCurve(p0: p0, p1: p1, p2: p2)))
    case .line, .arc:
      return gaussLegendre(a, b, PieceSpeed(piece: piece))
    }
  }

  /// ∫ f over [a, b] with the 5-point rule; nodes and weights in the order the sum has
  /// always taken (results are compared bit for bit in golden dumps).
  @inline(__always)
  static func gaussLegendre<F: Integrand>(_ a: Double, _ b: Double, _ f: F) -> Double {
    let half = 0.5 * (b - a)
    let mid = 0.5 * (a + b)
    var sum = 0.0
    sum += 0.568_888_888_888_888_9 * f(mid + half * 0)
    sum += 0.478_628_670_499_366_5 * f(mid + half * -0.538_469_310_105_683_1)
    sum += 0.478_628_670_499_366_5 * f(mid + half * 0.538_469_310_105_683_1)
    sum += 0.236_926_885_056_189_1 * f(mid + half * -0.906_179_845_938_664_0)
    sum += 0.236_926_885_056_189_1 * f(mid + half * 0.906_179_845_938_664_0)
    return sum * half
  }

  private mutating func build(_ piece: PathCurve) {
    // A tolerance relative to the control polygon's length (an upper bound on the arc
    // length) keeps the 1e-4-of-length accuracy with a wide margin.
    let start = piece.startPoint
    var hull = 0.0
    var previous = start
    for i in 1...8 {
      let p = piece.point(at: Double(i) / 8)
      hull += p.distance(to: previous)
      previous = p
    }
    guard hull.isFinite, hull > 0 else {
      setUniform(0)
      return
    }
    let tolerance = 1e-10 * hull
    let initial = 8
    // Depth-first over an explicit stack; the interval count and depth are bounded so
    // a pathological curve cannot run away.
    var stack: [(a: Double, b: Double, len: Double, depth: Int)] = []
    for i in (0..<initial).reversed() {
      let a = Double(i) / Double(initial)
      let b = Double(i + 1) / Double(initial)
      stack.append((a, b, Self.quadrature(piece, a, b), 0))
    }
    var running = 0.0
    while let top = stack.popLast() {
      let mid = 0.5 * (top.a + top.b)
      let left = Self.quadrature(piece, top.a, mid)
      let right = Self.quadrature(piece, mid, top.b)
      let refine = abs(left + right - top.len) > tolerance && top.depth < 24 && ts.count < 4096
      if refine {
        stack.append((mid, top.b, right, top.depth + 1))
        stack.append((top.a, mid, left, top.depth + 1))
      } else {
        running += left + right
        ts.append(top.b)
        lengths.append(running)
      }
    }
  }

  /// The parameter at which the arc length from the start equals `s` (clamped), by
  /// Newton's method on the quadrature to 1e-13 of the length.
  func parameter(atLength s: Double, of piece: PathCurve) -> Double {
    let total = self.total
    guard total > 0, s > 0 else { return 0 }
    if s >= total { return 1 }
    if isUniform { return s / total }
    // Binary search for the interval holding s.
    var lo = 0
    var hi = lengths.count - 1
    while hi - lo > 1 {
      let m = (lo + hi) / 2
      if lengths[m] <= s { lo = m } else { hi = m }
    }
    let a = ts[lo]
    let target = s - lengths[lo]
    var bracketLo = a
    var bracketHi = ts[hi]
    let span = lengths[hi] - lengths[lo]
    var t = span > 0 ? a + (bracketHi - a) * target / span : a
    // Newton on L(a, t) − target with |B'(t)| as slope, kept in the bracket.
    for _ in 0..<40 {
      let err = Self.quadrature(piece, a, t) - target
      if err < 0 { bracketLo = t } else { bracketHi = t }
      if abs(err) <= 1e-13 * total || bracketHi - bracketLo <= 1e-15 { break }
      let slope = piece.derivative(at: t).length
      var next = t - err / slope
      if !(slope > 0 && next > bracketLo && next < bracketHi) {
        next = 0.5 * (bracketLo + bracketHi)
      }
      t = next
    }
    return t
  }
}

/// A function of a curve's parameter that `LengthTable.gaussLegendre` integrates: a
/// generic parameter rather than a closure, so that a specialization evaluates it
/// inline (a closure stayed a call per node, about a sixth of building a spline).
protocol Integrand {
  func callAsFunction(_ t: Double) -> Double
}

/// |B′(t)|: its integral is arc length.
struct Speed<Curve: BezierCurve>: Integrand {
  let curve: Curve
  init(_ curve: Curve) { self.curve = curve }
  @inline(__always) func callAsFunction(_ t: Double) -> Double { curve.derivative(t).length }
}

/// |B′(t)| of any piece, lines and arcs included.
struct PieceSpeed: Integrand {
  let piece: PathCurve
  @inline(__always) func callAsFunction(_ t: Double) -> Double { piece.derivative(at: t).length }
}
