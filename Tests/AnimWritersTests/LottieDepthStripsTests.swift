import AnimMath
import AnimModel
import AnimRender
import Foundation
import Testing

@testable import AnimWriters

/// A gradient on a 3-D node cut into strips (`LottieDepthStrips`), judged by an oracle
/// written here: screen points inside each strip are taken back into the box by solving
/// the projection for them, the gradient's parameter is worked out there by hand, and
/// the colour the strip's Lottie gradient gives that point is compared with it.
@Suite struct LottieDepthStripsTests {
  static let red = Color(r: 1, g: 0, b: 0, a: 1)
  static let blue = Color(r: 0, g: 0, b: 1, a: 1)
  static let stops = [Gradient.Stop(0, red), Gradient.Stop(1, blue)]

  /// A `w × h` box anchored at its centre, at `(px, py)`, turned `a` degrees about y
  /// under perspective `d` (§12.1), worked by hand: the box point (x, y) goes to
  /// (x − w/2, y − h/2, 0), rotateY gives z = −(x − w/2)·sin a, perspective W = 1 − z/d,
  /// and the translation adds (px, py)·W to X and Y. `d` 0: no perspective (W = 1).
  static func turned(_ a: Double, perspective d: Double, w: Double, h: Double, px: Double, py: Double)
    -> Homography
  {
    let s = sin(a * .pi / 180)
    let c = cos(a * .pi / 180)
    let k = d > 0 ? s / d : 0
    return Homography(
      m00: c + px * k, m01: 0, m02: -w / 2 * c + px - px * w / 2 * k,
      m10: py * k, m11: 1, m12: -h / 2 + py - py * w / 2 * k,
      m20: k, m21: 0, m22: 1 - w / 2 * k)
  }

  /// The issue's card: 120 × 80 at (100, 100), `perspective 400; rotationY 30deg`.
  static let issue = turned(30, perspective: 400, w: 120, h: 80, px: 100, py: 100)
  /// `linearGradient([red, blue])`: top to bottom, t = y / 80.
  static let downwards = Gradient.linear(stops, start: Point(60, 0), end: Point(60, 80))
  static let box = Bounds(minX: 0, minY: 0, maxX: 120, maxY: 80)

  /// The box point whose projection is `p`: (m00 − px·m20)·x + (m01 − px·m21)·y =
  /// px·m22 − m02, and the same in y, solved by Cramer's rule.
  static func unproject(_ p: Point, _ h: Homography) -> Point {
    let a = h.m00 - p.x * h.m20
    let b = h.m01 - p.x * h.m21
    let c = h.m10 - p.y * h.m20
    let d = h.m11 - p.y * h.m21
    let e = p.x * h.m22 - h.m02
    let f = p.y * h.m22 - h.m12
    let det = a * d - b * c
    return Point((e * d - b * f) / det, (a * f - e * c) / det)
  }

  static func forward(_ h: Homography, _ x: Double, _ y: Double) -> Point {
    let w = h.m20 * x + h.m21 * y + h.m22
    return Point((h.m00 * x + h.m01 * y + h.m02) / w, (h.m10 * x + h.m11 * y + h.m12) / w)
  }

  /// The largest colour change, over screen points a quarter unit apart inside the
  /// projection of box columns `lo…hi` (all rows), between red-to-blue at the true
  /// t = y / 80 and at the t of Lottie's gradient line from `fit.start` to `fit.end`.
  /// Red to blue changes r and b by exactly the change of t clamped to 0…1.
  static func worstChange(_ fit: LottieDepthGradient, _ h: Homography, lo: Double, hi: Double) -> (Double, Int) {
    let corners = [forward(h, lo, 0), forward(h, hi, 0), forward(h, hi, 80), forward(h, lo, 80)]
    func inside(_ p: Point) -> Bool {
      var sign = 0.0
      for i in 0..<4 {
        let a = corners[i]
        let b = corners[(i + 1) % 4]
        let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
        if cross * sign < 0 { return false }
        if cross != 0 { sign = cross }
      }
      return true
    }
    let v = Point(fit.end.x - fit.start.x, fit.end.y - fit.start.y)
    let len2 = v.x * v.x + v.y * v.y
    func clamp(_ t: Double) -> Double { min(max(t, 0), 1) }
    var worst = 0.0
    var count = 0
    var y = corners.map(\.y).min()!
    while y <= corners.map(\.y).max()! {
      var x = corners.map(\.x).min()!
      while x <= corners.map(\.x).max()! {
        let p = Point(x, y)
        if inside(p) {
          let truth = unproject(p, h).y / 80
          let lottie = ((p.x - fit.start.x) * v.x + (p.y - fit.start.y) * v.y) / len2
          worst = max(worst, abs(clamp(truth) - clamp(lottie)))
          count += 1
        }
        x += 0.25
      }
      y += 0.25
    }
    return (worst, count)
  }

  /// Box points (0, 20), (60, 40), (120, 60) lie on one line with t = 0.25, 0.5, 0.75; the
  /// middle one's projection C sits at λ = |C − P₃| / |P₁ − P₃| along the projected
  /// segment. Any one linear gradient f has f(C) = λ·f(P₁) + (1 − λ)·f(P₃), so if it were
  /// within E of t at all three, |(1 − λ) − 0.5| ≤ 2E: E ≥ |λ − 0.5| / 2, which here
  /// (λ = 0.4625) is about 4.8/255. So it takes strips, and every strip's own gradient
  /// is within 1/255 of the true colour at every point of its projection.
  @Test func theIssuesTiltTakesStripsEachWithin1Of255() throws {
    let h = Self.issue
    let p1 = Self.forward(h, 0, 20)
    let c = Self.forward(h, 60, 40)
    let p3 = Self.forward(h, 120, 60)
    func dist(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
    let lambda = dist(c, p3) / dist(p1, p3)
    #expect(abs(lambda - 0.5) / 2 > 1.0 / 255, "λ = \(lambda)")

    let strips = try #require(
      LottieDepthStrips.fit(Self.downwards, h, over: Self.box, pointTolerance: 0.05, opaque: true))
    #expect(strips.bands.count >= 2 && strips.bands.count <= 16)
    #expect(strips.bands.allSatisfy { $0.axis == .x })
    #expect(strips.bands.first?.lower == -.infinity && strips.bands.last?.upper == .infinity)
    for (k, (band, fit)) in zip(strips.bands, strips.fits).enumerated() {
      let (worst, count) = Self.worstChange(fit, h, lo: max(band.lower, 0), hi: min(band.upper, 120))
      #expect(count > 100, "strip \(k): \(count) points")
      #expect(worst <= 1.0 / 255 + 1e-9, "strip \(k) of \(strips.bands.count): \(worst * 255)/255")
    }
  }

  /// Each band reaches past the next one's start far enough that its edge lies at least
  /// one output unit inside the next band on the screen (the distance from the projected
  /// end of one to the projected start line of the next), so antialiasing never shows
  /// the background between them; bands of a translucent paint only meet.
  @Test func opaqueBandsOverlapByAUnitTranslucentOnesMeet() throws {
    let h = Self.issue
    let opaque = try #require(
      LottieDepthStrips.fit(Self.downwards, h, over: Self.box, pointTolerance: 0.05, opaque: true))
    for (a, b) in zip(opaque.bands, opaque.bands.dropFirst()) {
      #expect(a.upper > b.lower)
      let s = Self.forward(h, b.lower, 0)
      let e = Self.forward(h, b.lower, 80)
      for y in [0.0, 40, 80] {
        let p = Self.forward(h, a.upper, y)
        let d =
          abs((e.x - s.x) * (p.y - s.y) - (e.y - s.y) * (p.x - s.x))
          / ((e.x - s.x) * (e.x - s.x) + (e.y - s.y) * (e.y - s.y)).squareRoot()
        #expect(d >= 1, "band ending at \(a.upper): \(d) units past the next one's start at y = \(y)")
      }
    }
    let translucent = try #require(
      LottieDepthStrips.fit(Self.downwards, h, over: Self.box, pointTolerance: 0.05, opaque: false))
    for (a, b) in zip(translucent.bands, translucent.bands.dropFirst()) { #expect(a.upper == b.lower) }
  }

  /// The same turn without perspective is affine: one gradient, one band, the whole plane.
  @Test func anAffineTurnKeepsOneGradient() throws {
    let h = Self.turned(30, perspective: 0, w: 120, h: 80, px: 100, py: 100)
    let strips = try #require(
      LottieDepthStrips.fit(Self.downwards, h, over: Self.box, pointTolerance: 0.05, opaque: true))
    #expect(strips.bands == [.all])
    let (worst, _) = Self.worstChange(strips.fits[0], h, lo: 0, hi: 120)
    #expect(worst < 1e-9)
  }

  /// `perspective 150; rotationY 60deg` on a 120 × 80 card with a diagonal gradient: W
  /// runs from 1 − 60·sin 60°/150 ≈ 0.65 to 1.35 across the box, and no 16 bands of it
  /// follow within 1/255 (nor move the isolines less than 0.05 unit): nothing is drawn.
  @Test func aStrongPerspectiveHasNoStrips() {
    let h = Self.turned(60, perspective: 150, w: 120, h: 80, px: 100, py: 100)
    let g = Gradient.linear(Self.stops, start: .zero, end: Point(120, 80))
    #expect(LottieDepthStrips.fit(g, h, over: Self.box, pointTolerance: 0.05, opaque: true) == nil)
  }
}
