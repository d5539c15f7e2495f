import Testing

@testable import AnimMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one reading of a path's commands (`Path.elements`) on arcs after a line, after a
/// `close`, and of zero length, and the SVG path data and length that read it. Expected
/// elements are worked out by hand: arcs start at angle 0, where cos and sin are exact,
/// and end at 90°, where r·cos(π/2) ≈ 6e-16 vanishes against a centre of magnitude 10.
@Suite struct PathElementsTests {
  /// A quarter turn clockwise of radius 10 about `center`: from (cx + 10, cy) to (cx, cy + 10).
  static func quarter(_ center: Point) -> Arc {
    Arc(center: center, radius: 10, start: 0, end: Double.pi / 2)
  }

  /// A path built by the builder's rules from commands, with the arcs the builder joins.
  static func built(_ steps: (inout PathBuilder) -> Void) -> Path {
    var builder = PathBuilder()
    steps(&builder)
    return builder.path
  }

  // MARK: - An arc after a line

  /// move (0, 0), line (5, 0), then a quarter turn about (10, 10), which starts at (20, 10).
  static let afterLine = built {
    $0.move(to: Point(0, 0))
    $0.line(to: Point(5, 0))
    $0.arc(quarter(Point(10, 10)))
  }

  @Test func arcAfterALineIsJoinedOnce() {
    let arc = Self.quarter(Point(10, 10))
    let expected: [PathElement] = [
      .begin(Point(0, 0), implied: false),
      .draw(.line(Point(0, 0), Point(5, 0))),
      .draw(.line(Point(5, 0), Point(20, 10))),
      .draw(.arc(arc)),
    ]
    #expect(Array(Self.afterLine.elements) == expected)
    // The same commands without the builder's joining line read the same: the elements
    // join the arc themselves, once.
    let raw = Path([.move(to: Point(0, 0)), .line(to: Point(5, 0)), .arc(arc)])
    #expect(Array(raw.elements) == expected)
    // One `L` to the arc's start, then the arc to (10, 20).
    let d = "M 0 0 L 5 0 L 20 10 A 10 10 0 0 1 10 20"
    #expect(Self.afterLine.svgPathData(format: dumpNumber) == d)
    #expect(raw.svgPathData(format: dumpNumber) == d)
    // 5 + √(15² + 10²) + 10·π/2.
    let length = 5 + (225.0 + 100).squareRoot() + 5 * Double.pi
    #expect(near(PathMeasure(Self.afterLine).length, length, 1e-12))
    #expect(near(PathMeasure(raw).length, length, 1e-12))
    // Halfway along the 10-long arc from its start (at 5 + √325): angle 45°.
    let s = 5 + (325.0).squareRoot() + 2.5 * Double.pi
    let mid = Point(10 + 10 * (0.5).squareRoot(), 10 + 10 * (0.5).squareRoot())
    #expect(near(PathMeasure(raw).point(atLength: s), mid, 1e-9))
  }

  @Test func arcAtTheCurrentPointGetsNoLine() {
    // The line ends at the arc's start: no joining line, in the path or its elements.
    let path = Self.built {
      $0.move(to: Point(0, 10))
      $0.line(to: Point(20, 10))
      $0.arc(Self.quarter(Point(10, 10)))
    }
    #expect(path.segments.count == 3)
    #expect(path.svgPathData(format: dumpNumber) == "M 0 10 L 20 10 A 10 10 0 0 1 10 20")
    #expect(Array(path.elements).count == 3)
    #expect(near(PathMeasure(path).length, 20 + 5 * Double.pi, 1e-12))
  }

  // MARK: - An arc after a close

  /// A triangle (0, 0) → (10, 0) → (0, 10), closed; then a quarter turn about (20, 20),
  /// from (30, 20) to (20, 30).
  static let afterClose = built {
    $0.move(to: Point(0, 0))
    $0.line(to: Point(10, 0))
    $0.line(to: Point(0, 10))
    $0.close()
    $0.arc(quarter(Point(20, 20)))
  }

  @Test func arcAfterACloseBeginsAtTheClosedSubpathsStart() {
    let arc = Self.quarter(Point(20, 20))
    let expected: [PathElement] = [
      .begin(Point(0, 0), implied: false),
      .draw(.line(Point(0, 0), Point(10, 0))),
      .draw(.line(Point(10, 0), Point(0, 10))),
      .close(from: Point(0, 10), to: Point(0, 0)),
      // After `close` the current point is the subpath's start (0, 0): a new subpath
      // begins there and a line joins the arc.
      .begin(Point(0, 0), implied: true),
      .draw(.line(Point(0, 0), Point(30, 20))),
      .draw(.arc(arc)),
    ]
    #expect(Array(Self.afterClose.elements) == expected)
    let raw = Path([
      .move(to: Point(0, 0)), .line(to: Point(10, 0)), .line(to: Point(0, 10)), .close, .arc(arc),
    ])
    #expect(Array(raw.elements) == expected)
    // SVG continues from the closed subpath's start by itself: no `M`, one `L`.
    let d = "M 0 0 L 10 0 L 0 10 Z L 30 20 A 10 10 0 0 1 20 30"
    #expect(Self.afterClose.svgPathData(format: dumpNumber) == d)
    #expect(raw.svgPathData(format: dumpNumber) == d)
    // 10 + √200 + 10 around the triangle, √(30² + 20²) to the arc, 5π along it.
    let length = 20 + (200.0).squareRoot() + (1300.0).squareRoot() + 5 * Double.pi
    #expect(near(PathMeasure(Self.afterClose).length, length, 1e-12))
    #expect(near(PathMeasure(raw).length, length, 1e-12))
    #expect(!PathMeasure(raw).isClosed)
  }

  @Test func arcFromTheClosedSubpathsStartBeginsThere() {
    // The arc about (−10, 0) starts at (0, 0), where the close left the current point.
    let arc = Self.quarter(Point(-10, 0))
    let path = Self.built {
      $0.move(to: Point(0, 0))
      $0.line(to: Point(10, 0))
      $0.close()
      $0.arc(arc)
    }
    #expect(
      Array(path.elements) == [
        .begin(Point(0, 0), implied: false),
        .draw(.line(Point(0, 0), Point(10, 0))),
        .close(from: Point(10, 0), to: Point(0, 0)),
        .begin(Point(0, 0), implied: true),
        .draw(.arc(arc)),
      ])
    #expect(path.svgPathData(format: dumpNumber) == "M 0 0 L 10 0 Z A 10 10 0 0 1 -10 10")
    #expect(near(PathMeasure(path).length, 20 + 5 * Double.pi, 1e-12))
  }

  @Test func aSecondCloseClosesNothing() {
    // The subpath is closed already: the second `close` draws no second line.
    let path = Path([.move(to: Point(0, 0)), .line(to: Point(4, 3)), .close, .close])
    #expect(
      Array(path.elements) == [
        .begin(Point(0, 0), implied: false),
        .draw(.line(Point(0, 0), Point(4, 3))),
        .close(from: Point(4, 3), to: Point(0, 0)),
      ])
    #expect(path.svgPathData(format: dumpNumber) == "M 0 0 L 4 3 Z")
    #expect(PathMeasure(path).length == 10)
  }

  // MARK: - A zero-length arc

  @Test func zeroLengthArcAfterAMoveIsItsJoiningLine() {
    // From 0 to 0: sweep 0, at (10, 5) on the circle about (5, 5). The line to it is drawn;
    // the arc draws nothing and writes no `A`.
    let arc = Arc(center: Point(5, 5), radius: 5, start: 0, end: 0)
    let path = Self.built {
      $0.move(to: Point(0, 0))
      $0.arc(arc)
    }
    let expected: [PathElement] = [
      .begin(Point(0, 0), implied: false),
      .draw(.line(Point(0, 0), Point(10, 5))),
      .draw(.arc(arc)),
    ]
    #expect(Array(path.elements) == expected)
    #expect(Array(Path([.move(to: Point(0, 0)), .arc(arc)]).elements) == expected)
    #expect(path.svgPathData(format: dumpNumber) == "M 0 0 L 10 5")
    let measure = PathMeasure(path)
    #expect(near(measure.length, (125.0).squareRoot(), 1e-12))
    #expect(near(measure.point(at: 1), Point(10, 5), 1e-12))
    #expect(path.bounds == Bounds(minX: 0, minY: 0, maxX: 10, maxY: 5))
  }

  @Test func zeroLengthArcAloneBeginsAndEndsAtItsStart() {
    let arc = Arc(center: Point(5, 5), radius: 5, start: 0, end: 0)
    let path = Path([.arc(arc)])
    #expect(Array(path.elements) == [.begin(Point(10, 5), implied: true), .draw(.arc(arc))])
    #expect(path.svgPathData(format: dumpNumber) == "M 10 5")
    let measure = PathMeasure(path)
    #expect(measure.length == 0)
    #expect(measure.point(at: 0.5) == Point(10, 5))
  }

  // MARK: - Starts

  @Test func aDrawingCommandWithNoCurrentPointStartsAtTheOrigin() {
    let path = Path([.line(to: Point(3, 4))])
    #expect(Array(path.elements) == [.begin(.zero, implied: true), .draw(.line(.zero, Point(3, 4)))])
    #expect(PathMeasure(path).length == 5)
  }
}
