import AnimMath
import AnimModel
import AnimRender

/// A gradient on a 3-D node in one frame, as the Lottie export draws it (§12.2, §13): one
/// fitted Lottie gradient over the whole box when that is within §13's 1/255, else the
/// box cut into K equal bands, K the fewest in 2…16 for which every band's own fit (over
/// that band) is within it. Perspective makes the isolines converge; across a band
/// narrow along the axis the convergence runs along, they are nearly parallel again,
/// so the cuts are tried along both box axes and the one needing fewer bands is kept
/// (x first on a tie: a card turning about its vertical axis, the common case).
///
/// Each band but the last reaches `overlap` output units into the next, which is drawn
/// over it, so that no antialiased seam lets the background through; its fit covers
/// that part too. Overlapping bands would show the overlap twice through a translucent
/// paint, so a frame whose paint is not opaque has bands that only meet.
struct LottieDepthStrips: Hashable, Sendable {
  /// In drawing order: each band is drawn over the one before. The first and last are
  /// open on their outer side, so that the bands cover the whole outline.
  var bands: [BoxBand]
  /// The fit of each band, in output units.
  var fits: [LottieDepthGradient]

  static let maxStrips = 16
  /// How far a band reaches into the next, in output units: an edge's antialiasing
  /// touches pixels within √2/2 of it, so one unit and a half covers them all.
  static let overlap = 1.5

  /// The strips of `g` (box points, drawable, stops tinted) under `h` over `region`
  /// (the box widened by any stroke margin), or nil when 16 bands along either axis
  /// cannot be within the bounds. `opaque`: the paint covers what it is drawn over.
  static func fit(_ g: Gradient, _ h: Homography, over region: Bounds, pointTolerance: Double, opaque: Bool)
    -> LottieDepthStrips?
  {
    if let one = LottieDepthGradient.fit(g, h, over: region, pointTolerance: pointTolerance) {
      return LottieDepthStrips(bands: [.all], fits: [one])
    }
    var best: LottieDepthStrips? = nil
    for axis in [BoxBand.Axis.x, .y] {
      let most = (best?.bands.count ?? maxStrips + 1) - 1
      guard most >= 2 else { break }
      for k in 2...most {
        if let strips = cut(g, h, region, axis: axis, count: k, pointTolerance: pointTolerance, opaque: opaque) {
          best = strips
          break
        }
      }
    }
    return best
  }

  /// `region` cut into `count` equal bands along `axis`, each fitted; nil when one band's
  /// fit is not within the bounds.
  static func cut(
    _ g: Gradient, _ h: Homography, _ region: Bounds, axis: BoxBand.Axis, count: Int, pointTolerance: Double,
    opaque: Bool
  ) -> LottieDepthStrips? {
    let (lo, hi) = axis == .x ? (region.minX, region.maxX) : (region.minY, region.maxY)
    let step = (hi - lo) / Double(count)
    var bands: [BoxBand] = []
    var fits: [LottieDepthGradient] = []
    for k in 0..<count {
      let start = lo + step * Double(k)
      let cut = lo + step * Double(k + 1)
      let reach = k + 1 < count && opaque ? extent(of: cut, axis, region, h, within: step / 2) : 0
      let lower = k == 0 ? -Double.infinity : start
      let upper = k + 1 == count ? Double.infinity : cut + reach
      let first = k == 0 ? lo : start
      let last = k + 1 == count ? hi : cut + reach
      let part =
        axis == .x
        ? Bounds(minX: first, minY: region.minY, maxX: last, maxY: region.maxY)
        : Bounds(minX: region.minX, minY: first, maxX: region.maxX, maxY: last)
      guard let fit = LottieDepthGradient.fit(g, h, over: part, pointTolerance: pointTolerance) else { return nil }
      bands.append(BoxBand(axis, lower, upper))
      fits.append(fit)
    }
    return LottieDepthStrips(bands: bands, fits: fits)
  }

  /// How far past the cut at `c` (box units along `axis`) a band must reach to cover
  /// `overlap` output units everywhere along the cut: `overlap` over the least rate at
  /// which the projection moves away from the projected cut line as one crosses it, at
  /// most `limit` (also where the cut lies behind the eye or is seen edge-on).
  static func extent(of c: Double, _ axis: BoxBand.Axis, _ region: Bounds, _ h: Homography, within limit: Double)
    -> Double
  {
    var least = Double.infinity
    for i in 0...4 {
      let u = Double(i) / 4
      let p = axis == .x ? Point(c, region.minY + region.height * u) : Point(region.minX + region.width * u, c)
      let (x, y, w) = h.homogeneous(p)
      guard w > 1e-6 else { continue }
      // The projection's derivatives along x and along y (the Jacobian's columns).
      let dx = Point((h.m00 * w - x * h.m20) / (w * w), (h.m10 * w - y * h.m20) / (w * w))
      let dy = Point((h.m01 * w - x * h.m21) / (w * w), (h.m11 * w - y * h.m21) / (w * w))
      let (across, along) = axis == .x ? (dx, dy) : (dy, dx)
      let length = (along.x * along.x + along.y * along.y).squareRoot()
      guard length > 0 else { continue }
      least = min(least, abs(across.x * along.y - across.y * along.x) / length)
    }
    guard least > 0, least.isFinite else { return limit }
    return min(overlap / least, limit)
  }
}

extension LottieSample {
  /// Fits the node's visible gradients to this frame's projection (`LottieDepthStrips`);
  /// throws, naming the node, when even 16 strips cannot draw one within §13's 1/255.
  /// A frame where a paint is hidden keeps no fit for it.
  mutating func bakeGradients(_ node: NodeFrame, hasStroke: Bool, unit: Double) throws {
    guard let h = projection, let gradients = node.boxGradients, opacity > 0 else { return }
    let w = node.shape.outline.width
    let ht = node.shape.outline.height
    let opacity = self.opacity
    func fitted(_ g: Gradient, margin: Double) throws -> LottieDepthStrips {
      let d = LottieDepthGradient.drawable(g)
      let tinted = Gradient(stops: LottieGradient.expanded(d.stops, tint: node.tint), geometry: d.geometry)
      let region = Bounds(minX: -margin, minY: -margin, maxX: w + margin, maxY: ht + margin)
      let opaque = opacity >= 1 && tinted.stops.allSatisfy { $0.color.a >= 1 }
      if let strips = LottieDepthStrips.fit(
        tinted, h, over: region, pointTolerance: 0.05 * unit, opaque: opaque)
      {
        return strips
      }
      throw LottieExportError(
        "`\(node.id)` has a gradient in 3-D that no Lottie gradient follows within "
          + "\(Int((LottieDepthGradient.colorBound * 255).rounded()))/255 (§13), even cut into "
          + "\(LottieDepthStrips.maxStrips) strips: its tilt or perspective bends it too far; render it as GIF "
          + "or PNG, or give it less tilt or perspective")
    }
    if let g = gradients.fill, fill.a > 0 { depthFill = try fitted(g, margin: 0) }
    if let g = gradients.stroke, hasStroke, stroke.a > 0, lineWidth > 0 {
      depthStroke = try fitted(g, margin: lineWidth / 2)
    }
  }
}
