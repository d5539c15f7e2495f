@testable import AnimMath

/// Whether two numbers agree within an absolute tolerance.
func near(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
  abs(a - b) <= tolerance
}

func near(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool {
  near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance)
}

/// The dump's number rule, enough for the tests: 6 decimals, no trailing zeros, no −0.
func dumpNumber(_ v: Double) -> String {
  let r = (v * 1e6).rounded() / 1e6
  if r == r.rounded() { return String(Int(r)) }
  var s = String(r)
  while s.hasSuffix("0") { s.removeLast() }
  return s
}
