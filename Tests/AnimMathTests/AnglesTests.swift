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

/// Two lanes at once give each lane's `sinCos(degrees:)`, bit for bit: quarter turns,
/// both kernels' branches (|x| below 0.3 rad, up to 0.78125, beyond), signed zeros, huge
/// and non-finite angles (which take the scalar route), in either lane.
@Test func sinCosOnTwoLanesIsTheScalarOne() {
  var random = SplitMix64(seed: 5)
  var angles: [Double] = [0, -0.0, 90, -90, 180, 270, 45, -45, 17.2, 44.9, 1e15, 0x1p47, .nan, .infinity]
  for i in 0..<20_000 {
    let scale = [1.0, 45, 360, 1e6][i % 4]
    angles.append((Double(random.next() >> 11) / 0x1p53 * 2 - 1) * scale)
  }
  func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }
  for i in angles.indices {
    let pair = SIMD2(angles[i], angles[(i * 7 + 3) % angles.count])
    let (s, c) = sinCos(degrees: pair)
    for lane in 0..<2 {
      let (es, ec) = sinCos(degrees: pair[lane])
      #expect(same(s[lane], es) && same(c[lane], ec), "\(pair[lane])°")
    }
  }
}
