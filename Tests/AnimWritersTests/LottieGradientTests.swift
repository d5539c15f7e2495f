import AnimMath
import AnimModel
import Testing

@testable import AnimWriters

/// The stops written for Lottie (§12.2, §13): a player that interpolates premultiplied
/// colours between them (rlottie) must land within 1/255 of §12.2's straight-alpha
/// gradient. The reference is the straight formula computed here, per channel.
@Suite struct LottieGradientTests {
  /// Premultiplied channels (r·a, g·a, b·a, a) of the straight-alpha gradient at t.
  static func straight(_ stops: [(Double, [Double])], _ t: Double) -> [Double] {
    var k = 1
    while k < stops.count - 1 && stops[k].0 < t { k += 1 }
    let (l0, c0) = stops[k - 1]
    let (l1, c1) = stops[k]
    let f = l1 > l0 ? min(1, max(0, (t - l0) / (l1 - l0))) : 1
    let c = zip(c0, c1).map { $0 + ($1 - $0) * f }
    return [c[0] * c[3], c[1] * c[3], c[2] * c[3], c[3]]
  }

  /// What a premultiplying player draws at t from the written stops.
  static func premultiplied(_ stops: [Gradient.Stop], _ t: Double) -> [Double] {
    func p(_ c: Color) -> [Double] { [c.r * c.a, c.g * c.a, c.b * c.a, c.a] }
    var k = 1
    while k < stops.count - 1 && stops[k].location < t { k += 1 }
    let a = stops[k - 1]
    let b = stops[k]
    let f = b.location > a.location ? min(1, max(0, (t - a.location) / (b.location - a.location))) : 1
    return zip(p(a.color), p(b.color)).map { $0 + ($1 - $0) * f }
  }

  @Test func premultipliedPlayersMatchStraightAlpha() {
    let cases: [[(Double, [Double])]] = [
      [(0, [1, 0, 0, 1]), (1, [0, 0, 1, 0])],
      [(0, [0, 0, 0, 0]), (1, [0, 0, 0, 1])],
      [(0, [1, 1, 1, 1]), (0.3, [1, 0.5, 0, 0.1]), (1, [0, 1, 0, 0.9])],
      [(0.2, [0.2, 0.8, 0.4, 0]), (0.5, [1, 0, 1, 1]), (0.5, [0, 0, 0, 0.5]), (0.9, [1, 1, 0, 0])],
    ]
    for stops in cases {
      let written = LottieGradient.expanded(
        stops.map { Gradient.Stop($0.0, Color(r: $0.1[0], g: $0.1[1], b: $0.1[2], a: $0.1[3])) }, tint: nil)
      let unexpanded = stops.count
      for i in 0...1000 {
        let t = Double(i) / 1000
        let want = Self.straight(stops, t)
        let got = Self.premultiplied(written, t)
        #expect(
          zip(want, got).allSatisfy { abs($0 - $1) <= 1 / 255 }, "t = \(t): \(got) for \(want) (\(unexpanded) stops)")
      }
    }
  }

  @Test func oneColourStopsAreNotMultiplied() {
    let stops = [Gradient.Stop(0, .black), Gradient.Stop(1, .white)]
    #expect(LottieGradient.expanded(stops, tint: nil).count == 2)
  }

  @Test func theTintMultipliesEveryStop() {
    let stops = [Gradient.Stop(0, Color(r: 1, g: 1, b: 1)), Gradient.Stop(1, Color(r: 0.5, g: 1, b: 1))]
    let written = LottieGradient.expanded(stops, tint: Color(r: 0.5, g: 1, b: 0.25, a: 1))
    #expect(written.map(\.color) == [Color(r: 0.5, g: 1, b: 0.25), Color(r: 0.25, g: 1, b: 0.25)])
  }
}
