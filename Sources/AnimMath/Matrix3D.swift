/// A 4×4 homogeneous transform in CSS `matrix3d()` order: 16 numbers, column by column,
/// so `m[row + 4·column]`. Points are columns, `(X, Y, Z, W) = M·(x, y, z, 1)`; with y
/// pointing down and z towards the viewer, as CSS and Core Animation have it (§12.1).
/// `l * r` is the matrix product: `r` applies first, as in a CSS transform list read
/// right to left.
///
/// The numbers are held inline, not in an array: a 3-D record's matrix is made from seven
/// factors every frame, and with arrays each factor and product was an allocation.
public struct Matrix3D: Hashable, Sendable {
  /// Column-major, `storage[row + 4·column]`.
  private var storage: SIMD16<Double>

  /// Column-major, as `matrix3d()` lists them.
  public var m: [Double] {
    get { (0..<16).map { storage[$0] } }
    set { self = Matrix3D(columnMajor: newValue) }
  }

  /// `values` must hold 16 numbers, column-major; any other count gives the identity.
  public init(columnMajor values: [Double]) {
    storage = values.count == 16 ? SIMD16(values) : Matrix3D.identity.storage
  }

  @inline(__always)
  private init(_ storage: SIMD16<Double>) {
    self.storage = storage
  }

  public static let identity = Matrix3D(SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))

  /// The element at `row`, `column` (both 0…3).
  @inline(__always)
  public subscript(row: Int, column: Int) -> Double {
    get { storage[row + 4 * column] }
    set { storage[row + 4 * column] = newValue }
  }

  /// Whether all 16 numbers are finite.
  package var isFinite: Bool {
    for i in 0..<16 where !storage[i].isFinite { return false }
    return true
  }

  /// CSS `translate3d(x, y, z)`.
  public static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Matrix3D {
    Matrix3D(SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1))
  }

  /// CSS `scale3d(sx, sy, 1)`.
  public static func scale(_ sx: Double, _ sy: Double) -> Matrix3D {
    Matrix3D(SIMD16(sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))
  }

  /// CSS `perspective(d)`: `m34 = −1/d` (the W row's z entry), so W = 1 − z/d. A
  /// distance of 0 (or one that is not a positive finite number) is no perspective, as
  /// the spec's default says.
  public static func perspective(_ d: Double) -> Matrix3D {
    guard d > 0, d.isFinite else { return .identity }
    var r = Matrix3D.identity
    r[3, 2] = -1 / d
    return r
  }

  /// CSS `rotateX(a)`: (y, z) ↦ (y·cos a − z·sin a, y·sin a + z·cos a).
  public static func rotationX(degrees a: Double) -> Matrix3D {
    let (s, c) = sinCos(degrees: a)
    return Matrix3D(SIMD16(1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1))
  }

  /// CSS `rotateY(a)`: (x, z) ↦ (x·cos a + z·sin a, −x·sin a + z·cos a).
  public static func rotationY(degrees a: Double) -> Matrix3D {
    let (s, c) = sinCos(degrees: a)
    return Matrix3D(SIMD16(c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1))
  }

  /// CSS `rotate(a)` (about z): clockwise on screen, as `AffineTransform.rotation`.
  public static func rotationZ(degrees a: Double) -> Matrix3D {
    let (s, c) = sinCos(degrees: a)
    return Matrix3D(SIMD16(c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))
  }

  /// A 2-D affine transform acting on x and y, leaving z and W alone.
  public init(_ t: AffineTransform) {
    storage = SIMD16(t.a, t.b, 0, 0, t.c, t.d, 0, 0, 0, 0, 1, 0, t.tx, t.ty, 0, 1)
  }

  /// Each entry a sum from 0 over k in order, as written: the numbers dumps print depend
  /// on the order of the additions.
  public static func * (l: Matrix3D, r: Matrix3D) -> Matrix3D {
    var out = SIMD16<Double>()
    for column in 0..<4 {
      for row in 0..<4 {
        var sum = 0.0
        for k in 0..<4 { sum += l.storage[row + 4 * k] * r.storage[k + 4 * column] }
        out[row + 4 * column] = sum
      }
    }
    return Matrix3D(out)
  }

  /// The map of the plane z = 0 it induces: rows X, Y, W and columns x, y, 1 (§12.1: a
  /// point of the shape's box has z = 0, so the z column never matters).
  package var planar: Homography {
    Homography(
      m00: self[0, 0], m01: self[0, 1], m02: self[0, 3],
      m10: self[1, 0], m11: self[1, 1], m12: self[1, 3],
      m20: self[3, 0], m21: self[3, 1], m22: self[3, 3])
  }
}

/// A projective map of the plane: (x, y) ↦ (X/W, Y/W) with
/// (X, Y, W) = H·(x, y, 1). What a 3-D transform does to a flat shape (§12.1).
package struct Homography: Hashable, Sendable {
  package var m00, m01, m02, m10, m11, m12, m20, m21, m22: Double

  package init(
    m00: Double, m01: Double, m02: Double, m10: Double, m11: Double, m12: Double, m20: Double, m21: Double,
    m22: Double
  ) {
    self.m00 = m00
    self.m01 = m01
    self.m02 = m02
    self.m10 = m10
    self.m11 = m11
    self.m12 = m12
    self.m20 = m20
    self.m21 = m21
    self.m22 = m22
  }

  /// An affine transform as a homography (W = 1 everywhere).
  package init(_ t: AffineTransform) {
    self.init(m00: t.a, m01: t.c, m02: t.tx, m10: t.b, m11: t.d, m12: t.ty, m20: 0, m21: 0, m22: 1)
  }

  /// The homogeneous image (X, Y, W) of a point.
  @inline(__always)
  package func homogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
    (m00 * p.x + m01 * p.y + m02, m10 * p.x + m11 * p.y + m12, m20 * p.x + m21 * p.y + m22)
  }

  /// W at a point: affine in the point, so the part of the plane in front of the eye
  /// (W > 0) is a half-plane.
  @inline(__always)
  package func w(_ p: Point) -> Double { m20 * p.x + m21 * p.y + m22 }

  /// The projected point (X/W, Y/W); meaningful only where W > 0.
  @inline(__always)
  package func apply(_ p: Point) -> Point {
    let h = homogeneous(p)
    return Point(h.x / h.w, h.y / h.w)
  }

  /// `t` after this map: (t ∘ self), an affine map of the projected plane.
  package static func * (t: AffineTransform, h: Homography) -> Homography {
    Homography(
      m00: t.a * h.m00 + t.c * h.m10 + t.tx * h.m20, m01: t.a * h.m01 + t.c * h.m11 + t.tx * h.m21,
      m02: t.a * h.m02 + t.c * h.m12 + t.tx * h.m22,
      m10: t.b * h.m00 + t.d * h.m10 + t.ty * h.m20, m11: t.b * h.m01 + t.d * h.m11 + t.ty * h.m21,
      m12: t.b * h.m02 + t.d * h.m12 + t.ty * h.m22,
      m20: h.m20, m21: h.m21, m22: h.m22)
  }

  /// The inverse map, or nil when it is singular or not finite: takes a projected point
  /// back to homogeneous box coordinates (x', y', w') whose point is (x'/w', y'/w').
  package var inverse: Homography? {
    let c00 = m11 * m22 - m12 * m21
    let c01 = m02 * m21 - m01 * m22
    let c02 = m01 * m12 - m02 * m11
    let c10 = m12 * m20 - m10 * m22
    let c11 = m00 * m22 - m02 * m20
    let c12 = m02 * m10 - m00 * m12
    let c20 = m10 * m21 - m11 * m20
    let c21 = m01 * m20 - m00 * m21
    let c22 = m00 * m11 - m01 * m10
    let det = m00 * c00 + m01 * c10 + m02 * c20
    guard det != 0, det.isFinite else { return nil }
    let k = 1 / det
    let r = Homography(
      m00: c00 * k, m01: c01 * k, m02: c02 * k, m10: c10 * k, m11: c11 * k, m12: c12 * k, m20: c20 * k,
      m21: c21 * k, m22: c22 * k)
    let all = [r.m00, r.m01, r.m02, r.m10, r.m11, r.m12, r.m20, r.m21, r.m22]
    return all.allSatisfy(\.isFinite) ? r : nil
  }

  /// The largest factor by which it stretches lengths at a point where W > 0 (the
  /// Jacobian's largest singular value), for turning a pixel tolerance into a box one.
  package func stretch(at p: Point) -> Double {
    let (x, y, w) = homogeneous(p)
    let w2 = w * w
    let a = (m00 * w - x * m20) / w2
    let c = (m01 * w - x * m21) / w2
    let b = (m10 * w - y * m20) / w2
    let d = (m11 * w - y * m21) / w2
    let e = (a * a + b * b + c * c + d * d) / 2
    let det = a * d - b * c
    return (e + max(0, e * e - det * det).squareRoot()).squareRoot()
  }
}
