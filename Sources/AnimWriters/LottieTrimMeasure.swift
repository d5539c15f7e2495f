import AnimMath
import AnimModel

/// Where rlottie ends a trim path on an outline, against where §6.1 ends it.
///
/// §6.1's `strokeStart`/`strokeEnd` are fractions of the outline's true length, and animc
/// draws them so. rlottie 0.1 (Telegram's player) trims along a length it estimates, in
/// the layer's own coordinates: each straight piece as `max(|dx|, |dy|) + 3/8·min(|dx|,
/// |dy|)` (alpha-max-plus-beta-min: exact along the axes, 2.8 % short at 45°, up to 6.8 %
/// long near 22°), each cubic by halving it until its control polygon so measured is
/// within 0.01 of its chord. How finely the outline is split does not change that
/// estimate, so the same fraction ends elsewhere in rlottie: by 0.18 % of a rounded
/// rectangle's outline, more on diagonals. A Telegram sticker, which rlottie alone plays,
/// carries each trim as the fraction of rlottie's measure that ends at the same point.
struct LottieTrimMeasure {
  /// Per cubic: its true length from its start to parameter i/steps, and rlottie's.
  private var trueAt: [[Double]] = []
  private var rlottieAt: [[Double]] = []
  private var trueTotal = 0.0
  private var rlottieTotal = 0.0
  private static let steps = 64

  /// Nil unless the outline is one subpath with a length (several are trimmed as one
  /// path end to end, which rlottie does its own way).
  init?(_ beziers: [LottieBezier]) {
    guard beziers.count == 1, let path = beziers.first, path.vertices.count > 1 else { return nil }
    let n = path.vertices.count
    for k in 0..<(path.closed ? n : n - 1) {
      let j = (k + 1) % n
      let cubic = [
        path.vertices[k], path.vertices[k] + path.outTangents[k], path.vertices[j] + path.inTangents[j],
        path.vertices[j],
      ]
      var trueLengths = [0.0]
      var rlottieLengths = [0.0]
      var previous = cubic[0]
      var length = 0.0
      for i in 1...Self.steps {
        // The true length by 16 chords per step (relative error ~1e-7 on a quarter circle).
        for s in 1...16 {
          let p = Self.point(cubic, (Double(i - 1) + Double(s) / 16) / Double(Self.steps))
          length += previous.distance(to: p)
          previous = p
        }
        trueLengths.append(length)
        rlottieLengths.append(Self.rlottieLength(Self.split(cubic, Double(i) / Double(Self.steps)).left, depth: 0))
      }
      trueAt.append(trueLengths)
      rlottieAt.append(rlottieLengths)
      trueTotal += trueLengths.last ?? 0
      rlottieTotal += rlottieLengths.last ?? 0
    }
    guard trueTotal > 0, rlottieTotal > 0, trueTotal.isFinite, rlottieTotal.isFinite else { return nil }
  }

  /// The fraction of rlottie's measure that ends where fraction `f` of the true length
  /// does (both 0…1).
  func rlottieFraction(_ f: Double) -> Double {
    guard f > 0 else { return 0 }
    guard f < 1 else { return 1 }
    var remaining = f * trueTotal
    var before = 0.0
    for (k, lengths) in trueAt.enumerated() {
      let whole = lengths.last ?? 0
      if remaining > whole && k < trueAt.count - 1 {
        remaining -= whole
        before += rlottieAt[k].last ?? 0
        continue
      }
      // The step holding it, then linear within the step.
      var i = 1
      while i < Self.steps && lengths[i] < remaining { i += 1 }
      let span = lengths[i] - lengths[i - 1]
      let u = span > 0 ? min(max((remaining - lengths[i - 1]) / span, 0), 1) : 0
      let at = rlottieAt[k][i - 1] + (rlottieAt[k][i] - rlottieAt[k][i - 1]) * u
      return min(max((before + at) / rlottieTotal, 0), 1)
    }
    return 1
  }

  // MARK: - Cubics

  private static func point(_ c: [Point], _ t: Double) -> Point {
    Bezier.cubicPoint(c[0], c[1], c[2], c[3], t)
  }

  /// Cubic `c` split at parameter t (de Casteljau).
  private static func split(_ c: [Point], _ t: Double) -> (left: [Point], right: [Point]) {
    let a = c[0] + (c[1] - c[0]) * t
    let b = c[1] + (c[2] - c[1]) * t
    let d = c[2] + (c[3] - c[2]) * t
    let e = a + (b - a) * t
    let f = b + (d - b) * t
    let m = e + (f - e) * t
    return ([c[0], a, e, m], [m, f, d, c[3]])
  }

  /// rlottie's length of a straight piece (alpha max plus beta min, α = 1, β = 3/8).
  private static func approximate(_ a: Point, _ b: Point) -> Double {
    let x = abs(b.x - a.x)
    let y = abs(b.y - a.y)
    return x > y ? x + 0.375 * y : y + 0.375 * x
  }

  /// rlottie's length of a cubic: halved until its control polygon is within 0.01 of its
  /// chord (both measured as above). The depth is capped (rlottie's is not), so a cubic
  /// with non-finite points or far beyond any canvas still ends.
  private static func rlottieLength(_ c: [Point], depth: Int) -> Double {
    let polygon = approximate(c[0], c[1]) + approximate(c[1], c[2]) + approximate(c[2], c[3])
    let chord = approximate(c[0], c[3])
    guard polygon - chord > 0.01, depth < 12 else { return polygon.isFinite ? polygon : 0 }
    let (l, r) = split(c, 0.5)
    return rlottieLength(l, depth: depth + 1) + rlottieLength(r, depth: depth + 1)
  }
}
