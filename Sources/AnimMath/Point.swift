/// A point or vector in scene coordinates (UIKit's: x right, y down, in points).
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  @inlinable public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(0, 0)

  @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
  @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
  @inlinable public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
  @inlinable public static func * (k: Double, a: Point) -> Point { Point(a.x * k, a.y * k) }
  public static func / (a: Point, k: Double) -> Point { Point(a.x / k, a.y / k) }
  public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }

  public var length: Double { (x * x + y * y).squareRoot() }
  public func distance(to other: Point) -> Double { (self - other).length }
  public func dot(_ other: Point) -> Double { x * other.x + y * other.y }
  public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

  /// Linear interpolation: `self` at t = 0, `other` at t = 1.
  public func lerp(to other: Point, _ t: Double) -> Point {
    Point(x + (other.x - x) * t, y + (other.y - y) * t)
  }

  public var description: String { "(\(x), \(y))" }
}
