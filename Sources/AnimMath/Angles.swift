/// Degrees ↔ radians. The language and dumps speak degrees; the math speaks radians.
@inlinable public func radians(fromDegrees d: Double) -> Double { d * .pi / 180 }
@inlinable public func degrees(fromRadians r: Double) -> Double { r * 180 / .pi }
