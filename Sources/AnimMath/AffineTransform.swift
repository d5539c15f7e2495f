#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 2-D affine transform in SVG's `matrix(a b c d tx ty)` form:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
/// `l * r` is the matrix product: `r` applies first, as in the spec's `T·R·S` notation.
public struct AffineTransform: Hashable, Sendable {
  public var a, b, c, d, tx, ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public static func translation(_ dx: Double, _ dy: Double) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
  }

  /// Rotation by `radians`, clockwise on screen because y points down.
  public static func rotation(_ radians: Double) -> AffineTransform {
    let cs = cos(radians)
    let sn = sin(radians)
    return AffineTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
  }

  public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
    AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  public static func * (l: AffineTransform, r: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: l.a * r.a + l.c * r.b,
      b: l.b * r.a + l.d * r.b,
      c: l.a * r.c + l.c * r.d,
      d: l.b * r.c + l.d * r.d,
      tx: l.a * r.tx + l.c * r.ty + l.tx,
      ty: l.b * r.tx + l.d * r.ty + l.ty)
  }

  public func apply(_ p: Point) -> Point {
    Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
  }

  /// Applies only the linear part (for directions and tangents).
  public func applyLinear(_ v: Point) -> Point {
    Point(a * v.x + c * v.y, b * v.x + d * v.y)
  }

  public var determinant: Double { a * d - b * c }

  /// The inverse, or nil when the transform collapses the plane (a zero scale).
  public var inverted: AffineTransform? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let ia = d / det
    let ib = -b / det
    let ic = -c / det
    let id = a / det
    return AffineTransform(
      a: ia, b: ib, c: ic, d: id,
      tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
  }

  /// `a^n` for n ≥ 0 (replicator copies apply the instance transform i times).
  public func power(_ n: Int) -> AffineTransform {
    var result = AffineTransform.identity
    var base = self
    var k = max(0, n)
    while k > 0 {
      if k & 1 == 1 { result = result * base }
      base = base * base
      k >>= 1
    }
    return result
  }
}
