import AnimMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SVG path data (`d`) for a `Path`, with absolute commands `M L Q C A Z` only.
/// Arcs become `A` commands of at most 180° each (a full circle is two halves), preceded
/// by a line to their start when the current point is elsewhere, as UIKit draws them.
/// The current-point rules match the rasterizer's flattening exactly; lines of
/// rounding-noise length are left out, as the flattening drops them.
public enum SVGPathData {
  /// The `d` attribute text for `path`.
  public static func string(_ path: Path) -> String {
    var out = ""
    var current: Point? = nil
    var subpathStart: Point? = nil

    func command(_ letter: String, _ points: Point...) {
      if !out.isEmpty { out += " " }
      out += letter
      for p in points {
        out += " " + SVGNumber.format(p.x) + " " + SVGNumber.format(p.y)
      }
    }
    // A drawing command with no current point starts from the last subpath's start.
    func ensureCurrent() {
      guard current == nil else { return }
      let p = subpathStart ?? .zero
      command("M", p)
      current = p
    }

    for segment in path.segments {
      switch segment {
      case .move(let p):
        command("M", p)
        current = p
        subpathStart = p
      case .line(let p):
        ensureCurrent()
        // A line of rounding-noise length (PathBuilder joins an arc to the previous
        // one when cos and sin miss its end by an ulp) draws nothing with butt caps.
        if let current, Polylines.nearlyEqual(current, p) { continue }
        command("L", p)
        current = p
      case .quad(let c, let p):
        ensureCurrent()
        command("Q", c, p)
        current = p
      case .cubic(let c1, let c2, let p):
        ensureCurrent()
        command("C", c1, c2, p)
        current = p
      case .arc(let arc):
        guard let sweep = PathFlattener.safeSweep(arc) else { continue }
        let start = arc.point(atAngle: arc.start)
        if let current {
          if !Polylines.nearlyEqual(current, start) { command("L", start) }
        } else {
          command("M", start)
          subpathStart = start
        }
        current = start
        guard sweep > 0 else { continue }
        // Pieces of at most 180°, all small arcs, so the flags are never ambiguous.
        let pieces = max(1, Int((sweep / Double.pi - 1e-9).rounded(.up)))
        let dir = arc.clockwise ? 1.0 : -1.0
        let r = SVGNumber.format(abs(arc.radius))
        for i in 1...pieces {
          let end = arc.point(atAngle: arc.start + dir * sweep * Double(i) / Double(pieces))
          out += " A \(r) \(r) 0 0 \(arc.clockwise ? 1 : 0) "
          out += SVGNumber.format(end.x) + " " + SVGNumber.format(end.y)
          current = end
        }
      case .close:
        guard current != nil else { continue }
        if !out.isEmpty { out += " " }
        out += "Z"
        current = nil
      }
    }
    return out
  }

  /// The true length of a single subpath (as `subpaths` makes them): exact for lines
  /// and arcs, 256 chords per curve (relative error below 1e-5 for any sane curve), the
  /// closing line included. The dashes that express stroke trimming are measured with
  /// it, so they agree with a renderer measuring its own flattening.
  static func length(ofSubpath path: Path) -> Double {
    var total = 0.0
    var current: Point? = nil
    var start = Point.zero
    func chords(_ steps: Int, _ at: (Double) -> Point) -> Double {
      var sum = 0.0
      var last = at(0)
      for i in 1...steps {
        let p = at(Double(i) / Double(steps))
        sum += last.distance(to: p)
        last = p
      }
      return sum
    }
    for segment in path.segments {
      let from = current ?? start
      switch segment {
      case .move(let p):
        start = p
        current = p
      case .line(let p):
        total += from.distance(to: p)
        current = p
      case .quad(let c, let p):
        total += chords(256) { t in from * ((1 - t) * (1 - t)) + c * (2 * (1 - t) * t) + p * (t * t)
        }
        current = p
      case .cubic(let c1, let c2, let p):
        total += chords(256) { t in
          let u = 1 - t
          return from * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
        }
        current = p
      case .arc(let arc):
        guard let sweep = PathFlattener.safeSweep(arc) else { return .nan }
        let arcStart = arc.point(atAngle: arc.start)
        if current != nil { total += from.distance(to: arcStart) }
        total += abs(arc.radius) * sweep
        current = arc.point(atAngle: arc.start + (arc.clockwise ? sweep : -sweep))
      case .close:
        total += from.distance(to: start)
        current = nil
      }
    }
    return total
  }

  /// `path` cut into subpaths, each beginning with an explicit `move` (a subpath that
  /// starts implicitly, after `close` or with an arc, gets the move it implies).
  static func subpaths(_ path: Path) -> [Path] {
    var result: [Path] = []
    var current: Path? = nil
    var open = false
    var subpathStart = Point.zero
    for segment in path.segments {
      switch segment {
      case .move(let p):
        if let current, current.segments.count > 1 { result.append(current) }
        current = Path([.move(to: p)])
        subpathStart = p
        open = true
      case .arc(let arc) where !open:
        if let current, current.segments.count > 1 { result.append(current) }
        subpathStart = arc.point(atAngle: arc.start)
        current = Path([.move(to: subpathStart), segment])
        open = true
      case .close:
        guard open else { continue }
        current?.segments.append(.close)
        open = false
      default:
        if !open {
          if let current, current.segments.count > 1 { result.append(current) }
          current = Path([.move(to: subpathStart)])
          open = true
        }
        current?.segments.append(segment)
      }
    }
    if let current, current.segments.count > 1 { result.append(current) }
    return result
  }
}
