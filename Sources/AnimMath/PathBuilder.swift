/// Builds a `Path` command by command, tracking the current point the way UIKit's
/// UIBezierPath does, so an `arc` after other commands is joined by a straight line.
package struct PathBuilder: Sendable {
  package private(set) var path = Path()
  package private(set) var current: Point? = nil
  private var subpathStart: Point? = nil

  package init() {}

  /// Room for `segments` segments at once, for a caller that knows how many it will add
  /// (a path constructor called at every spawn), rather than growing one at a time.
  package mutating func reserveCapacity(_ segments: Int) {
    path.segments.reserveCapacity(segments)
  }

  package mutating func move(to p: Point) {
    path.segments.append(.move(to: p))
    current = p
    subpathStart = p
  }

  package mutating func line(to p: Point) {
    ensureStarted(at: p)
    path.segments.append(.line(to: p))
    current = p
  }

  package mutating func quad(control: Point, to p: Point) {
    ensureStarted(at: control)
    path.segments.append(.quad(control: control, to: p))
    current = p
  }

  package mutating func cubic(c1: Point, c2: Point, to p: Point) {
    ensureStarted(at: c1)
    path.segments.append(.cubic(c1: c1, c2: c2, to: p))
    current = p
  }

  package mutating func arc(_ arc: Arc) {
    let start = arc.startPoint
    if let current {
      if !arc.starts(at: current) { path.segments.append(.line(to: start)) }
    } else {
      move(to: start)
    }
    path.segments.append(.arc(arc))
    current = arc.endPoint
  }

  package mutating func close() {
    guard current != nil else { return }
    path.segments.append(.close)
    current = subpathStart
  }

  /// A drawing command with no current point starts a subpath at the origin, as
  /// Core Graphics would complain about and SVG would do.
  private mutating func ensureStarted(at _: Point) {
    if current == nil { move(to: .zero) }
  }
}
