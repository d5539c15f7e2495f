/// A value an animation can interpolate (§6.1, §6.5): a vector space with a distance.
/// Keyframe splines need sums and scalings; `.paced` keyframes need distances.
package protocol Interpolatable: Sendable {
  /// self at t = 0, `other` at t = 1; t outside 0…1 extrapolates.
  func lerp(to other: Self, _ t: Double) -> Self
  /// The distance `.paced` keyframes space values by (Euclidean on the components).
  func distance(to other: Self) -> Double
  static func + (a: Self, b: Self) -> Self
  static func - (a: Self, b: Self) -> Self
  static func * (a: Self, k: Double) -> Self
}

extension Double: Interpolatable {
  package func lerp(to other: Double, _ t: Double) -> Double { self + (other - self) * t }
  package func distance(to other: Double) -> Double { abs(other - self) }
}

extension Point: Interpolatable {}

extension Color: Interpolatable {
  /// Euclidean distance over the four channels, alpha included.
  public func distance(to other: Color) -> Double {
    let dr = other.r - r
    let dg = other.g - g
    let db = other.b - b
    let da = other.a - a
    return (dr * dr + dg * dg + db * db + da * da).squareRoot()
  }

  public static func + (a: Color, b: Color) -> Color {
    Color(r: a.r + b.r, g: a.g + b.g, b: a.b + b.b, a: a.a + b.a)
  }

  public static func - (a: Color, b: Color) -> Color {
    Color(r: a.r - b.r, g: a.g - b.g, b: a.b - b.b, a: a.a - b.a)
  }

  public static func * (a: Color, k: Double) -> Color {
    Color(r: a.r * k, g: a.g * k, b: a.b * k, a: a.a * k)
  }
}
