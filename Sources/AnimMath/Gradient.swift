/// A colour gradient (§12.2): CAGradientLayer's `.axial` (linear) or `.radial` type.
///
/// Geometry is in one coordinate space, chosen by the holder: unit points of a shape's
/// box as the source writes them, or box points once `resolved(width:height:)`. Colours
/// are interpolated per sRGB channel with straight alpha, as SVG and Core Graphics do,
/// and padded beyond the first and last stop.
public struct Gradient: Hashable, Sendable {
  /// One colour stop: where it sits (0…1 along the gradient) and its colour.
  public struct Stop: Hashable, Sendable {
    public var location: Double
    public var color: Color
    public init(_ location: Double, _ color: Color) {
      self.location = location
      self.color = color
    }
  }

  public enum Geometry: Hashable, Sendable {
    /// t is the projection of a point on the line from `start` (t = 0) to `end` (t = 1).
    case linear(start: Point, end: Point)
    /// t is the elliptical distance from `center`: 1 on the ellipse of radii
    /// `radius.x`, `radius.y`.
    case radial(center: Point, radius: Point)
  }

  /// Non-empty, locations non-decreasing (the built-ins make them so).
  public var stops: [Stop]
  public var geometry: Geometry

  public init(stops: [Stop], geometry: Geometry) {
    self.stops = stops
    self.geometry = geometry
  }

  public static func linear(_ stops: [Stop], start: Point, end: Point) -> Gradient {
    Gradient(stops: stops, geometry: .linear(start: start, end: end))
  }

  public static func radial(_ stops: [Stop], center: Point, radius: Point) -> Gradient {
    Gradient(stops: stops, geometry: .radial(center: center, radius: radius))
  }

  /// The same gradient with its unit points mapped into a `width × height` box.
  public func resolved(width w: Double, height h: Double) -> Gradient {
    switch geometry {
    case .linear(let s, let e):
      return .linear(stops, start: Point(s.x * w, s.y * h), end: Point(e.x * w, e.y * h))
    case .radial(let c, let r):
      return .radial(stops, center: Point(c.x * w, c.y * h), radius: Point(r.x * w, r.y * h))
    }
  }

  /// The gradient parameter at point `p` (in the geometry's space), before padding. A
  /// degenerate geometry (start = end, a zero radius) gives t = 1 everywhere but at the
  /// exact centre, as the padded last colour is what Core Graphics and SVG show there.
  public func parameter(at p: Point) -> Double {
    switch geometry {
    case .linear(let s, let e):
      let dx = e.x - s.x
      let dy = e.y - s.y
      let len2 = dx * dx + dy * dy
      guard len2 > 0, len2.isFinite else { return 1 }
      return ((p.x - s.x) * dx + (p.y - s.y) * dy) / len2
    case .radial(let c, let r):
      guard r.x > 0, r.y > 0 else { return p == c ? 0 : 1 }
      let u = (p.x - c.x) / r.x
      let v = (p.y - c.y) / r.y
      return (u * u + v * v).squareRoot()
    }
  }

  /// The colour at parameter t: padded outside the stops; between two stops, linear
  /// per channel, straight alpha. Where two stops share a location, the later one wins
  /// from that location on (a hard edge). NaN gives the first colour.
  public func color(at t: Double) -> Color {
    guard let first = stops.first, let last = stops.last else { return .clear }
    if !(t > first.location) { return first.color }
    if t >= last.location { return last.color }
    // The first stop beyond t; it exists because t < last.location.
    var k = 1
    while k < stops.count && stops[k].location <= t { k += 1 }
    let a = stops[k - 1]
    let b = stops[min(k, stops.count - 1)]
    let span = b.location - a.location
    guard span > 0 else { return b.color }
    return a.color.lerp(to: b.color, (t - a.location) / span)
  }

  /// The colour at point `p`.
  public func color(atPoint p: Point) -> Color { color(at: parameter(at: p)) }

  /// Locations for `count` stops spaced evenly from 0 to 1 (CAGradientLayer's default).
  public static func evenLocations(_ count: Int) -> [Double] {
    guard count > 1 else { return [0] }
    return (0..<count).map { Double($0) / Double(count - 1) }
  }
}

/// The gradients of a node's style (§12.2): its fill's, its stroke's, or both. Shared
/// and immutable, so that a frame record holds one reference (nil for the plain colours
/// of nearly every node) whatever the gradients' size; equal by contents.
public final class PaintGradients: Hashable, Sendable {
  public let fill: Gradient?
  public let stroke: Gradient?

  public init(fill: Gradient?, stroke: Gradient?) {
    self.fill = fill
    self.stroke = stroke
  }

  /// These with `fill` (when given) or `stroke` replaced; nil when neither is left.
  public static func setting(_ base: PaintGradients?, fill: Gradient??, stroke: Gradient??) -> PaintGradients? {
    let f = fill ?? base?.fill
    let s = stroke ?? base?.stroke
    return f == nil && s == nil ? nil : PaintGradients(fill: f, stroke: s)
  }

  public static func == (a: PaintGradients, b: PaintGradients) -> Bool {
    a === b || (a.fill == b.fill && a.stroke == b.stroke)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(fill)
    hasher.combine(stroke)
  }
}
