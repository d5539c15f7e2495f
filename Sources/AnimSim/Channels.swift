import AnimMath
import AnimModel

/// The value of one animated property as up to four numbers: a Number in `x`, a Point in
/// `x, y`, a Color in `x, y, z, w` (r, g, b, a). One small vector type for every property
/// keeps interpolation, addition and keyframe splines allocation-free and monomorphic.
@usableFromInline package struct Channels: Hashable, Sendable {
  @usableFromInline package var x, y, z, w: Double

  @inlinable package init(_ x: Double, _ y: Double = 0, _ z: Double = 0, _ w: Double = 0) {
    self.x = x
    self.y = y
    self.z = z
    self.w = w
  }

  package static let zero = Channels(0)

  @inlinable package init(_ p: Point) { self.init(p.x, p.y) }
  @inlinable package init(_ c: Color) { self.init(c.r, c.g, c.b, c.a) }

  @inlinable package var point: Point { Point(x, y) }
  @inlinable package var color: Color { Color(r: x, g: y, b: z, a: w) }

  /// Whether every component is a finite number (NaN and infinities are errors, §9).
  @inlinable package var isFinite: Bool {
    (x + y + z + w).isFinite || (x.isFinite && y.isFinite && z.isFinite && w.isFinite)
  }
}

extension Channels: Interpolatable {
  @inlinable package func lerp(to o: Channels, _ t: Double) -> Channels {
    Channels(x + (o.x - x) * t, y + (o.y - y) * t, z + (o.z - z) * t, w + (o.w - w) * t)
  }

  /// Euclidean over the components: the distance `.paced` keyframes space values by
  /// (for colours it includes alpha, as `Color.distance` does).
  @inlinable package func distance(to o: Channels) -> Double {
    let dx = o.x - x
    let dy = o.y - y
    let dz = o.z - z
    let dw = o.w - w
    return (dx * dx + dy * dy + dz * dz + dw * dw).squareRoot()
  }

  @inlinable package static func + (a: Channels, b: Channels) -> Channels {
    Channels(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w)
  }

  @inlinable package static func - (a: Channels, b: Channels) -> Channels {
    Channels(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w)
  }

  @inlinable package static func * (a: Channels, k: Double) -> Channels {
    Channels(a.x * k, a.y * k, a.z * k, a.w * k)
  }
}
