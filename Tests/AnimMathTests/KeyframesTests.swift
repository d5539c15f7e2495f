import Testing

@testable import AnimMath

private func track(
  _ values: [Double], _ times: [Double]? = nil, _ mode: KeyframeInterpolation = .linear,
  timings: [TimingFunction?] = []
) -> Keyframes<Double>? {
  Keyframes(values: values, keyTimes: times, segmentTimings: timings, interpolation: mode)
}

@Test func linearKeyframesAndExtrapolation() throws {
  let k = try #require(track([0, 10, 30], [0, 0.5, 1]))
  #expect(k.value(at: 0.25) == 5)
  #expect(k.value(at: 0.75) == 20)
  #expect(k.value(at: 1) == 30)
  // Beyond the ends the end segment's line continues (§6.2): 10 + 20·(1.5 − 0.5)/0.5 = 50.
  #expect(k.value(at: 1.5) == 50)
  #expect(k.value(at: -0.5) == -10)
  // Without key times the values are spaced evenly.
  let even = try #require(track([0, 10, 30]))
  #expect(even.keyTimes == [0, 0.5, 1])
  #expect(Keyframes<Double>(values: []) == nil)
  #expect(try #require(track([7])).value(at: 0.3) == 7)
}

@Test func discreteHoldsEachValue() throws {
  let k = try #require(track([1, 2, 3], [0, 0.3, 1], .discrete))
  #expect(k.value(at: 0.29) == 1)
  #expect(k.value(at: 0.3) == 2)
  #expect(k.value(at: 0.99) == 2)
  #expect(k.value(at: 1) == 3)
  #expect(k.value(at: -1) == 1)
  #expect(k.value(at: 2) == 3)
}

@Test func discreteAgreesWithAScanOverManyKeys() throws {
  // 1,000 rising key times; the value at p is the last key at or before it.
  let times = (0..<1000).map { Double($0 * $0) / (999.0 * 999.0) }
  let values = (0..<1000).map { Double($0) }
  let k = try #require(track(values, times, .discrete))
  for step in 0...4000 {
    let p = Double(step) / 4000 * 1.2 - 0.1
    let scanned = times.lastIndex { $0 <= p }.map { values[$0] } ?? values[0]
    #expect(k.value(at: p) == scanned, "p = \(p)")
  }
}

@Test func pacedSpacesValuesByDistance() throws {
  // Distances 10 and 30 → key times 0, 0.25, 1; the given key times are ignored.
  let k = try #require(track([0, 10, 40], [0, 0.9, 1], .paced))
  #expect(k.keyTimes == [0, 0.25, 1])
  #expect(k.value(at: 0.125) == 5)
  #expect(k.value(at: 0.625) == 25)
  // Points (0,0) → (3,4) → (3,14): distances 5 and 10 → key times 0, 1/3, 1.
  let points = try #require(
    Keyframes(values: [Point(0, 0), Point(3, 4), Point(3, 14)], interpolation: .paced))
  #expect(near(points.value(at: 2.0 / 3), Point(3, 9), 1e-12))
  // Values that do not move fall back to even spacing instead of dividing by zero.
  #expect(try #require(track([2, 2, 2], nil, .paced)).value(at: 0.5) == 2)
}

@Test func segmentTimingsMapTheFractionWithinTheirSegment() throws {
  // Segment 0 (key times 0 → 0.5) has steps(2, .end): f = 0.6 → 0.5 → value 5;
  // f = 0.4 → 0 → value 0. Segment 1 stays linear.
  let k = try #require(track([0, 10, 20], [0, 0.5, 1], timings: [.steps(2, .end), nil]))
  #expect(k.value(at: 0.2) == 0)
  #expect(k.value(at: 0.3) == 5)
  #expect(k.value(at: 0.75) == 15)
}

@Test func cubicIsCatmullRomWithRepeatedEnds() throws {
  // Uniform Catmull-Rom between P1 and P2 at the midpoint is
  // ½(2P1 + ½(P2 − P0) + ¼(2P0 − 5P1 + 4P2 − P3) + ⅛(−P0 + 3P1 − 3P2 + P3)).
  // Values 0, 10, 30, 20 at 0, ⅓, ⅔, 1:
  //   middle (P0..P3 = 0, 10, 30, 20): ½(20 + 15 + 12.5 − 5) = 21.25;
  //   first (−1 repeated: 0, 0, 10, 30): ½(0 + 5 + 2.5 + 0) = 3.75;
  //   last (10, 30, 20, 20 repeated): ½(60 + 5 − 17.5 + 5) = 26.25.
  let k = try #require(track([0, 10, 30, 20], nil, .cubic))
  #expect(near(k.value(at: 0.5), 21.25, 1e-12))
  #expect(near(k.value(at: 1.0 / 6), 3.75, 1e-12))
  #expect(near(k.value(at: 5.0 / 6), 26.25, 1e-12))
  for (time, value) in zip(k.keyTimes, k.values) { #expect(near(k.value(at: time), value, 1e-12)) }
  // Uneven key times 0, ¼, 1 for values 0, 10, 30: tangents per unit time are
  // (10 − 0)/(¼ + ¼) = 20 at the start (end mirrored), (30 − 0)/1 = 30 at ¼. On the first
  // segment (h = ¼) at f = ½, Hermite: ½·0 + ⅛·(¼·20) + ½·10 − ⅛·(¼·30) = 4.6875.
  let uneven = try #require(track([0, 10, 30], [0, 0.25, 1], .cubic))
  #expect(near(uneven.value(at: 0.125), 4.6875, 1e-12))
}

/// Solves A·x = b by Gaussian elimination with partial pivoting (dense, for tests).
private func solve(_ a: [[Double]], _ b: [Double]) -> [Double] {
  var m = a
  var r = b
  let n = r.count
  for col in 0..<n {
    let pivot = (col..<n).max { abs(m[$0][col]) < abs(m[$1][col]) } ?? col
    m.swapAt(col, pivot)
    r.swapAt(col, pivot)
    for row in (col + 1)..<max(n, col + 1) where row < n {
      let f = m[row][col] / m[col][col]
      for c in col..<n { m[row][c] -= f * m[col][c] }
      r[row] -= f * r[col]
    }
  }
  var x = Array(repeating: 0.0, count: n)
  for row in stride(from: n - 1, through: 0, by: -1) {
    var s = r[row]
    for c in (row + 1)..<max(n, row + 1) where c < n { s -= m[row][c] * x[c] }
    x[row] = s / m[row][row]
  }
  return x
}

/// The natural cubic spline from first principles: on segment i, yᵢ(x) = aᵢ + bᵢd + cᵢd² +
/// dᵢd³ with d = x − xᵢ; 4(n − 1) unknowns fixed by interpolation at both ends of each
/// segment, matching first and second derivatives at interior knots, and S'' = 0 at the
/// two ends. Returns the spline's value at x.
private func denseNaturalSpline(_ xs: [Double], _ ys: [Double], at x: Double) -> Double {
  let segs = xs.count - 1
  let n = 4 * segs
  var rows: [[Double]] = []
  var rhs: [Double] = []
  func row(_ entries: [(Int, Double)], _ value: Double) {
    var r = Array(repeating: 0.0, count: n)
    for (i, v) in entries { r[i] += v }
    rows.append(r)
    rhs.append(value)
  }
  for i in 0..<segs {
    let h = xs[i + 1] - xs[i]
    let base = 4 * i
    row([(base, 1)], ys[i])
    row([(base, 1), (base + 1, h), (base + 2, h * h), (base + 3, h * h * h)], ys[i + 1])
    if i + 1 < segs {
      let next = base + 4
      row([(base + 1, 1), (base + 2, 2 * h), (base + 3, 3 * h * h), (next + 1, -1)], 0)
      row([(base + 2, 2), (base + 3, 6 * h), (next + 2, -2)], 0)
    }
  }
  row([(2, 2)], 0)
  let last = 4 * (segs - 1)
  let hl = xs[segs] - xs[segs - 1]
  row([(last + 2, 2), (last + 3, 6 * hl)], 0)
  let c = solve(rows, rhs)
  let i = min(max((xs.lastIndex { $0 <= x } ?? 0), 0), segs - 1)
  let d = x - xs[i]
  return c[4 * i] + c[4 * i + 1] * d + c[4 * i + 2] * d * d + c[4 * i + 3] * d * d * d
}

@Test func splineIsTheNaturalCubicSpline() throws {
  // By hand: values 0, 1, 0 at x = 0, ½, 1. The interior equation
  // ½M₀ + 2M₁ + ½M₂ = 6((0 − 1)/½ − (1 − 0)/½) = −24 with M₀ = M₂ = 0 gives M₁ = −12, so
  // on [0, ½] S'' = −24x, S = −4x³ + 3x and S(¼) = −1/16 + ¾ = 0.6875.
  let hat = try #require(track([0, 1, 0], [0, 0.5, 1], .spline))
  #expect(near(hat.value(at: 0.25), 0.6875, 1e-12))
  #expect(near(hat.value(at: 0.75), 0.6875, 1e-12))
  // Seed 001's two splines against a dense solve of the defining equations.
  let seeds: [([Double], [Double])] = [
    ([0, 0.3, 0.4, 1.0], [0, 3.5, 3.1, 2.1]),
    ([0, 0.15, 0.3, 0.5, 1.0], [0, 20, 12, 0, 8]),
  ]
  for (xs, ys) in seeds {
    let k = try #require(track(ys, xs, .spline))
    for i in 0...100 {
      let x = Double(i) / 100
      #expect(near(k.value(at: x), denseNaturalSpline(xs, ys, at: x), 1e-9), "x \(x)")
    }
  }
  // Two values: the spline is the straight line.
  #expect(try #require(track([2, 4], nil, .spline)).value(at: 0.25) == 2.5)
}

@Test func colorsAndPointsInterpolatePerComponent() throws {
  let k = try #require(
    Keyframes(
      values: [Color(r: 0, g: 0, b: 0, a: 1), Color(r: 1, g: 0.5, b: 0, a: 0)],
      interpolation: .linear))
  let mid = k.value(at: 0.5)
  #expect(mid.r == 0.5 && mid.g == 0.25 && mid.b == 0 && mid.a == 0.5)
  #expect(Color.black.distance(to: Color(r: 0, g: 3, b: 0, a: 5)) == 5)
  let spline = try #require(
    Keyframes(
      values: [Point(0, 0), Point(5, 10), Point(10, 0)], keyTimes: [0, 0.5, 1],
      interpolation: .spline))
  // Each coordinate is its own natural spline: x is linear (0, 5, 10), y is the hat ×10.
  #expect(near(spline.value(at: 0.25), Point(2.5, 6.875), 1e-12))
}

@Test func keyframesDoNotTrapOnBadInput() {
  let nan = Double.nan
  for mode in [KeyframeInterpolation.linear, .discrete, .paced, .cubic, .spline] {
    let bad = Keyframes(values: [0, nan, 1, 1], keyTimes: [0, 0.5, 0.5, nan], interpolation: mode)
    let odd = Keyframes(values: [1, 2], keyTimes: [0, 0.5, 1], interpolation: mode)
    for p in [nan, -1, 0, 0.5, 1, 2, .infinity] {
      _ = bad?.value(at: p)
      _ = odd?.value(at: p)
    }
  }
}
