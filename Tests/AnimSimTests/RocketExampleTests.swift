import Testing

/// `examples/rocket.anim` (§15): the values of its `// expect:` lines, worked out by hand.
@Suite struct RocketExampleTests {
  @Test func apexAndHeading() throws {
    let run = try Example.run("rocket", keep: [30, 45, 54])
    // p = p₀ + V·τ + A·τ²/2 with p₀ = (187.5, 600), V = (0, −450), A = (0, 300).
    let n30 = try run.node("rocket", 30)
    expectClose(n30.state.position.x, 187.5, 1e-6, "x@30")
    expectClose(n30.state.position.y, 600 - 450 + 150, 1e-6, "y@30")
    expectClose(n30.state.rotation, -90, 1e-6, "rotation@30")
    // The apex, t = 450 / 300 = 1.5 s: p' = (0, 0), so the heading is that of −p'' = (0, −300).
    let n45 = try run.node("rocket", 45)
    expectClose(n45.state.position.y, 600 - 675 + 337.5, 1e-6, "y@45")
    expectClose(n45.state.rotation, -90, 1e-6, "rotation@45")
    // Falling: p'(1.8) = (0, 90).
    let n54 = try run.node("rocket", 54)
    expectClose(n54.state.position.y, 600 - 810 + 486, 1e-6, "y@54")
    expectClose(n54.state.rotation, 90, 1e-6, "rotation@54")
  }
}
