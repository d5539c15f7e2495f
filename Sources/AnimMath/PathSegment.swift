#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A circular arc. Angles are radians measured from +x towards +y (clockwise on screen);
/// `clockwise` runs through increasing angles, as UIKit's `addArc(…clockwise: true)`.
public struct Arc: Hashable, Sendable {
  public var center: Point
  public var radius: Double
  public var start: Double
  public var end: Double
  public var clockwise: Bool

  public init(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool = true) {
    self.center = center
    self.radius = radius
    self.start = start
    self.end = end
    self.clockwise = clockwise
  }

  /// The swept angle, ≥ 0: `end − start` (or `start − end` counter-clockwise) plus whole
  /// turns until non-negative; a sweep of a full turn or more is one full circle (§4).
  public var sweep: Double {
    // fmod, not a loop of whole turns: a huge angle must not take forever.
    let raw = clockwise ? end - start : start - end
    if raw.isNaN { return 0 }
    if raw >= 2 * Double.pi { return 2 * Double.pi }
    guard raw.isFinite, raw != 0 else { return 0 }
    let s = fmod(raw, 2 * Double.pi)
    return s < 0 ? s + 2 * Double.pi : (s == 0 ? 0 : s)
  }

  /// Whether every number of the arc is finite; one that is not draws nothing.
  public var isFinite: Bool {
    center.x.isFinite && center.y.isFinite && radius.isFinite && start.isFinite && end.isFinite
  }

  /// The signed angle at fraction `t` of the sweep.
  public func angle(at t: Double) -> Double {
    start + (clockwise ? 1 : -1) * sweep * t
  }

  public func point(atAngle angle: Double) -> Point {
    Point(center.x + radius * cos(angle), center.y + radius * sin(angle))
  }

  public var startPoint: Point { point(atAngle: start) }
  public var endPoint: Point { point(atAngle: angle(at: 1)) }

  /// Whether a current point at `p` already is the arc's start, so that no line joins
  /// them: cos/sin rounding leaves a join a few ulps off, and that is not a line to draw.
  /// A start that is not a number joins nothing.
  public func starts(at p: Point) -> Bool {
    let start = startPoint
    let tolerance = 1e-9 * max(1, abs(radius), abs(start.x), abs(start.y))
    return !(p.distance(to: start) > tolerance)
  }
}

/// One drawing command of a path, with absolute coordinates. Every segment but `move`
/// starts where the previous one ended; an `arc` starts at its own start angle, and the
/// builder inserts a `line` to it when the current point is elsewhere (as UIKit does).
/// `Path.elements` walks the commands with those starts made explicit.
public enum PathSegment: Hashable, Sendable {
  case move(to: Point)
  case line(to: Point)
  case quad(control: Point, to: Point)
  case cubic(c1: Point, c2: Point, to: Point)
  case arc(Arc)
  case close
}

/// A path: a list of segments, possibly several subpaths.
public struct Path: Hashable, Sendable {
  public var segments: [PathSegment]

  public init(_ segments: [PathSegment] = []) { self.segments = segments }

  /// Closed when it ends with `close` (§4); shapes' outlines are always closed.
  public var isClosed: Bool { segments.last == .close }
}
