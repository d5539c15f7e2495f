import Testing

@testable import AnimMath

/// The pieces a copy of a curve's numbers is read with (`LiveColumn` in the simulator):
/// the interval `interval(at:_:)` finds is the only one `holds` accepts, and evaluating
/// a copy of its row, and the control points at another start, gives `point(at:)`'s bits.
@Test func curveIntervalsAreFoundAndCopiedExactly() throws {
  for k in 0..<40 {
    let d = Double(k)
    let path =
      k % 3 == 0
      ? Path([.move(to: Point(d, 500)), .quad(control: Point(195 - d * 7, 100), to: Point(330, 44 + d))])
      : Path([
        .move(to: Point(10 + d, 600)),
        .cubic(c1: Point(100, 400 - d * 9), c2: Point(-170 + d * 11, 300), to: Point(82, d)),
      ])
    let flat = try #require(PathMeasure(path).flat)
    let n = flat.numbers
    for i in 1..<500 {
      let p = Double(i) / 500
      let s = p * flat.length
      let (j, row) = flat.interval(at: p, s)
      #expect(row == FlatCurvePath.header + FlatCurvePath.intervalStride * j)
      for other in 0..<flat.intervals {
        let r = FlatCurvePath.header + FlatCurvePath.intervalStride * other
        #expect(FlatCurvePath.holds(other, of: flat.intervals, from: n[r], to: n[r + 1], s) == (other == j))
      }
      // A copy elsewhere: three junk numbers, the first 11, then the row.
      var copy = ContiguousArray<Double>(repeating: .nan, count: 3)
      copy.append(contentsOf: n[0..<11])
      copy.append(contentsOf: n[row..<row + FlatCurvePath.intervalStride])
      let t = FlatCurvePath.evaluate(copy, row: 14, s)
      #expect(t == flat.parameter(at: p), "p = \(p)")
      #expect(FlatCurvePath.bezierPoint(copy, at: 3, t) == flat.point(at: p), "p = \(p)")
    }
  }
}
