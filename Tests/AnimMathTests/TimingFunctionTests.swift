import Testing

@testable import AnimMath

/// The CSS cubic Bezier timing curve written independently in Bernstein form and solved
/// by plain bisection to the limit of double precision.
private func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ u: Double)
  -> Double
{
  func bern(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
    3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
  }
  var lo = 0.0
  var hi = 1.0
  for _ in 0..<200 {
    let mid = 0.5 * (lo + hi)
    if bern(x1, x2, mid) < u { lo = mid } else { hi = mid }
  }
  return bern(y1, y2, 0.5 * (lo + hi))
}

private let curves: [(Double, Double, Double, Double)] = [
  (0.25, 0.1, 0.25, 1),  // ease
  (0.42, 0, 1, 1),  // easeIn
  (0, 0, 0.58, 1),  // easeOut
  (0.42, 0, 0.58, 1),  // easeInOut
  (0.68, -0.55, 0.265, 1.55),  // back-in-out: overshoots both ways
  (0.1, 2.5, 0.9, -1.5),  // strong overshoot
  (0, 0, 0, 0),  // x = s³: flat slope at the start
  (1, 0, 0, 1),  // x' vanishes in the middle
  (0, 1, 1, 0),
  (1, 1, 1, 1),
]

@Test func cubicBezierMatchesBisection() {
  var us: [Double] = (0...997).map { Double($0) / 997 }
  us += [1e-12, 1e-9, 1e-6, 1 - 1e-9, 0.5 + 1e-12]
  for (x1, y1, x2, y2) in curves {
    let timing = TimingFunction.cubicBezier(x1, y1, x2, y2)
    for u in us {
      let expected = referenceBezier(x1, y1, x2, y2, u)
      let got = timing.progress(u)
      #expect(near(got, expected, 1e-7), "curve \((x1, y1, x2, y2)) u \(u): \(got) vs \(expected)")
    }
  }
}

@Test func namedCurvesAreTheSpecsBeziers() {
  #expect(TimingFunction.easeIn == .cubicBezier(0.42, 0, 1, 1))
  #expect(TimingFunction.easeOut == .cubicBezier(0, 0, 0.58, 1))
  #expect(TimingFunction.easeInOut == .cubicBezier(0.42, 0, 0.58, 1))
  #expect(TimingFunction.ease == .cubicBezier(0.25, 0.1, 0.25, 1))
  #expect(TimingFunction.default == .ease)
  for timing in [TimingFunction.easeIn, .easeOut, .easeInOut, .ease, .linear] {
    #expect(timing.progress(0) == 0)
    #expect(timing.progress(1) == 1)
  }
  #expect(TimingFunction.linear.progress(0.3) == 0.3)
}

@Test func stepsJumpAtTheEndOrStart() {
  let end = TimingFunction.steps(4, .end)
  // jump-end: floor(4u)/4.
  #expect(end.progress(0) == 0)
  #expect(end.progress(0.24) == 0)
  #expect(end.progress(0.25) == 0.25)
  #expect(end.progress(0.99) == 0.75)
  #expect(end.progress(1) == 1)
  let start = TimingFunction.steps(4, .start)
  // jump-start: min(1, (floor(4u) + 1)/4), so p(0) = 1/4.
  #expect(start.progress(0) == 0.25)
  #expect(start.progress(0.5) == 0.75)
  #expect(start.progress(0.8) == 1)
  #expect(start.progress(1) == 1)
  // CSS's before flag: a backwards fill before the start shows 0.
  #expect(start.progress(0, before: true) == 0)
  #expect(end.progress(0, before: true) == 0)
  // A count below 1 is treated as 1 rather than dividing by zero.
  #expect(TimingFunction.steps(0, .end).progress(0.5) == 0)
}

@Test func timingNeverTrapsOnBadInput() {
  let nan = Double.nan
  let odd: [TimingFunction] = [
    .cubicBezier(nan, 0, 1, 1), .cubicBezier(2, -3, -1, 4), .steps(Int.max, .start),
    .steps(-5, .end),
    .spring(Spring(omega0: nan, zeta: 1)), .spring(Spring(omega0: 10, zeta: -0.5)),
    .spring(Spring(mass: 0, stiffness: 0, damping: 0, velocity: 0)),
  ]
  for timing in odd {
    for u in [nan, -1, 0, 0.5, 1, 2, .infinity] {
      _ = timing.progress(u, duration: nan)
      _ = timing.progress(u, duration: 0)
    }
  }
}
