extension Homography {
  /// The inverse map (adjugate over determinant); nil when the map is singular or not finite.
  package var inverted: Homography? {
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
    return Homography(
      m00: c00 / det, m01: c01 / det, m02: c02 / det, m10: c10 / det, m11: c11 / det, m12: c12 / det,
      m20: c20 / det, m21: c21 / det, m22: c22 / det)
  }

  /// A direction at a point mapped by the linear part of the map's top-left 2 × 2 (the
  /// linear part of an affine map; a 3-D map's, with W taken as 1).
  package func applyLinear(_ v: Point) -> Point {
    Point(m00 * v.x + m01 * v.y, m10 * v.x + m11 * v.y)
  }
}
