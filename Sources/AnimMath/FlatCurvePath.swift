/// A quadratic or cubic Bezier with its inverse-length spline, laid out in one array: the
/// curve, its length and the spline's intervals side by side. `PathMeasure` maps arc
/// length to the parameter of each of its Bezier pieces through one, and a path that
/// draws one Bezier hands its one out (`PathMeasure.flat`).
///
/// Why one array: the simulator asks a point of every particle on a random path in every
/// frame. From this value a query's reads are one step away (the array's storage), so
/// the reads of neighbouring particles overlap.
///
/// Each interval between two knots is stored ready to evaluate: its arc lengths at both
/// ends and the coefficients of its quintic, each computed as
/// `InverseLengthSpline.interpolate` computes it, so the parameter is that function's,
/// bit for bit, for half the work.
@usableFromInline package struct FlatCurvePath: Sendable {
  /// Layout: 0 the curve's degree (2 or 3), 1 its arc length, 2 the number of intervals,
  /// 3…10 the control points (x, y; a quadratic leaves the last two unused), 11 unused,
  /// 12…15 the guide (`guides` bytes, eight to a number's bit pattern); then the
  /// intervals, `intervalStride` numbers each.
  @usableFromInline package let numbers: ContiguousArray<Double>
  /// The number of intervals (at least 1).
  @usableFromInline package let intervals: Int

  /// The numbers before the intervals.
  @usableFromInline package static let header = 16
  /// An interval's numbers, in this order: arc length at its start (s0) and end (s1),
  /// then its quintic in u = (s − s0) / (s1 − s0), lowest power first.
  @usableFromInline package static let intervalStride = 8
  /// The guide: for each of `guides` equal steps of arc length, the interval where the
  /// step begins, one byte each (from number 12 on). Knots lie at equal steps of t, and
  /// where the curve's speed varies p·(intervals) is often the wrong interval; from the
  /// guide's, the right one is that one or the next.
  @usableFromInline static let guides = 32
  @usableFromInline static let guideSlot = 12
  /// Intervals a byte can number; a spline with more goes without the guide.
  @usableFromInline static let guidedIntervals = 256

  /// The layout for `piece` with its spline's `knots` (`InverseLengthSpline.stride`
  /// numbers each) and arc length `length`; nil for a line or an arc.
  init?(_ piece: PathCurve, knots: ArraySlice<Double>, length: Double) {
    // A tuple, not an array: no allocation at every spawn.
    let points: (Point, Point, Point, Point)
    let degree: Double
    switch piece {
    case .quad(let a, let c, let b):
      points = (a, c, b, .zero)
      degree = 2
    case .cubic(let a, let c1, let c2, let b):
      points = (a, c1, c2, b)
      degree = 3
    case .line, .arc:
      return nil
    }
    let intervals = knots.count / InverseLengthSpline.stride - 1
    guard intervals >= 1 else { return nil }
    var numbers = ContiguousArray<Double>(repeating: 0, count: Self.header + Self.intervalStride * intervals)
    numbers[0] = degree
    numbers[1] = length
    numbers[2] = Double(intervals)
    (numbers[3], numbers[4]) = (points.0.x, points.0.y)
    (numbers[5], numbers[6]) = (points.1.x, points.1.y)
    (numbers[7], numbers[8]) = (points.2.x, points.2.y)
    (numbers[9], numbers[10]) = (points.3.x, points.3.y)
    let from = knots.startIndex
    for j in 0..<intervals { Self.store(interval: j, of: knots, from: from, intervals, into: &numbers) }
    if intervals <= Self.guidedIntervals { Self.writeGuide(&numbers, intervals, length) }
    self.numbers = numbers
    self.intervals = intervals
  }

  /// Fills the guide: step i's byte is the last interval starting at or before i/guides·L.
  private static func writeGuide(_ numbers: inout ContiguousArray<Double>, _ intervals: Int, _ length: Double) {
    var words = [UInt64](repeating: 0, count: guides / 8)
    var j = 0
    for i in 0..<guides {
      let s = Double(i) / Double(guides) * length
      while j + 1 < intervals && numbers[header + intervalStride * (j + 1)] <= s { j += 1 }
      words[i / 8] |= UInt64(truncatingIfNeeded: j & 0xFF) << UInt64(8 * (i % 8))
    }
    for (w, word) in words.enumerated() { numbers[guideSlot + w] = Double(bitPattern: word) }
  }

  /// Interval j's numbers, computed exactly as `InverseLengthSpline.interpolate` and
  /// `quinticHermite` compute them from the knots (so the same bits come out).
  private static func store(
    interval j: Int, of k: ArraySlice<Double>, from: Int, _ intervals: Int, into out: inout ContiguousArray<Double>
  ) {
    let stride = InverseLengthSpline.stride
    let n = Double(intervals)
    let at = from + j * stride
    let h = k[at + stride] - k[at]
    let f0 = Double(j) / n
    let d0 = k[at + 1] * h
    let s0 = k[at + 2] * h * h
    let f1 = Double(j + 1) / n
    let d1 = k[at + stride + 1] * h
    let s1 = k[at + stride + 2] * h * h
    let df = f1 - f0
    let row = header + j * intervalStride
    out[row] = k[at]
    out[row + 1] = k[at + stride]
    out[row + 2] = f0
    out[row + 3] = d0
    out[row + 4] = 0.5 * s0
    out[row + 5] = 10 * df - 6 * d0 - 4 * d1 - 1.5 * s0 + 0.5 * s1
    out[row + 6] = -15 * df + 8 * d0 + 7 * d1 + 1.5 * s0 - s1
    out[row + 7] = 6 * df - 3 * d0 - 3 * d1 - 0.5 * s0 + 0.5 * s1
  }

  /// The curve's arc length.
  @inlinable package var length: Double { numbers[1] }

  /// Where the search for p·L starts: the guide's interval (or, without a guide,
  /// p·(intervals), as the knots' equal steps of t place it). The search ends at the same
  /// interval from anywhere. Any p (NaN too) gives an interval in 0..<intervals.
  @inlinable @inline(__always)
  package func nearInterval(at p: Double) -> Int {
    let count = intervals
    guard count <= Self.guidedIntervals else { return min(Self.rounded(p * numbers[2] - 0.5), count &- 1) }
    let step = min(Self.rounded(p * Double(Self.guides) - 0.5), Self.guides &- 1)
    let word = numbers[Self.guideSlot &+ (step &>> 3)].bitPattern
    return Int(truncatingIfNeeded: (word &>> UInt64(truncatingIfNeeded: (step & 7) &* 8)) & 0xFF)
  }

  /// x rounded to a whole number in 0…2³²−1 (the low bits of x + 1.5·2⁵², for x in
  /// −0.5…2³¹); any other x, NaN too, gives some number in that range. Rather than
  /// `Int(_:)`, which traps on NaN and numbers out of range.
  @inlinable @inline(__always)
  static func rounded(_ x: Double) -> Int {
    Int(truncatingIfNeeded: (x + 0x1.8p52).bitPattern & 0xFFFF_FFFF)
  }

  /// The curve parameter at progress `p`, 0 < p < 1 (both pacings agree on one curve).
  @inlinable @inline(__always)
  package func parameter(at p: Double) -> Double {
    let s = p * numbers[1]
    return Self.evaluate(numbers, row: interval(at: p, s).row, s)
  }

  /// The curve parameter at arc length `s`, 0 < s < L (the interval found from s/L).
  package func parameter(atLength s: Double) -> Double {
    Self.evaluate(numbers, row: interval(at: s / numbers[1], s).row, s)
  }

  /// The interval holding arc length `s` = p·L (p the progress): its index j and where
  /// its numbers start in `numbers` (its row). It is the last interval starting at or
  /// before s, as `InverseLengthSpline` finds it, and the only one for which
  /// `holds(_:of:from:to:_:)` is true: the knots' arc lengths never decrease.
  @inlinable @inline(__always)
  package func interval(at p: Double, _ s: Double) -> (j: Int, row: Int) {
    let last = intervals &- 1
    // The guide's interval, or the next one (chosen without a branch), and a walk for
    // the rare rest.
    var j = nearInterval(at: p)
    var row = Self.header &+ Self.intervalStride &* j
    let next = j < last && numbers[row &+ 1] <= s ? 1 : 0
    j &+= next
    row &+= Self.intervalStride &* next
    while j < last && numbers[row &+ 1] <= s {
      j &+= 1
      row &+= Self.intervalStride
    }
    while j > 0 && numbers[row] > s {
      j &-= 1
      row &-= Self.intervalStride
    }
    return (j, row)
  }

  /// Whether interval `j` of `count`, from arc length `s0` to `s1`, is the one
  /// `interval(at:_:)` finds for arc length `s`: the walk there stops exactly at the
  /// interval with s0 ≤ s < s1 (the first interval takes any s below, the last any s
  /// above).
  @inlinable @inline(__always)
  package static func holds(_ j: Int, of count: Int, from s0: Double, to s1: Double, _ s: Double) -> Bool {
    (j == 0 || s0 <= s) && (j == count &- 1 || s1 > s)
  }

  /// The curve parameter at arc length `s` from the interval whose `intervalStride`
  /// numbers start at `row` of `numbers` (a copy of a row gives the same bits).
  @inlinable @inline(__always)
  package static func evaluate(_ numbers: ContiguousArray<Double>, row: Int, _ s: Double) -> Double {
    let s0 = numbers[row]
    let h = numbers[row &+ 1] - s0
    let u = h > 0 ? (s - s0) / h : 0
    let c = (
      numbers[row &+ 2], numbers[row &+ 3], numbers[row &+ 4], numbers[row &+ 5], numbers[row &+ 6],
      numbers[row &+ 7]
    )
    return c.0 + u * (c.1 + u * (c.2 + u * (c.3 + u * (c.4 + u * c.5))))
  }

  /// The point at progress `p`, 0 < p < 1.
  @inlinable @inline(__always)
  package func point(at p: Double) -> Point {
    Self.bezierPoint(numbers, at: 0, parameter(at: p))
  }

  /// The curve's point at parameter `t`, from a layout's first 11 numbers (degree, arc
  /// length, interval count, control points) starting at `start` of `numbers`.
  @inlinable @inline(__always)
  package static func bezierPoint(_ numbers: ContiguousArray<Double>, at start: Int, _ t: Double) -> Point {
    let p0 = Point(numbers[start &+ 3], numbers[start &+ 4])
    let p1 = Point(numbers[start &+ 5], numbers[start &+ 6])
    let p2 = Point(numbers[start &+ 7], numbers[start &+ 8])
    if numbers[start] == 2 { return Bezier.quadPoint(p0, p1, p2, t) }
    return Bezier.cubicPoint(p0, p1, p2, Point(numbers[start &+ 9], numbers[start &+ 10]), t)
  }
}
