/// One step of a walk along a path (`Path.elements`), with every start made explicit.
package enum PathElement: Hashable, Sendable {
  /// A subpath begins at the point: at a `move` (`implied` false), or where a drawing
  /// command finds no open subpath (`implied` true): at the origin before anything else,
  /// at the closed subpath's start after a `close`, at an arc's own start.
  case begin(Point, implied: Bool)
  /// A curve drawn from the current point; an arc away from the current point comes
  /// after the `line` that joins it (as UIKit and the builder draw it).
  case draw(PathCurve)
  /// A `close` of an open subpath: the line from the current point back to its start,
  /// of zero length when the subpath already ends there. A subpath closes once.
  case close(from: Point, to: Point)

  /// What the element draws: a close draws its line; a begin draws nothing.
  package var curve: PathCurve? {
    switch self {
    case .begin: return nil
    case .draw(let curve): return curve
    case .close(let from, let to): return .line(from, to)
    }
  }

  var isClose: Bool {
    if case .close = self { return true }
    return false
  }
}

extension Path {
  /// The path's elements, in order: the one reading of its commands that flattening,
  /// measuring, bounding, outlines, SVG and Lottie output all walk.
  package var elements: PathElements { PathElements(path: self) }
}

/// The elements of a path (`Path.elements`), read one command at a time.
///
/// The current point follows UIKit and SVG: a drawing command with no current point
/// starts at the origin; after a `close` it is the closed subpath's start, where the next
/// drawing command begins a subpath; an `arc` starts at its own start angle, joined by a
/// line when the current point is elsewhere (`Arc.starts(at:)`, the builder's rule, so a
/// built path, whose arcs the builder has joined already, gets no second line).
package struct PathElements: Sequence, Sendable {
  package let path: Path

  package func makeIterator() -> Iterator { Iterator(path.segments) }

  package struct Iterator: IteratorProtocol, Sendable {
    private let segments: [PathSegment]
    private var index = 0
    /// Nil until the first command that sets it.
    private var current: Point? = nil
    private var subpathStart = Point.zero
    /// Whether a subpath has begun and not been closed.
    private var open = false
    /// Elements of the command read last, not yet yielded: one command gives at most
    /// three (an implied begin, an arc's joining line, the arc). Slots, not an array:
    /// a measure walks a path at every spawn.
    private var queued: (PathElement?, PathElement?, PathElement?) = (nil, nil, nil)

    init(_ segments: [PathSegment]) { self.segments = segments }

    package mutating func next() -> PathElement? {
      while queued.0 == nil && index < segments.count {
        read(segments[index])
        index += 1
      }
      let element = queued.0
      queued = (queued.1, queued.2, nil)
      return element
    }

    private mutating func push(_ element: PathElement) {
      if queued.0 == nil {
        queued.0 = element
      } else if queued.1 == nil {
        queued.1 = element
      } else {
        queued.2 = element
      }
    }

    /// Queues the elements of one command.
    private mutating func read(_ segment: PathSegment) {
      switch segment {
      case .move(let p):
        push(.begin(p, implied: false))
        current = p
        subpathStart = p
        open = true
      case .line(let p):
        push(.draw(.line(pen(), p)))
        current = p
      case .quad(let c, let p):
        push(.draw(.quad(pen(), c, p)))
        current = p
      case .cubic(let c1, let c2, let p):
        push(.draw(.cubic(pen(), c1, c2, p)))
        current = p
      case .arc(let arc):
        if let here = current, !arc.starts(at: here) {
          push(.draw(.line(pen(), arc.startPoint)))
        } else if !open {
          begin(arc.startPoint)
        }
        push(.draw(.arc(arc)))
        current = arc.endPoint
      case .close:
        guard open, let here = current else { return }
        push(.close(from: here, to: subpathStart))
        current = subpathStart
        open = false
      }
    }

    /// The point a drawing command starts from, beginning a subpath there first when
    /// none is open.
    private mutating func pen() -> Point {
      let p = current ?? .zero
      if !open { begin(p) }
      return p
    }

    private mutating func begin(_ p: Point) {
      push(.begin(p, implied: true))
      current = p
      subpathStart = p
      open = true
    }
  }
}

extension Path {
  /// The curves the path draws, in order, closing lines included, and the first point
  /// of its first subpath (nil for an empty path).
  func curves() -> (curves: [PathCurve], firstPoint: Point?) {
    var curves: [PathCurve] = []
    var firstPoint: Point? = nil
    for element in elements {
      if case .begin(let p, _) = element {
        if firstPoint == nil { firstPoint = p }
      } else if let curve = element.curve {
        curves.append(curve)
      }
    }
    return (curves, firstPoint)
  }
}
