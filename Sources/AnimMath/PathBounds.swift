#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An axis-aligned rectangle given by its extreme coordinates.
package struct Bounds: Hashable, Sendable {
  package var minX, minY, maxX, maxY: Double

  package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  package var width: Double { maxX - minX }
  package var height: Double { maxY - minY }

  /// Grows the rectangle to hold `p` (NaN coordinates are ignored).
  package mutating func include(_ p: Point) {
    if p.x < minX { minX = p.x }
    if p.x > maxX { maxX = p.x }
    if p.y < minY { minY = p.y }
    if p.y > maxY { maxY = p.y }
  }
}

extension Path {
  /// The true extent of what the path draws: curves' and arcs' extreme points, not their
  /// control points (§3.1). Nil when the path draws nothing (empty, or only moves).
  package var bounds: Bounds? {
    let curves = self.curves().curves
    guard let first = curves.first?.point(at: 0) else { return nil }
    var box = Bounds(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
    for curve in curves {
      for t in curve.extremeParameters() { box.include(curve.point(at: t)) }
    }
    return box
  }
}

extension PathCurve {
  /// Parameters where the curve may reach an extreme x or y: its ends, and the roots
  /// of each coordinate's derivative inside 0…1.
  func extremeParameters() -> [Double] {
    var ts: [Double] = [0, 1]
    switch self {
    case .line:
      break
    case .quad(let a, let c, let b):
      // d/dt is linear: 2(1−t)(c−a) + 2t(b−c) = 0 at t = (a−c)/(a−2c+b).
      for (p0, p1, p2) in [(a.x, c.x, b.x), (a.y, c.y, b.y)] {
        let den = p0 - 2 * p1 + p2
        if den != 0 { ts.append((p0 - p1) / den) }
      }
    case .cubic(let a, let c1, let c2, let b):
      for (p0, p1, p2, p3) in [(a.x, c1.x, c2.x, b.x), (a.y, c1.y, c2.y, b.y)] {
        ts += Self.cubicDerivativeRoots(p0, p1, p2, p3)
      }
    case .arc(let arc):
      // The axis extremes sit at multiples of 90°; collect those the sweep passes.
      let sweep = arc.sweep
      guard sweep > 0, arc.start.isFinite else { break }
      let quarter = Double.pi / 2
      let sign: Double = arc.clockwise ? 1 : -1
      // First multiple of 90° strictly ahead of the start in the direction of travel.
      var k =
        arc.clockwise
        ? (arc.start / quarter).rounded(.down) + 1 : (arc.start / quarter).rounded(.up) - 1
      for _ in 0..<5 {
        let t = (k * quarter - arc.start) * sign / sweep
        if t >= 1 { break }
        if t > 0 { ts.append(t) }
        k += sign
      }
    }
    return ts.filter { $0 >= 0 && $0 <= 1 }
  }

  /// Roots in (0, 1) of the derivative of a 1-D cubic Bezier, a quadratic in t.
  private static func cubicDerivativeRoots(
    _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double
  ) -> [Double] {
    // B'(t)/3 = a t² + b t + c with these coefficients.
    let a = -p0 + 3 * p1 - 3 * p2 + p3
    let b = 2 * (p0 - 2 * p1 + p2)
    let c = p1 - p0
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0, scale.isFinite else { return [] }
    if abs(a) <= 1e-12 * scale {
      return b != 0 ? [-c / b] : []
    }
    let disc = b * b - 4 * a * c
    guard disc >= 0 else { return [] }
    // The stable form avoids cancellation between −b and √disc.
    let q = -0.5 * (b + (b < 0 ? -1 : 1) * disc.squareRoot())
    var roots: [Double] = [q / a]
    if q != 0 { roots.append(c / q) }
    return roots
  }
}
