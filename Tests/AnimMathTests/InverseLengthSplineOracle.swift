@testable import AnimMath

/// The spline's own reading of its knots, kept as an oracle: `PathMeasure` reads every
/// spline through its flat layout (`FlatCurvePath`), whose intervals are computed from
/// the same knots and must give the same parameter, bit for bit.
extension InverseLengthSpline {
  /// The parameter at arc length `s`, 0 < s < length: the quintic of the last knot at or
  /// before s (the last interval takes any s beyond).
  func parameter(atLength s: Double) -> Double {
    let last = count - 1
    var j = 0
    while j < last - 1 && knots[Self.stride * (j + 1)] <= s { j += 1 }
    return Self.interpolate(s, knots, from: 0, j, Double(last))
  }
}
