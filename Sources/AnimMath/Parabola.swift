/// The three flights of seed 002's "add to cart" animation (§4).
package enum ParabolaType: Hashable, Sendable {
  /// One arch above the chord: a quad curve.
  case up
  /// Dips below, then rises above the chord: a cubic.
  case downUp
  /// Rises above, then dips below the chord: a cubic.
  case upDown
}

extension Path {
  /// `parabola(from: S, to: E, height: h, type:)`. With dx = E.x − S.x, dy = E.y − S.y:
  /// `.up` is a quad with control (S.x + dx/3, S.y + dy/2 − h); `.downUp` a cubic with
  /// c1 = (S.x + dx/3, S.y + dy/3 + h), c2 = (S.x + 2dx/3, S.y + 2dy/3 − h); `.upDown`
  /// the same with the signs of h swapped. Height is in points, up being −y.
  package static func parabola(
    from s: Point, to e: Point, height h: Double, type: ParabolaType = .up
  ) -> Path {
    let dx = e.x - s.x
    let dy = e.y - s.y
    switch type {
    case .up:
      return Path([.move(to: s), .quad(control: Point(s.x + dx / 3, s.y + dy / 2 - h), to: e)])
    case .downUp:
      let c1 = Point(s.x + dx / 3, s.y + dy / 3 + h)
      let c2 = Point(s.x + 2 * dx / 3, s.y + 2 * dy / 3 - h)
      return Path([.move(to: s), .cubic(c1: c1, c2: c2, to: e)])
    case .upDown:
      let c1 = Point(s.x + dx / 3, s.y + dy / 3 - h)
      let c2 = Point(s.x + 2 * dx / 3, s.y + 2 * dy / 3 + h)
      return Path([.move(to: s), .cubic(c1: c1, c2: c2, to: e)])
    }
  }
}
