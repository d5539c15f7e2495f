/// A measured path that draws one quadratic or cubic Bezier with an inverse-length
/// spline (`PathMeasure.flat`), laid out in one block of memory: the curve, its length
/// and the spline's knots side by side. `PathMeasure` answers from it part-way along
/// (0 < p < 1), so `point(_:at:)` is `PathMeasure.point(at:)` there, bit for bit.
///
/// Why a second layout: the simulator asks a point of every particle on a random path in
/// every frame. Through a `PathMeasure` a query follows the measure, its pieces and its
/// knots, each a reference to memory that, with thousands of particles, is rarely in
/// cache; the processor can start the next particle's reads only once the previous one
/// resolved. From a block's address the query's reads are one step away, so a caller can
/// prefetch a few particles ahead and the misses overlap.
public final class FlatCurvePath: @unchecked Sendable {
  // Immutable after init: `@unchecked Sendable` is safe.

  /// Layout from `base`: 0 the curve's degree (2 or 3), 1 its arc length, 2 the number of
  /// knots, 3…10 the control points (x, y; a quadratic leaves the last two unused), then
  /// the knots, `InverseLengthSpline.stride` numbers each.
  public let base: UnsafePointer<Double>
  private let block: UnsafeMutablePointer<Double>

  /// The numbers before the knots.
  public static let header = 11

  /// The block for `piece` with its spline's `knots` and arc length `length`; nil for a
  /// line or an arc.
  init?(_ piece: PathPiece, knots: ArraySlice<Double>, length: Double) {
    let points: [Point]
    let degree: Double
    switch piece.curve {
    case .quad(let a, let c, let b):
      points = [a, c, b, .zero]
      degree = 2
    case .cubic(let a, let c1, let c2, let b):
      points = [a, c1, c2, b]
      degree = 3
    case .line, .arc:
      return nil
    }
    block = .allocate(capacity: Self.header + knots.count)
    block[0] = degree
    block[1] = length
    block[2] = Double(knots.count / InverseLengthSpline.stride)
    for (i, p) in points.enumerated() {
      block[3 + 2 * i] = p.x
      block[4 + 2 * i] = p.y
    }
    for (i, k) in knots.enumerated() { block[Self.header + i] = k }
    base = UnsafePointer(block)
  }

  /// The spline's knots (`InverseLengthSpline.stride` numbers each).
  var knots: UnsafeBufferPointer<Double> { Self.knots(base) }

  deinit { block.deallocate() }

  @inlinable @inline(__always)
  static func knots(_ base: UnsafePointer<Double>) -> UnsafeBufferPointer<Double> {
    UnsafeBufferPointer(start: base + header, count: InverseLengthSpline.stride &* Int(base[2]))
  }

  /// The knot at or just before p·L, 0 < p < 1, as the knots' equal steps of t place it:
  /// where the search starts (it ends at the same knot from anywhere), and what to
  /// prefetch.
  @inlinable @inline(__always)
  static func nearKnot(_ base: UnsafePointer<Double>, at p: Double) -> Int {
    Int(p * (base[2] - 1))
  }

  /// The curve parameter at progress `p`, 0 < p < 1 (both pacings agree on one curve).
  @inlinable @inline(__always)
  public static func parameter(_ base: UnsafePointer<Double>, at p: Double) -> Double {
    let count = Int(base[2])
    let knots = UnsafeBufferPointer(start: base + header, count: InverseLengthSpline.stride &* count)
    return InverseLengthSpline.parameter(
      atLength: p * base[1], knots: knots, from: 0, count: count, near: nearKnot(base, at: p))
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

  /// Where the knot `point(_:at:)` at `p` reads first lies (reading the header), for a
  /// caller that prefetches it.
  @inlinable @inline(__always)
  public static func knotAddress(_ base: UnsafePointer<Double>, at p: Double) -> UnsafeRawPointer {
    let j = p > 0 && p < 1 ? nearKnot(base, at: p) : 0
    return UnsafeRawPointer(base + (header &+ InverseLengthSpline.stride &* j))
  }
}
