import AnimTestSupport
import Foundation
import Testing

@testable import AnimMath

/// (V, A, k, P, s) per case: ballistic, damped, attraction under-, critically and over-damped.
let motionCases: [(String, Motion)] = [
  ("ballistic", Motion(velocity: Point(120, -400), acceleration: Point(0, 300))),
  ("damped", Motion(velocity: Point(-80, -450), acceleration: Point(0, 300), damping: 0.4)),
  (
    "under-damped",
    Motion(
      velocity: Point(50, -30), acceleration: Point(0, 20), damping: 1.5, attractor: Point(200, 300), attraction: 16)
  ),
  // ζ = k/(2√s) = 8/(2·4) = 1.
  (
    "critical",
    Motion(velocity: Point(-60, 90), acceleration: Point(10, 0), damping: 8, attractor: Point(100, 50), attraction: 16)
  ),
  (
    "over-damped",
    Motion(velocity: Point(70, 10), acceleration: Point(0, -40), damping: 12, attractor: Point(-20, 40), attraction: 9)
  ),
  ("undamped attraction", Motion(velocity: Point(0, 40), attractor: Point(10, 10), attraction: 4)),
]

@Test(arguments: motionCases)
func motionMatchesRK4(_ name: String, _ m: Motion) {
  let p0 = Point(30, 500)
  let times = (0...60).map { Double($0) / 30 }
  let xs = integrateMotion(
    p0: p0.x, v: m.velocity.x, a: m.acceleration.x, k: m.damping, target: m.attractor.x, s: m.attraction, at: times)
  let ys = integrateMotion(
    p0: p0.y, v: m.velocity.y, a: m.acceleration.y, k: m.damping, target: m.attractor.y, s: m.attraction, at: times)
  for (i, t) in times.enumerated() {
    let p = m.position(from: p0, at: t)
    let v = m.velocity(from: p0, at: t)
    #expect(abs(p.x - xs[i].0) < 1e-6 && abs(p.y - ys[i].0) < 1e-6, "\(name) p at \(t): \(p) vs \(xs[i].0), \(ys[i].0)")
    #expect(abs(v.x - xs[i].1) < 1e-6 && abs(v.y - ys[i].1) < 1e-6, "\(name) p' at \(t): \(v)")
    // p'' is the equation's right-hand side at (p, p').
    let a = m.acceleration(from: p0, at: t)
    let ax = m.acceleration.x + m.attraction * (m.attractor.x - p.x) - m.damping * v.x
    #expect(abs(a.x - ax) < 1e-6, "\(name) p'' at \(t)")
  }
}

@Test func ballisticByHand() {
  // p = p₀ + Vτ + Aτ²/2 at τ = 2: (10 + 2·3, 20 − 2·50 + 4·10/2) = (16, −60).
  let m = Motion(velocity: Point(3, -50), acceleration: Point(0, 10))
  #expect(m.position(from: Point(10, 20), at: 2) == Point(16, -60))
  #expect(m.velocity(from: Point(10, 20), at: 2) == Point(3, -30))
  // The heading follows V + Aτ; at the apex (τ = 5, p' = (0, 0) when V.x = 0) it turns to
  // −p'' after the start and to p'' at the start.
  let up = Motion(velocity: Point(0, -50), acceleration: Point(0, 10))
  #expect(abs(up.heading(from: .zero, at: 5) - atan2(-10, 0)) < 1e-12)
  let still = Motion(velocity: .zero, acceleration: Point(0, 10))
  #expect(abs(still.heading(from: .zero, at: 0) - Double.pi / 2) < 1e-12)
  #expect(Motion(velocity: .zero).heading(from: .zero, at: 1) == 0)
}

@Test func motionStaysFinite() {
  let m = Motion(velocity: Point(1e308, -1e308), acceleration: Point(1e308, 1e308), damping: 0.001)
  let p = m.position(from: Point(1e308, 0), at: 86_400)
  #expect(p.x.isFinite && p.y.isFinite)
  let o = Motion(velocity: Point(1e300, 0), damping: 1e300, attractor: Point(-1e300, 0), attraction: 0.001)
  for t in [0.0, 1, 86_400] {
    let q = o.position(from: .zero, at: t)
    let v = o.velocity(from: .zero, at: t)
    #expect(q.x.isFinite && v.x.isFinite && o.heading(from: .zero, at: t).isFinite)
  }
}

/// §5's springs through the shared oscillator keep their hand-derived values.
@Test func springThroughSharedOscillator() {
  // Under-damped ω₀ = 10, ζ = 0.5, v = 0: x = 1 − e^{−5t}(cos ω_d t + 5/ω_d sin ω_d t).
  let wd = 10 * (0.75).squareRoot()
  for t in [0.05, 0.2, 0.7] {
    let expected = 1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
    #expect(abs(Spring(omega0: 10, zeta: 0.5).value(atTime: t) - expected) < 1e-12)
  }
  // Critical ω₀ = 4, v = 2: x = 1 − (1 + (4 − 2)t)e^{−4t}.
  for t in [0.1, 0.5, 2] {
    let expected = 1 - (1 + 2 * t) * exp(-4 * t)
    #expect(abs(Spring(omega0: 4, zeta: 1, velocity: 2).value(atTime: t) - expected) < 1e-12)
  }
  // Over-damped ω₀ = 1, ζ = 2, v = 0: roots −2 ± √3; y = (r₂e^{r₁t} − r₁e^{r₂t})/(r₁ − r₂).
  let r1 = -2 + 3.0.squareRoot()
  let r2 = -2 - 3.0.squareRoot()
  for t in [0.3, 1, 4] {
    let expected = 1 + (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r1 - r2)
    #expect(abs(Spring(omega0: 1, zeta: 2).value(atTime: t) - expected) < 1e-12)
  }
  #expect(abs(polarPoint(radius: 2, angle: Double.pi / 2).y - 2) < 1e-15)
}
