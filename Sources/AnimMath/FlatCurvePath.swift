/// A measured path that draws one quadratic or cubic Bezier with an inverse-length
/// spline (`PathMeasure.flat`), laid out in one block of memory: the curve, its length
/// and the spline's intervals side by side. `PathMeasure` answers from it part-way along
/// (0 < p < 1).
///
/// Why a second layout: the simulator asks a point of every particle on a random path in
/// every frame. Through a `PathMeasure` a query follows the measure, its pieces and its
/// knots, each a reference to memory that, with thousands of particles, is rarely in
/// cache; the processor can start the next particle's reads only once the previous one
/// resolved. From a block's address the query's reads are one step away, so a caller can
/// prefetch a few particles ahead and the misses overlap.
///
/// Each interval between two knots is stored ready to evaluate: its arc lengths at both
/// ends and the coefficients of its quintic, each computed as
/// `InverseLengthSpline.interpolate` computes it, so the parameter is that function's,
/// bit for bit, for half the work and one cache line of reads.
public final class FlatCurvePath: @unchecked Sendable {
  // Immutable after init: `@unchecked Sendable` is safe.

  /// Layout from `base`: 0 the curve's degree (2 or 3), 1 its arc length, 2 the number of
  /// intervals, 3…10 the control points (x, y; a quadratic leaves the last two unused),
  /// 11 the number of intervals as an integer's bit pattern, 12…15 the guide (`guides`
  /// bytes); then the intervals, `intervalStride` numbers each, one cache line apiece.
  public let base: UnsafePointer<Double>
  private let block: UnsafeMutableRawPointer

  /// The numbers before the intervals: two cache lines.
  public static let header = 16
  /// An interval's numbers, in this order: arc length at its start (s0) and end (s1),
  /// then its quintic in u = (s − s0) / (s1 − s0), lowest power first.
  public static let intervalStride = 8
  @usableFromInline static let countSlot = 11
  /// The guide: for each of `guides` equal steps of arc length, the interval where the
  /// step begins, one byte each (from the 13th number on). Knots lie at equal steps of
  /// t, and where the curve's speed varies p·(intervals) is often the wrong interval;
  /// from the guide's, the right one is that one or the next, which a query settles
  /// without a branch (a wrong guess had cost a mispredicted walk and a cache miss).
  @usableFromInline static let guides = 32
  @usableFromInline static let guideByte = 12 * 8
  /// Intervals a byte can number; a spline with more goes without the guide.
  @usableFromInline static let guidedIntervals = 256
  private static let alignment = 64

  /// The block for `piece` with its spline's `knots` (`InverseLengthSpline.stride`
  /// numbers each) and arc length `length`; nil for a line or an arc.
  init?(_ piece: PathPiece, knots: ArraySlice<Double>, length: Double) {
    // A tuple, not an array: no allocation at every spawn.
    let points: (Point, Point, Point, Point)
    let degree: Double
    switch piece.curve {
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
    let count = Self.header + Self.intervalStride * intervals
    block = .allocate(byteCount: count * MemoryLayout<Double>.stride, alignment: Self.alignment)
    let numbers = block.initializeMemory(as: Double.self, repeating: 0, count: count)
    numbers[0] = degree
    numbers[1] = length
    numbers[2] = Double(intervals)
    (numbers[3], numbers[4]) = (points.0.x, points.0.y)
    (numbers[5], numbers[6]) = (points.1.x, points.1.y)
    (numbers[7], numbers[8]) = (points.2.x, points.2.y)
    (numbers[9], numbers[10]) = (points.3.x, points.3.y)
    numbers[Self.countSlot] = Double(bitPattern: UInt64(intervals))
    knots.withUnsafeBufferPointer { k in
      for j in 0..<intervals { Self.store(interval: j, of: k, intervals, into: numbers + Self.header) }
    }
    if intervals <= Self.guidedIntervals { Self.writeGuide(numbers, intervals, length) }
    base = UnsafePointer(numbers)
  }

  /// Fills the guide: step i's byte is the last interval starting at or before i/guides·L.
  private static func writeGuide(_ numbers: UnsafeMutablePointer<Double>, _ intervals: Int, _ length: Double) {
    let guide = UnsafeMutableRawPointer(numbers) + guideByte
    var j = 0
    for i in 0..<guides {
      let s = Double(i) / Double(guides) * length
      while j + 1 < intervals && numbers[header + intervalStride * (j + 1)] <= s { j += 1 }
      guide.storeBytes(of: UInt8(truncatingIfNeeded: j), toByteOffset: i, as: UInt8.self)
    }
  }

  deinit { block.deallocate() }

  /// Interval j's numbers, computed exactly as `InverseLengthSpline.interpolate` and
  /// `quinticHermite` compute them from the knots (so the same bits come out).
  private static func store(
    interval j: Int, of k: UnsafeBufferPointer<Double>, _ intervals: Int, into out: UnsafeMutablePointer<Double>
  ) {
    let stride = InverseLengthSpline.stride
    let n = Double(intervals)
    let at = j * stride
    let h = k[at + stride] - k[at]
    let f0 = Double(j) / n
    let d0 = k[at + 1] * h
    let s0 = k[at + 2] * h * h
    let f1 = Double(j + 1) / n
    let d1 = k[at + stride + 1] * h
    let s1 = k[at + stride + 2] * h * h
    let df = f1 - f0
    // Stored one by one: an array of them was an allocation per interval, at every spawn.
    let row = out + j * intervalStride
    row[0] = k[at]
    row[1] = k[at + stride]
    row[2] = f0
    row[3] = d0
    row[4] = 0.5 * s0
    row[5] = 10 * df - 6 * d0 - 4 * d1 - 1.5 * s0 + 0.5 * s1
    row[6] = -15 * df + 8 * d0 + 7 * d1 + 1.5 * s0 - s1
    row[7] = 6 * df - 3 * d0 - 3 * d1 - 0.5 * s0 + 0.5 * s1
  }

  /// The number of intervals.
  @inlinable @inline(__always)
  static func intervals(_ base: UnsafePointer<Double>) -> Int {
    Int(truncatingIfNeeded: base[countSlot].bitPattern)
  }

  /// Where the search for p·L starts, and what to prefetch: the guide's interval (or,
  /// without a guide, p·(intervals), as the knots' equal steps of t place it). The search
  /// ends at the same interval from anywhere. Any p (NaN too) gives an interval.
  @inlinable @inline(__always)
  static func nearInterval(_ base: UnsafePointer<Double>, at p: Double) -> Int {
    let count = intervals(base)
    guard count <= guidedIntervals else { return min(rounded(p * base[2] - 0.5), count &- 1) }
    let step = min(rounded(p * Double(guides) - 0.5), guides &- 1)
    return Int(UnsafeRawPointer(base).load(fromByteOffset: guideByte &+ step, as: UInt8.self))
  }

  /// x rounded to a whole number in 0…2³²−1 (the low bits of x + 1.5·2⁵², for x in
  /// −0.5…2³¹); any other x, NaN too, gives some number in that range. Rather than
  /// `Int(_:)`, whose range checks cost more than the rest.
  @inlinable @inline(__always)
  static func rounded(_ x: Double) -> Int {
    Int(truncatingIfNeeded: (x + 0x1.8p52).bitPattern & 0xFFFF_FFFF)
  }

  /// The curve parameter at progress `p`, 0 < p < 1 (both pacings agree on one curve).
  @inlinable @inline(__always)
  public static func parameter(_ base: UnsafePointer<Double>, at p: Double) -> Double {
    let s = p * base[1]
    let last = intervals(base) &- 1
    // The last interval starting at or before s, as `InverseLengthSpline` finds it: the
    // guide's, or the next one (chosen without a branch), and a walk for the rare rest.
    var j = nearInterval(base, at: p)
    var row = base + (header &+ intervalStride &* j)
    let next = j < last && row[1] <= s ? 1 : 0
    j &+= next
    row += intervalStride &* next
    while j < last && row[1] <= s {
      j &+= 1
      row += intervalStride
    }
    while j > 0 && row[0] > s {
      j &-= 1
      row -= intervalStride
    }
    let h = row[1] - row[0]
    let u = h > 0 ? (s - row[0]) / h : 0
    return row[2] + u * (row[3] + u * (row[4] + u * (row[5] + u * (row[6] + u * row[7]))))
  }

  /// The point at progress `p`, 0 < p < 1.
  @inlinable @inline(__always)
  public static func point(_ base: UnsafePointer<Double>, at p: Double) -> Point {
    let t = parameter(base, at: p)
    let p0 = Point(base[3], base[4])
    let p1 = Point(base[5], base[6])
    let p2 = Point(base[7], base[8])
    if base[0] == 2 { return Bezier.quadPoint(p0, p1, p2, t) }
    return Bezier.cubicPoint(p0, p1, p2, Point(base[9], base[10]), t)
  }

  /// Where the interval `point(_:at:)` at `p` reads first lies (reading the header), for
  /// a caller that prefetches it; the query may read the next one too, a line further.
  @inlinable @inline(__always)
  public static func intervalAddress(_ base: UnsafePointer<Double>, at p: Double) -> UnsafeRawPointer {
    UnsafeRawPointer(base + (header &+ intervalStride &* nearInterval(base, at: p)))
  }
}
