import AnimMath
import Testing

@testable import AnimRender

/// Flattening and the SVG writer's subpath measure read a path's elements
/// (`Path.elements`): an arc after a line, after a `close`, and of zero length give the
/// polylines and lengths worked out by hand, with the joining line drawn once. Arcs
/// start at angle 0 (exact) and turn a quarter clockwise, radius 10.
@Suite struct PathElementsFlatteningTests {
  static func quarter(_ center: Point) -> Arc {
    Arc(center: center, radius: 10, start: 0, end: Double.pi / 2)
  }

  static func built(_ steps: (inout PathBuilder) -> Void) -> Path {
    var builder = PathBuilder()
    steps(&builder)
    return builder.path
  }

  /// The polylines of `path` as lists of points, with whether each is closed.
  static func flattened(_ path: Path) -> [(points: [Point], closed: Bool)]? {
    var out = Polylines()
    guard PathFlattener.flatten(path, tolerance: 0.05, into: &out) else { return nil }
    return out.runs.map { (Array(out.points[$0.start..<$0.start + $0.count]), $0.closed) }
  }

  /// Every point of `points` lies on the circle of radius 10 about `center`, within the
  /// flattening's bulge (the tolerance, 0.05).
  static func onCircle(_ points: some Sequence<Point>, _ center: Point) -> Bool {
    points.allSatisfy { abs($0.distance(to: center) - 10) <= 0.05 }
  }

  @Test func arcAfterALine() throws {
    // Lines (0, 0) → (5, 0) → (20, 10), then the arc about (10, 10) to (10, 20).
    let raw = Path([.move(to: .zero), .line(to: Point(5, 0)), .arc(Self.quarter(Point(10, 10)))])
    let built = Self.built {
      $0.move(to: .zero)
      $0.line(to: Point(5, 0))
      $0.arc(Self.quarter(Point(10, 10)))
    }
    for path in [raw, built] {
      let runs = try #require(Self.flattened(path))
      try #require(runs.count == 1)
      let points = runs[0].points
      #expect(Array(points.prefix(3)) == [Point(0, 0), Point(5, 0), Point(20, 10)])
      #expect(points.last == Point(10, 20))
      // Past the arc's start, only points on the arc: no second visit of the join.
      #expect(Self.onCircle(points.dropFirst(2), Point(10, 10)))
      #expect(!runs[0].closed)
      let subpaths = SVGPathData.subpaths(path)
      #expect(subpaths.count == 1)
      let length = 5 + (325.0).squareRoot() + 5 * Double.pi
      #expect(abs(SVGPathData.length(ofSubpath: subpaths[0]) - length) <= 1e-12)
      #expect(SVGPathData.string(path) == "M 0 0 L 5 0 L 20 10 A 10 10 0 0 1 10 20")
    }
  }

  @Test func arcAfterAClose() throws {
    // A closed triangle, then from its start (0, 0) a line to (30, 20) and the arc about
    // (20, 20) to (20, 30).
    let arc = Self.quarter(Point(20, 20))
    let raw = Path([.move(to: .zero), .line(to: Point(10, 0)), .line(to: Point(0, 10)), .close, .arc(arc)])
    let built = Self.built {
      $0.move(to: .zero)
      $0.line(to: Point(10, 0))
      $0.line(to: Point(0, 10))
      $0.close()
      $0.arc(arc)
    }
    for path in [raw, built] {
      let runs = try #require(Self.flattened(path))
      try #require(runs.count == 2)
      #expect(runs[0].points == [Point(0, 0), Point(10, 0), Point(0, 10)])
      #expect(runs[0].closed)
      let second = runs[1].points
      #expect(Array(second.prefix(2)) == [Point(0, 0), Point(30, 20)])
      #expect(second.last == Point(20, 30))
      #expect(Self.onCircle(second.dropFirst(1), Point(20, 20)))
      #expect(!runs[1].closed)
      let subpaths = SVGPathData.subpaths(path)
      try #require(subpaths.count == 2)
      #expect(subpaths[1].segments == [.move(to: .zero), .line(to: Point(30, 20)), .arc(arc)])
      #expect(abs(SVGPathData.length(ofSubpath: subpaths[0]) - (20 + (200.0).squareRoot())) <= 1e-12)
      let joined = (1300.0).squareRoot() + 5 * Double.pi
      #expect(abs(SVGPathData.length(ofSubpath: subpaths[1]) - joined) <= 1e-12)
      #expect(SVGPathData.string(path) == "M 0 0 L 10 0 L 0 10 Z L 30 20 A 10 10 0 0 1 20 30")
    }
  }

  @Test func zeroLengthArc() throws {
    // Sweep 0 at (10, 5) on the circle about (5, 5): the line from (0, 0) to it is all
    // that is drawn.
    let arc = Arc(center: Point(5, 5), radius: 5, start: 0, end: 0)
    let raw = Path([.move(to: .zero), .arc(arc)])
    let built = Self.built {
      $0.move(to: .zero)
      $0.arc(arc)
    }
    for path in [raw, built] {
      let runs = try #require(Self.flattened(path))
      try #require(runs.count == 1)
      #expect(runs[0].points == [Point(0, 0), Point(10, 5)])
      let subpaths = SVGPathData.subpaths(path)
      try #require(subpaths.count == 1)
      #expect(abs(SVGPathData.length(ofSubpath: subpaths[0]) - (125.0).squareRoot()) <= 1e-12)
      #expect(SVGPathData.string(path) == "M 0 0 L 10 5")
    }
    // Alone, it begins a subpath at its start and draws nothing more.
    let alone = Path([.arc(arc)])
    let runs = try #require(Self.flattened(alone))
    #expect(runs.map(\.points) == [[Point(10, 5)]])
    #expect(SVGPathData.subpaths(alone) == [Path([.move(to: Point(10, 5)), .arc(arc)])])
    #expect(SVGPathData.length(ofSubpath: Path([.move(to: Point(10, 5)), .arc(arc)])) == 0)
  }
}
