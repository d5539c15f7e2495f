import AnimJSON
import AnimMath
import AnimRender

// A 3-D node's gradient cut into strips (`LottieDepthStrips`), as Lottie shape groups.

extension LottieLayer {
  /// The groups drawing one paint (`name`: "fill" or "stroke") of gradient `g` when some
  /// frame cuts it into strips: group k holds, in each frame, the part of the outline
  /// within that frame's k-th band (`outline(frame, band)`) and a gradient fill with
  /// that band's fit, and draws nothing in a frame with fewer bands or none. Lottie
  /// draws its first shape item on top, so the last band comes first: each band covers
  /// the one before, where that one reaches under it.
  ///
  /// The fits take all of §13's 1/255, so their start and end are keyed wherever they
  /// move by more than a thousandth of an output unit, not by §13's position tolerance:
  /// the isolines held between keys then stray by about that much, which adds almost
  /// nothing to the fit's error.
  func stripGroups(
    _ name: String, _ g: Gradient, _ strips: [LottieDepthStrips?], outline: (Int, BoxBand) -> [[Point]]
  ) -> [JSONValue] {
    let count = strips.map { $0?.bands.count ?? 0 }.max() ?? 0
    let moving = 0.001 * tolerance.unit
    return (0..<count).reversed().compactMap { k -> JSONValue? in
      let polygons = strips.enumerated().map { f, s -> [[Point]] in
        guard let s, k < s.bands.count else { return [] }
        return outline(f, s.bands[k])
      }
      guard polygons.contains(where: { !$0.isEmpty }) else { return nil }
      let fits = strips.map { s in s.flatMap { k < $0.fits.count ? $0.fits[k] : nil } }
      return LottieJSON.group("\(name) \(k + 1)", bakedPaths(polygons) + [gradientFill(g, fits, moving: moving)])
    }
  }
}
