import Testing

@testable import AnimMath

// `PathMeasure(from:_:)` measures `move` + one segment without building the `Path`; it
// must answer every query as `PathMeasure(Path([.move(to: start), segment]))` does, bit
// for bit (the simulator's dumps compare them).

private let segments: [(Point, PathSegment)] = [
  (Point(187, 600), .cubic(c1: Point(277, 400), c2: Point(7, 300), to: Point(259, 123.5))),
  (Point(0, 0), .cubic(c1: Point(100, 100), c2: Point(0, 100), to: Point(100, 0))),  // a cusp
  (Point(3, 4), .quad(control: Point(50, -20), to: Point(90, 40))),
  (Point(-5, 2), .line(to: Point(7, -9))),
  (Point(1, 1), .cubic(c1: Point(1, 1), c2: Point(1, 1), to: Point(1, 1))),  // draws nothing
]

@Test func oneCurveMeasuresAsItsPath() throws {
  for (start, segment) in segments {
    let direct = try #require(PathMeasure(from: start, segment))
    let viaPath = PathMeasure(Path([.move(to: start), segment]))
    #expect(direct.length.bitPattern == viaPath.length.bitPattern)
    #expect(direct.isClosed == viaPath.isClosed)
    #expect((direct.flat == nil) == (viaPath.flat == nil))
    if let a = direct.flat, let b = viaPath.flat {
      #expect(a.intervals == b.intervals)
      #expect(a.numbers.map(\.bitPattern) == b.numbers.map(\.bitPattern))
    }
    for i in -2...1002 {
      let p = Double(i) / 1000
      for pacing in [PathPacing.paced, .linear] {
        let s = direct.sample(at: p, pacing: pacing)
        let t = viaPath.sample(at: p, pacing: pacing)
        #expect(s.point.x.bitPattern == t.point.x.bitPattern && s.point.y.bitPattern == t.point.y.bitPattern)
        #expect(s.angle.bitPattern == t.angle.bitPattern)
      }
    }
  }
}

@Test func onlyLinesAndBeziersMeasureDirectly() {
  #expect(PathMeasure(from: .zero, .move(to: Point(1, 1))) == nil)
  #expect(PathMeasure(from: .zero, .close) == nil)
  #expect(PathMeasure(from: .zero, .arc(Arc(center: .zero, radius: 1, start: 0, end: 1))) == nil)
}
