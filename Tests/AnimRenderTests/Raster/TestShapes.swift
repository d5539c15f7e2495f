import AnimMath
import AnimRender
import Foundation

/// Shapes built by hand from the spec (§3.1), shared by the raster tests.
enum TestShapes {
  /// `heart(w, h)`: seed 000's construction exactly.
  static func heart(_ w: Double, _ h: Double) -> Path {
    let p = 4.0
    let r = ((w - 2 * p) / 4).rounded(.down)
    let b = Point((w / 2).rounded(.down), h - p)
    let l = Point(p, (h / 2.4).rounded(.down))
    var builder = PathBuilder()
    builder.move(to: b)
    builder.quad(control: Point(l.x, l.y + r), to: l)
    builder.arc(Arc(center: Point(l.x + r, l.y), radius: r, start: .pi, end: 0, clockwise: true))
    builder.arc(
      Arc(center: Point(l.x + 3 * r, l.y), radius: r, start: .pi, end: 0, clockwise: true))
    builder.quad(control: Point(l.x + 4 * r, l.y + r), to: b)
    builder.close()
    return builder.path
  }

  /// `circle(r)`: box 2r × 2r, starting at the rightmost point, clockwise.
  static func circle(_ r: Double) -> Path {
    var builder = PathBuilder()
    builder.arc(Arc(center: Point(r, r), radius: r, start: 0, end: 2 * .pi, clockwise: true))
    builder.close()
    return builder.path
  }

  /// A polygon through `points`, closed.
  static func polygon(_ points: [Point]) -> Path {
    var builder = PathBuilder()
    for (i, p) in points.enumerated() {
      if i == 0 { builder.move(to: p) } else { builder.line(to: p) }
    }
    builder.close()
    return builder.path
  }

  /// An axis-aligned rectangle, clockwise on screen (or counter-clockwise).
  static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, reversed: Bool = false)
    -> Path
  {
    let pts = [Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h)]
    return polygon(reversed ? pts.reversed() : pts)
  }

  /// A five-pointed star, `outer`/`inner` radii, centred in its 2·outer box, first point up.
  static func star(_ outer: Double, _ inner: Double) -> Path {
    var pts: [Point] = []
    for i in 0..<10 {
      let angle = -Double.pi / 2 + Double(i) * .pi / 5
      let r = i % 2 == 0 ? outer : inner
      pts.append(Point(outer + r * cos(angle), outer + r * sin(angle)))
    }
    return polygon(pts)
  }
}
