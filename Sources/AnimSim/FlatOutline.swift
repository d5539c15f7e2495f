import AnimMath
import AnimModel

/// A shape's outline flattened into closed polygons, for point-in-shape tests by the
/// non-zero winding rule (§8: taps hit a node's filled shape, whatever its colour) and
/// for the terminal rasterizer.
package struct FlatOutline: Sendable {
  /// One polygon per subpath, in local box coordinates; each is implicitly closed.
  package private(set) var polygons: [[Point]] = []
  /// Straight pieces per curve: the error at heart and circle sizes is far below a
  /// terminal cell or a finger.
  static let steps = 16

  /// The outline of `path`'s elements (`Path.elements`): each subpath a polygon through
  /// its begin point and points along its curves (`pieces` per curve).
  package init(_ path: Path) {
    var current: [Point] = []
    func finish() {
      if current.count > 2 { polygons.append(current) }
      current = []
    }
    for element in path.elements {
      switch element {
      case .begin(let p, _):
        finish()
        current = [p]
      case .draw(.line(_, let p)):
        current.append(p)
      case .draw(let curve):
        let pieces = Self.pieces(curve)
        for k in 1...pieces { current.append(curve.point(at: Double(k) / Double(pieces))) }
      case .close:
        finish()
      }
    }
    finish()
  }

  /// Straight pieces for a curve: `steps`, or for an arc one more than the sixteenths of
  /// a turn it sweeps when that is more.
  private static func pieces(_ curve: PathCurve) -> Int {
    guard case .arc(let arc) = curve else { return steps }
    let sweep = arc.sweep
    return sweep.isFinite ? max(steps, Int(min(sweep, 8 * Double.pi) / (Double.pi / 16)) + 1) : steps
  }

  /// Whether `p` (local box coordinates) is inside by the non-zero winding rule.
  package func contains(_ p: Point) -> Bool {
    var winding = 0
    for polygon in polygons {
      var a = polygon[polygon.count - 1]
      for b in polygon {
        if a.y <= p.y {
          if b.y > p.y && (b - a).cross(p - a) > 0 { winding += 1 }
        } else if b.y <= p.y && (b - a).cross(p - a) < 0 {
          winding -= 1
        }
        a = b
      }
    }
    return winding != 0
  }

  /// The bounding box of the polygons, or nil when there are none.
  package var bounds: Bounds? {
    var box: Bounds? = nil
    for polygon in polygons {
      for p in polygon {
        if box == nil { box = Bounds(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y) } else { box?.include(p) }
      }
    }
    return box
  }
}
