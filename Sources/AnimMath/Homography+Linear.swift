extension Homography {
  /// A direction mapped by the map's top-left 2 × 2: the linear part of an affine map (a
  /// 3-D map's with W taken as 1).
  package func applyLinear(_ v: Point) -> Point {
    Point(m00 * v.x + m01 * v.y, m10 * v.x + m11 * v.y)
  }
}
