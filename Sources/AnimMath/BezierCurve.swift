/// A quadratic or cubic Bezier curve with its control points unpacked, for code that
/// evaluates one curve many times (building an inverse-length spline): generic code over
/// these is specialized to straight-line arithmetic, with no match on `PathCurve`
/// per evaluation. The formulas are `Bezier`'s, so results are the same bit for bit.
protocol BezierCurve {
  func point(_ t: Double) -> Point
  func derivative(_ t: Double) -> Point
  func secondDerivative(_ t: Double) -> Point
}

struct QuadCurve: BezierCurve {
  var p0, p1, p2: Point

  @inline(__always) func point(_ t: Double) -> Point { Bezier.quadPoint(p0, p1, p2, t) }
  @inline(__always) func derivative(_ t: Double) -> Point { Bezier.quadDerivative(p0, p1, p2, t) }
  @inline(__always) func secondDerivative(_ t: Double) -> Point { Bezier.quadSecondDerivative(p0, p1, p2) }
}

struct CubicCurve: BezierCurve {
  var p0, p1, p2, p3: Point

  @inline(__always) func point(_ t: Double) -> Point { Bezier.cubicPoint(p0, p1, p2, p3, t) }
  @inline(__always) func derivative(_ t: Double) -> Point { Bezier.cubicDerivative(p0, p1, p2, p3, t) }
  @inline(__always) func secondDerivative(_ t: Double) -> Point { Bezier.cubicSecondDerivative(p0, p1, p2, p3, t) }
}
