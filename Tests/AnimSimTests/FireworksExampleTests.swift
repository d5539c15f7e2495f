import AnimTestSupport
import Foundation
import Testing

/// `examples/fireworks.anim` (§15): rockets' flights, apexes and deaths, and the sparks
/// their deaths release, worked out by hand from the scene's text. The random draws come
/// from an independent SplitMix64 (`TestRandom`) seeded as §7 says, not from the
/// product's stream.
@Suite struct FireworksExampleTests {
  /// FNV-1a, 64 bits, over the name's UTF-8 bytes (§7).
  static func fnv1a64(_ s: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return h
  }

  static func stream(_ name: String) -> TestRandom { TestRandom(seed: 2026 ^ fnv1a64(name)) }

  /// §15 with s = 0, k > 0, per axis: p = p₀ + (A/k)τ + (V − A/k)(1 − e^(−kτ))/k and
  /// p′ = A/k + (V − A/k)e^(−kτ).
  static func flight(_ p0: Double, _ v: Double, _ a: Double, _ k: Double, _ tau: Double) -> (p: Double, v: Double) {
    let e = exp(-k * tau)
    return (p0 + a / k * tau + (v - a / k) * (1 - e) / k, a / k + (v - a / k) * e)
  }

  /// Rocket k: born at 0.5k s at (187.5, 667), V = polar(720, a), a = −100° + 20°·u.
  static func rocketVelocity(_ k: Int) -> (x: Double, y: Double) {
    var r = stream("rockets")
    var u = 0.0
    for _ in 0...k { u = r.unit() }
    let a = (-100 + 20 * u) * .pi / 180
    return (720 * cos(a), 720 * sin(a))
  }

  @Test func rocketsFlyAndTurnAtTheirApex() throws {
    let run = try Example.run("fireworks", keep: Array(0...75))
    let v = Self.rocketVelocity(0)
    // Frame 60: τ = 1 s.
    let n60 = try run.node("rockets#0", 60)
    expectClose(n60.state.position.x, Self.flight(187.5, v.x, 0, 1, 1).p, 1e-6, "x@60")
    expectClose(n60.state.position.y, Self.flight(667, v.y, 300, 1, 1).p, 1e-6, "y@60")
    // The apex, where p′_y = 0: e^(−τ*) = 300 / (300 − V_y), so τ* = ln(1 − V_y/300) and,
    // since (V_y − 300)(1 − e^(−τ*)) = V_y there, y* = 667 + 300τ* + V_y.
    let apexTime = log(1 - v.y / 300)
    let apexY = 667 + 300 * apexTime + v.y
    #expect(apexTime > 1.21 && apexTime < 1.225, "τ* = \(apexTime): before the death at 1.25 s")
    let ys = try (60...74).map { try run.node("rockets#0", $0).state.position.y }
    let top = try #require(ys.min())
    // No frame is above the apex, and the nearest frame (within 1/120 s, where p″ is
    // 300 pt/s²) is within 300·(1/120)²/2 ≈ 0.011 pt of it.
    #expect(top >= apexY - 1e-6 && top <= apexY + 0.011, "highest \(top), apex \(apexY)")
    // Dies at 1.25 s: present in frame 74, absent from frame 75 on.
    #expect(run.has("rockets#0", 74) && !run.has("rockets#0", 75))
  }

  @Test func eachDeathReleasesSixtySparksFromTheRocket() throws {
    let run = try Example.run("fireworks", keep: Array(0...359))
    // Deaths at 0.5k + 1.25 s (k = 0…7); sparks live 1.4 s from there.
    let deaths = (0..<8).map { 0.5 * Double($0) + 1.25 }
    for n in 0..<360 {
      let t = Double(n) / 60
      guard deaths.allSatisfy({ abs(t - $0 - 1.4) > 1e-6 }) else { continue }
      let expected = 60 * deaths.filter { $0 <= t && t < $0 + 1.4 }.count
      let sparks = try #require(run.frames[n]).nodes.filter { $0.id.description.hasPrefix("sparks#") }.count
      #expect(sparks == expected, "frame \(n)")
    }
    // Rocket 0 at its death (τ = 1.25): every spark starts there (frame 75, τ_spark = 0).
    let v = Self.rocketVelocity(0)
    let x = Self.flight(187.5, v.x, 0, 1, 1.25)
    let y = Self.flight(667, v.y, 300, 1, 1.25)
    for i in 0..<60 {
      let spark = try run.node("sparks#\(i)", 75)
      expectClose(spark.state.position.x, x.p, 1e-6, "sparks#\(i).x@75")
      expectClose(spark.state.position.y, y.p, 1e-6, "sparks#\(i).y@75")
    }
    // sparks#0 at frame 90 (τ = 0.25): its draws are choose, r = 80 + 220u, θ = 360°·u;
    // V = trigger.velocity (the rocket's p′ at its death) + polar(r, θ), A = (0, 400), k = 2.
    var r = Self.stream("sparks")
    _ = r.unit()
    let speed = 80 + 220 * r.unit()
    let angle = 360 * r.unit() * .pi / 180
    let spark = try Example.run("fireworks", keep: [90]).node("sparks#0", 90)
    expectClose(spark.state.position.x, Self.flight(x.p, x.v + speed * cos(angle), 0, 2, 0.25).p, 1e-6, "x@90")
    expectClose(spark.state.position.y, Self.flight(y.p, y.v + speed * sin(angle), 400, 2, 0.25).p, 1e-6, "y@90")
  }
}
