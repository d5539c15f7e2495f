import Foundation
import Testing

@testable import AnimMath

/// `sinCos(degrees:)` against the C library's sin and cos of the angle in radians.
/// Where the two differ it is by the C library's own reduction error (the radian angle
/// is rounded before it is reduced), which grows with the angle: the bound below is a
/// few units in the last place of the radian angle.
@Test func sinCosMatchesTheCLibrary() {
  var random = SplitMix64(seed: 11)
  for i in 0..<200_000 {
    let scale = [1.0, 90, 360, 3_600, 1e6][i % 5]
    let d = (Double(random.next() >> 11) / 0x1p53 * 2 - 1) * scale
    let r = d * .pi / 180
    let (s, c) = sinCos(degrees: d)
    let bound = 4 * Double.ulpOfOne * max(1, abs(r))
    #expect(abs(s - sin(r)) <= bound && abs(c - cos(r)) <= bound, "\(d)°")
  }
}

@Test func sinCosIsExactOnQuarterTurns() {
  for k in -12...12 {
    let (s, c) = sinCos(degrees: Double(k) * 90)
    let expected: [(Double, Double)] = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    let (es, ec) = expected[((k % 4) + 4) % 4]
    #expect(s == es && c == ec, "\(k * 90)°")
  }
  // Familiar values, to the last bit or one unit in it.
  #expect(abs(sinCos(degrees: 30).sin - 0.5) <= Double.ulpOfOne)
  #expect(abs(sinCos(degrees: 60).cos - 0.5) <= Double.ulpOfOne)
  #expect(abs(sinCos(degrees: 45).sin - 0.5.squareRoot()) <= Double.ulpOfOne)
  #expect(sinCos(degrees: 0) == (0, 1))
}

@Test func sinCosOfHugeAndNonFiniteAngles() {
  let big = 1e300
  #expect(sinCos(degrees: big).sin == sin(big * .pi / 180))
  #expect(sinCos(degrees: .nan).sin.isNaN)
  #expect(sinCos(degrees: .infinity).cos.isNaN)
}
