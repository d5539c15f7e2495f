/// The inverse of a Bezier piece's arc length, t(s), as a quintic Hermite spline. A
/// position at a fraction of length then costs a short search and one polynomial instead
/// of a Newton solve with quadratures: the simulator asks for one for every instance on a
/// path in every frame, and builds one for every spawn.
///
/// Knots lie at equal steps of t, so knot j of n steps is at t = j/n, which is not stored.
/// Each holds its arc length s (5-point Gauss–Legendre quadrature of |B′| over each half
/// step), dt/ds = 1/|B′(t)| and d²t/ds² = −(B′·B″)/|B′|⁴. Every step is checked: its two halves' quadratures must agree
/// with the whole's, and the spline at the half step's arc length must give a point within
/// the tolerance of B(t) there, where the error peaks. The knots double until every step
/// passes. Near a cusp dt/ds grows without bound and no spline passes: such a piece keeps
/// the exact solve (`init` returns nil).
@usableFromInline struct InverseLengthSpline: Sendable {
  /// s, dt/ds and d²t/ds² of knot j at 3j … 3j + 2. Three numbers, not four with t: a
  /// simulation holds one spline per live particle, and their sum must stay in cache.
  let knots: [Double]
  /// The number of knots.
  let count: Int

  @usableFromInline static let stride = 3
  private static let maxIntervals = 512

  /// The piece's arc length.
  var length: Double { knots[Self.stride * (count - 1)] }

  /// `tolerance`: the largest distance allowed between the spline's point and the exact one.
  init?(_ piece: PathCurve, tolerance: Double) {
    guard tolerance > 0, tolerance.isFinite else { return nil }
    // The curve matched once: the build evaluates it a few thousand times.
    let knots: [Double]?
    switch piece {
    case .cubic(let p0, let p1, let p2, let p3):
      knots = Self.knots(CubicCurve(p0: p0, p1: p1, p2: p2, p3: p3), tolerance)
    case .quad(let p0, let p1, let p2):
      knots = Self.knots(QuadCurve(p0: p0, p1: p1, p2: p2), tolerance)
    case .line, .arc:
      knots = nil
    }
    guard let knots else { return nil }
    self.knots = knots
    count = knots.count / Self.stride
  }

  /// The knots of the first of 8, 16, 32, … equal steps of t that are all accurate; nil
  /// when the speed vanishes at a knot or no step count up to the limit will do.
  private static func knots<Curve: BezierCurve>(_ curve: Curve, _ tolerance: Double) -> [Double]? {
    // Knot 0 is the same in every attempt.
    guard let first = knot(curve, t: 0, s: 0) else { return nil }
    var previous: [Double] = []
    var intervals = 8
    while true {
      var halves = [Double](repeating: 0, count: 2 * intervals)
      var knots = [Double](repeating: 0, count: stride * (intervals + 1))
      switch measure(curve, intervals, tolerance, first, previous, &halves, &knots) {
      case .accurate:
        return knots
      case .inaccurate(let measured):
        guard 2 * intervals <= maxIntervals else { return nil }
        halves.removeSubrange(measured...)
        previous = halves
        intervals *= 2
      case .singular:
        return nil
      }
    }
  }

  /// How an attempt ended.
  private enum Outcome {
    case accurate
    /// A step was not accurate: try more. Carries how many half-step lengths were measured.
    case inaccurate(measured: Int)
    /// The speed vanishes at a knot: no spline will do.
    case singular
  }

  /// Fills `knots` for `intervals` equal steps of t, checking every step.
  ///
  /// `previous` holds the half-step lengths the previous attempt measured (two per step,
  /// up to where it stopped) and `halves` receives this attempt's: a half step of n steps
  /// is a whole step of 2n. With n a power of two every t here is exact, so a length taken
  /// over is the one the quadrature would give again.
  private static func measure<Curve: BezierCurve>(
    _ curve: Curve, _ intervals: Int, _ tolerance: Double, _ first: Knot, _ previous: [Double],
    _ halves: inout [Double], _ knots: inout [Double]
  ) -> Outcome {
    store(first, 0, &knots)
    var s = 0.0
    let n = Double(intervals)
    for j in 0..<intervals {
      let (a, b) = (Double(j) / n, Double(j + 1) / n)
      let mid = 0.5 * (a + b)
      let left = LengthTable.gaussLegendre(a, mid, Speed(curve))
      let right = LengthTable.gaussLegendre(mid, b, Speed(curve))
      halves[2 * j] = left
      halves[2 * j + 1] = right
      let whole = j < previous.count ? previous[j] : LengthTable.gaussLegendre(a, b, Speed(curve))
      // The quadrature error shows as a disagreement between the halves and the whole.
      guard abs(left + right - whole) <= tolerance else { return .inaccurate(measured: 2 * j + 2) }
      guard let next = knot(curve, t: b, s: s + left + right) else { return .singular }
      store(next, j + 1, &knots)
      let t = interpolate(s + left, knots, from: 0, j, n)
      guard curve.point(t).distance(to: curve.point(mid)) <= tolerance else {
        return .inaccurate(measured: 2 * j + 2)
      }
      s += left + right
    }
    return .accurate
  }

  /// A knot's s, dt/ds and d²t/ds².
  private typealias Knot = (s: Double, dtds: Double, d2tds2: Double)

  /// Writes knot `j`'s numbers.
  @inline(__always)
  private static func store(_ knot: Knot, _ j: Int, _ knots: inout [Double]) {
    knots[stride * j] = knot.s
    knots[stride * j + 1] = knot.dtds
    knots[stride * j + 2] = knot.d2tds2
  }

  /// One knot's three numbers, nil where the speed is zero or not finite.
  @inline(__always)
  private static func knot<Curve: BezierCurve>(
    _ curve: Curve, t: Double, s: Double
  ) -> Knot? {
    let d = curve.derivative(t)
    let speed = d.length
    guard speed > 0, speed.isFinite, s.isFinite else { return nil }
    let speedSquared = speed * speed
    let curvature = -d.dot(curve.secondDerivative(t)) / (speedSquared * speedSquared)
    guard curvature.isFinite else { return nil }
    return (s, 1 / speed, curvature)
  }

  /// The quintic between knots j and j + 1 (at t = j/n and (j + 1)/n) of the spline
  /// whose knots start at index `from` of `k`, at arc length s.
  @inlinable @inline(__always)
  static func interpolate(_ s: Double, _ k: [Double], from: Int, _ j: Int, _ n: Double) -> Double {
    let base = from &+ stride &* j
    let h = k[base &+ stride] - k[base]
    let u = h > 0 ? (s - k[base]) / h : 0
    return quinticHermite(
      u, Double(j) / n, k[base &+ 1] * h, k[base &+ 2] * h * h, Double(j &+ 1) / n, k[base &+ stride &+ 1] * h,
      k[base &+ stride &+ 2] * h * h)
  }

  /// The quintic through values f0, f1 with first and second derivatives d0, d1 and
  /// s0, s1 at u = 0 and 1 (derivatives already scaled to the unit interval), in
  /// Horner's form: f0 + u(d0 + u(s0/2 + u(c3 + u(c4 + u·c5)))), with c3, c4 and c5 the
  /// Hermite conditions at u = 1 solved once (half the operations of summing the six
  /// basis polynomials; every frame asks it once per instance on a path).
  @inlinable @inline(__always)
  static func quinticHermite(
    _ u: Double, _ f0: Double, _ d0: Double, _ s0: Double, _ f1: Double, _ d1: Double, _ s1: Double
  ) -> Double {
    let df = f1 - f0
    let c3 = 10 * df - 6 * d0 - 4 * d1 - 1.5 * s0 + 0.5 * s1
    let c4 = -15 * df + 8 * d0 + 7 * d1 + 1.5 * s0 - s1
    let c5 = 6 * df - 3 * d0 - 3 * d1 - 0.5 * s0 + 0.5 * s1
    return f0 + u * (d0 + u * (0.5 * s0 + u * (c3 + u * (c4 + u * c5))))
  }
}
