import AnimTestSupport
import Testing

@testable import AnimMath

/// x'' + 2ζω₀x' + ω₀²(x − 1) = 0, x(0) = 0, x'(0) = v, integrated by classical RK4 with a
/// fine step (§15's equation with s = ω₀², P = 1, A = 0, k = 2ζω₀); returns x at each
/// requested time (sorted ascending).
private func integrate(omega w: Double, zeta z: Double, velocity v: Double, at times: [Double])
  -> [Double]
{
  integrateMotion(p0: 0, v: v, a: 0, k: 2 * z * w, target: 1, s: w * w, at: times).map(\.0)
}

@Test(arguments: [
  (10.0, 0.3, 0.0),  // under-damped
  (23.025850929940457, 0.6, 0.8),  // seed 000's pop: damping 0.6, velocity 0.8 over 0.5 s
  (8.0, 0.02, -3.0),  // barely damped, moving away first
  (12.0, 1.0, 0.0),  // critically damped
  (12.0, 1.0, 5.0),
  (12.0, 1.0 + 1e-9, 2.0),  // near-critical from above
  (12.0, 1.0 - 1e-9, 2.0),  // and below
  (6.0, 2.5, 0.0),  // over-damped
  (6.0, 1.3, 4.0),
])
func springMatchesRK4(omega: Double, zeta: Double, velocity: Double) {
  let spring = Spring(omega0: omega, zeta: zeta, velocity: velocity)
  let times = (1...60).map { Double($0) * 0.05 }
  let expected = integrate(omega: omega, zeta: zeta, velocity: velocity, at: times)
  for (t, x) in zip(times, expected) {
    let got = spring.value(atTime: t)
    #expect(near(got, x, 1e-4), "ω₀ \(omega) ζ \(zeta) v \(velocity) t \(t): \(got) vs \(x)")
  }
  #expect(spring.value(atTime: 0) == 0)
}

@Test func uiKitFormSettlesAtTheDuration() {
  // ζ = 0.6 < 1 → r = 0.6; T = 0.5 s → ω₀ = ln 1000 / (0.6 · 0.5) = 6.907755 / 0.3 = 23.02585.
  let pop = Spring(damping: 0.6, velocity: 0.8, duration: 0.5)
  #expect(near(pop.omega0, 23.025850929940457, 1e-9))
  #expect(pop.zeta == 0.6 && pop.velocity == 0.8)
  #expect(near(pop.settlingTime(), 0.5, 1e-12))
  // ζ = 0.02 → r floored at 0.05; T = 2 → ω₀ = 6.907755 / 0.1 = 69.07755.
  #expect(near(Spring(damping: 0.02, velocity: 0, duration: 2).omega0, 69.07755278982137, 1e-9))
  // ζ = 2 → r = 2 − √3 = 0.267949; T = 1.5 → ω₀ = 6.907755 / 0.401924 = 17.18673.
  #expect(near(Spring(damping: 2, velocity: 0, duration: 1.5).omega0, 17.186729111608965, 1e-9))
  // The duration-free form resolves ω₀ when evaluated, giving the same curve.
  let lazy = Spring.uiKit(damping: 0.6, velocity: 0.8)
  #expect(!lazy.isRealTime)
  #expect(near(lazy.naturalFrequency(duration: 0.5), 23.025850929940457, 1e-9))
  #expect(near(lazy.settlingTime(duration: 0.5), 0.5, 1e-12))
  for t in [0.05, 0.1, 0.3, 0.45] {
    #expect(near(lazy.value(atTime: t, duration: 0.5), pop.value(atTime: t), 1e-12))
  }
  let timing = TimingFunction.spring(lazy)
  #expect(!timing.isRealTime)
  #expect(near(timing.progress(0.2, duration: 0.5), pop.value(atTime: 0.1), 1e-12))
}

@Test func swiftUIAndCoreAnimationFormsMapToOmegaAndZeta() {
  // duration 0.5, bounce 0.3 → ω₀ = 2π/0.5 = 12.566371, ζ = 1 − 0.3 = 0.7.
  let bouncy = Spring(duration: 0.5, bounce: 0.3)
  #expect(near(bouncy.omega0, 12.566370614359172, 1e-9) && near(bouncy.zeta, 0.7, 1e-12))
  #expect(bouncy.velocity == 0 && bouncy.isRealTime)
  // bounce −0.5 → ζ = 1/(1 − 0.5) = 2.
  #expect(near(Spring(duration: 0.8, bounce: -0.5).zeta, 2, 1e-12))
  #expect(near(Spring(duration: 0.8, bounce: -0.5).omega0, 7.853981633974483, 1e-9))
  // response 0.55, dampingFraction 0.825 → ω₀ = 2π/0.55 = 11.423973, ζ = 0.825.
  let swiftUI = Spring(response: 0.55, dampingFraction: 0.825)
  #expect(near(swiftUI.omega0, 11.423973285781065, 1e-9) && swiftUI.zeta == 0.825)
  #expect(swiftUI.isRealTime)
  // CA: m 1, k 100, c 10 → ω₀ = √100 = 10, ζ = 10 / (2·√100) = 0.5.
  let ca = Spring(mass: 1, stiffness: 100, damping: 10, velocity: 2)
  #expect(near(ca.omega0, 10, 1e-12) && near(ca.zeta, 0.5, 1e-12) && ca.velocity == 2)
  // m 2, k 50, c 20 → ω₀ = √25 = 5, ζ = 20 / (2·√100) = 1: critically damped.
  let critical = Spring(mass: 2, stiffness: 50, damping: 20, velocity: 0)
  #expect(near(critical.omega0, 5, 1e-12) && near(critical.zeta, 1, 1e-12))
  // Settling time ln 1000 / (ω₀ r): CA example r = 0.5 → 6.907755 / 5 = 1.381551.
  #expect(near(ca.settlingTime(), 1.3815510557964274, 1e-9))
  // Real-time springs ignore the animation's duration.
  #expect(swiftUI.value(atTime: 0.3, duration: 1) == swiftUI.value(atTime: 0.3, duration: 7))
  #expect(TimingFunction.spring(swiftUI).isRealTime)
}
