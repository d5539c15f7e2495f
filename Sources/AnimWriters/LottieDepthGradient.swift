import AnimMath
import AnimModel

/// A gradient on a 3-D node, baked as its outline is (§12.2, §13): each frame, the Lottie
/// gradient in output units that best follows the gradient as animc draws it, which is
/// the gradient's parameter at each pixel mapped back into the box through the inverse
/// projection.
///
/// Linear: through an affine projection the parameter is an affine function of the
/// output point, so the least-squares fit of one over a grid of the box is that function
/// itself (projecting only the start and end points would not be: a non-uniform scale
/// tilts the isolines against the line between them). Under perspective the isolines
/// converge and the fit approximates. Radial: the projected centre, with the radius that
/// fits best, exact for a circle under a projection that scales evenly.
///
/// The fit is accepted when the colour it can shift stays within `colorBound`, or the
/// isolines it moves stay within §13's 0.05 pt; otherwise the box is cut into strips
/// (`LottieDepthStrips`), and where even those fail the export stops.
struct LottieDepthGradient: Hashable, Sendable {
  /// Lottie's `s` and `e`: linear t runs from `start` (0) to `end` (1); radial has its
  /// centre at `start` and t = 1 on the circle through `end`.
  var start: Point
  var end: Point

  /// The largest colour change per channel (0…1, straight alpha) a fit may cause: §13's
  /// 1/255. Every affine projection reaches it (the fit is exact there); under
  /// perspective, where one Lottie gradient cannot, the box is cut into strips, each
  /// with its own fit (`LottieDepthStrips`).
  static let colorBound = 1.0 / 255

  /// What a fit of `stops` (tinted and expanded, `LottieGradient.expanded`) may change:
  /// `colorBound`, less the 0.5/255 that the expanded stops leave between rlottie's
  /// premultiplied interpolation and the straight one where alpha changes.
  static func budget(_ stops: [Gradient.Stop]) -> Double {
    let alpha = stops.first?.color.a
    return stops.allSatisfy({ $0.color.a == alpha }) ? colorBound : colorBound - 0.5 / 255
  }

  /// Grid points per side where the fit is made and checked: the parameter's error is
  /// smooth in the box, so its largest value on this grid is close to the largest there
  /// is.
  private static let gridSide = 13

  /// The gradient Lottie draws for `g`: a radial one without a radius draws its last
  /// colour everywhere, as `Gradient.parameter` gives t = 1 there.
  static func drawable(_ g: Gradient) -> Gradient {
    guard case .radial(_, let r) = g.geometry, !(r.x > 0 && r.y > 0 && r.x.isFinite && r.y.isFinite) else {
      return g
    }
    let last = g.stops.last?.color ?? .clear
    return .linear([Gradient.Stop(0, last), Gradient.Stop(1, last)], start: .zero, end: Point(1, 0))
  }

  /// The fit of `g` (box points, drawable, stops tinted) under `h` over the box
  /// `width × height` widened by `margin` on every side, or nil when it cannot be within
  /// the bounds. `pointTolerance` is §13's point accuracy in output units.
  static func fit(
    _ g: Gradient, _ h: Homography, width: Double, height: Double, margin: Double, pointTolerance: Double
  ) -> LottieDepthGradient? {
    let region = Bounds(minX: -margin, minY: -margin, maxX: width + margin, maxY: height + margin)
    return fit(g, h, over: region, pointTolerance: pointTolerance)
  }

  /// The fit of `g` under `h` over `region` of the box (a grid of it), or nil when it
  /// cannot be within the bounds there.
  static func fit(_ g: Gradient, _ h: Homography, over region: Bounds, pointTolerance: Double)
    -> LottieDepthGradient?
  {
    var points: [Point] = []
    var ts: [Double] = []
    let n = gridSide - 1
    for i in 0...n {
      for j in 0...n {
        let x = Point(
          region.minX + region.width * Double(i) / Double(n),
          region.minY + region.height * Double(j) / Double(n))
        guard h.w(x) > 0 else { continue }
        let p = h.apply(x)
        guard p.x.isFinite, p.y.isFinite else { continue }
        points.append(p)
        ts.append(g.parameter(at: x))
      }
    }
    guard !points.isEmpty else { return LottieDepthGradient(start: .zero, end: Point(1, 0)) }
    let fitted: (LottieDepthGradient, error: Double, slope: Double)?
    switch g.geometry {
    case .linear(let s, _):
      fitted = linear(points, ts, start: h.w(s) > 0 ? h.apply(s) : nil)
    case .radial(let c, _):
      fitted = h.w(c) > 0 ? radial(points, ts, centre: h.apply(c)) : nil
    }
    guard let (gradient, error, slope) = fitted else { return nil }
    if error <= pointTolerance * slope { return gradient }
    return colorChange(g.stops, within: error) <= budget(g.stops) ? gradient : nil
  }

  /// t ≈ n·p + b by least squares; the error is the largest |t − fit| on the points and
  /// the slope |n| (t per output unit). Lottie's start is the projected start moved along
  /// n onto the fit's t = 0 line (the projected start itself when the map is affine).
  private static func linear(_ points: [Point], _ ts: [Double], start: Point?) -> (
    LottieDepthGradient, error: Double, slope: Double
  )? {
    let count = Double(points.count)
    let mx = points.reduce(0) { $0 + $1.x } / count
    let my = points.reduce(0) { $0 + $1.y } / count
    let mt = ts.reduce(0, +) / count
    var sxx = 0.0
    var sxy = 0.0
    var syy = 0.0
    var sxt = 0.0
    var syt = 0.0
    for (p, t) in zip(points, ts) {
      let dx = p.x - mx
      let dy = p.y - my
      sxx += dx * dx
      sxy += dx * dy
      syy += dy * dy
      sxt += dx * (t - mt)
      syt += dy * (t - mt)
    }
    let det = sxx * syy - sxy * sxy
    // The box seen edge-on (or a point): it covers no area, and any gradient draws nothing.
    guard det > 1e-12 * max(sxx * syy, 1e-300), det.isFinite else {
      return (LottieDepthGradient(start: Point(mx, my), end: Point(mx + 1, my)), 0, 1)
    }
    let nx = (syy * sxt - sxy * syt) / det
    let ny = (sxx * syt - sxy * sxt) / det
    let fit = { (p: Point) in mt + nx * (p.x - mx) + ny * (p.y - my) }
    let error = zip(points, ts).reduce(0.0) { max($0, abs($1.1 - fit($1.0))) }
    let n2 = nx * nx + ny * ny
    guard error.isFinite, n2.isFinite else { return nil }
    // t the same everywhere: a gradient so long that it changes by nothing over the box.
    guard n2 > 1e-24 else {
      let far = 1e6
      let s = Point(mx - mt * far, my)
      return (LottieDepthGradient(start: s, end: Point(s.x + far, my)), error, 1 / far)
    }
    let u = Point(nx / n2, ny / n2)
    let base = start ?? Point(mx, my)
    let t0 = fit(base)
    let s = Point(base.x - t0 * u.x, base.y - t0 * u.y)
    return (LottieDepthGradient(start: s, end: Point(s.x + u.x, s.y + u.y)), error, n2.squareRoot())
  }

  /// t ≈ k·|p − centre| by least squares (k = 1 / radius).
  private static func radial(_ points: [Point], _ ts: [Double], centre: Point) -> (
    LottieDepthGradient, error: Double, slope: Double
  )? {
    let d = points.map { (($0.x - centre.x) * ($0.x - centre.x) + ($0.y - centre.y) * ($0.y - centre.y)).squareRoot() }
    let dd = d.reduce(0) { $0 + $1 * $1 }
    let dt = zip(d, ts).reduce(0) { $0 + $1.0 * $1.1 }
    guard dd > 0, dt > 0 else { return nil }
    let k = dt / dd
    let error = zip(d, ts).reduce(0.0) { max($0, abs($1.1 - k * $1.0)) }
    guard error.isFinite, k.isFinite else { return nil }
    return (LottieDepthGradient(start: centre, end: Point(centre.x + 1 / k, centre.y)), error, k)
  }

  /// The largest change of any channel between the colours at two parameters at most `d`
  /// apart. The colour is piecewise linear in t, so the difference of two colours is
  /// largest where one of the two parameters is at a stop: at another stop within `d`,
  /// or `d` away.
  static func colorChange(_ stops: [Gradient.Stop], within d: Double) -> Double {
    let g = Gradient.linear(stops, start: .zero, end: Point(1, 0))
    func change(_ a: Color, _ b: Color) -> Double {
      max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b), abs(a.a - b.a))
    }
    var worst = 0.0
    for s in stops {
      worst = max(worst, change(s.color, g.color(at: s.location - d)), change(s.color, g.color(at: s.location + d)))
      for o in stops where abs(o.location - s.location) <= d { worst = max(worst, change(s.color, o.color)) }
    }
    return worst
  }
}
