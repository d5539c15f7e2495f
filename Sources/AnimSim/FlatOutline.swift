import AnimMath
import AnimModel

/// A shape's outline flattened into closed polygons, for point-in-shape tests by the
/// non-zero winding rule (§8: taps hit a node's filled shape, whatever its colour) and
/// for the terminal rasterizer.
public struct FlatOutline: Sendable {
  /// One polygon per subpath, in local box coordinates; each is implicitly closed.
  public private(set) var polygons: [[Point]] = []
  /// Straight pieces per curve: the error at heart and circle sizes is far below a
  /// terminal cell or a finger.
  static let steps = 16

  public init(_ path: Path) {
    var current: [Point] = []
    func finish() {
      if current.count > 2 { polygons.append(current) }
      current = []
    }
    for segment in path.segments {
      let here = current.last ?? .zero
      switch segment {
      case .move(let p):
        finish()
        current = [p]
      case .line(let p):
        current.append(p)
      case .quad(let c, let p):
        for k in 1...Self.steps { current.append(Bezier.quadPoint(here, c, p, Double(k) / Double(Self.steps))) }
      case .cubic(let c1, let c2, let p):
        for k in 1...Self.steps {
          current.append(Bezier.cubicPoint(here, c1, c2, p, Double(k) / Double(Self.steps)))
        }
      case .arc(let arc):
        // An arc away from the current point is reached by a straight line (UIKit).
        let sweep = arc.sweep
        let pieces =
          sweep.isFinite ? max(Self.steps, Int(min(sweep, 8 * Double.pi) / (Double.pi / 16)) + 1) : Self.steps
        for k in 0...pieces { current.append(arc.point(at: Double(k) / Double(pieces))) }
      case .close:
        let start = current.first
        finish()
        if let start { current = [start] }
      }
    }
    finish()
  }

  /// Whether `p` (local box coordinates) is inside by the non-zero winding rule.
  public func contains(_ p: Point) -> Bool {
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
  public var bounds: Bounds? {
    var box: Bounds? = nil
    for polygon in polygons {
      for p in polygon {
        if box == nil { box = Bounds(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y) } else { box?.include(p) }
      }
    }
    return box
  }
}
