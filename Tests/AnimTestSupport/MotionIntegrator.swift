/// §15's `p'' = A + s(P − p) − k p'` on one axis, integrated by classical RK4 at a 1e-4 s
/// step: an oracle independent of the closed forms. Returns (p, p') at each of `times`
/// (ascending, from 0).
public func integrateMotion(
  p0: Double, v: Double, a: Double, k: Double, target: Double, s: Double, at times: [Double]
) -> [(Double, Double)] {
  let dt = 1e-4
  var steps = 0
  var x = p0
  var xv = v
  var result: [(Double, Double)] = []
  func accel(_ x: Double, _ xv: Double) -> Double { a + s * (target - x) - k * xv }
  func step(_ h: Double, _ x: inout Double, _ xv: inout Double) {
    let k1x = xv
    let k1v = accel(x, xv)
    let k2x = xv + 0.5 * h * k1v
    let k2v = accel(x + 0.5 * h * k1x, xv + 0.5 * h * k1v)
    let k3x = xv + 0.5 * h * k2v
    let k3v = accel(x + 0.5 * h * k2x, xv + 0.5 * h * k2v)
    let k4x = xv + h * k3v
    let k4v = accel(x + h * k3x, xv + h * k3v)
    x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
    xv += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
  }
  for time in times {
    // Whole steps are counted (accumulating t would drift); a last partial step from a
    // copy reaches the exact time without disturbing the grid.
    while Double(steps + 1) * dt <= time {
      step(dt, &x, &xv)
      steps += 1
    }
    var (px, pv) = (x, xv)
    let rest = time - Double(steps) * dt
    if rest > 0 { step(rest, &px, &pv) }
    result.append((px, pv))
  }
  return result
}
