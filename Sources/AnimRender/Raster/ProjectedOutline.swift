import AnimMath

/// A 3-D item's outlines as polygons in the projection's target space (§12.1), for the
/// outputs that cannot project themselves (SVG, Lottie): the fill flattened in the box,
/// the stroke's outline made in the box at its width, each clipped to W > 0 and divided.
/// `band` keeps only the part within a band of the box (a strip of a baked gradient).
package enum ProjectedOutline {
  /// The fill's polygons (non-zero rule) under `h`, curves flattened within `tolerance`
  /// of the projected outline; empty when nothing lies in front of the eye or a number
  /// is not finite.
  package static func fill(_ path: Path, _ h: Homography, tolerance: Double, band: BoxBand = .all) -> [[Point]] {
    guard let local = flattened(path, h, tolerance) else { return [] }
    return polygons(band.clip(local), h)
  }

  /// The stroke's outline polygons (non-zero rule, to be filled with the stroke colour)
  /// of `path` at `lineWidth`, trimmed to `strokeStart…strokeEnd` of its length in the
  /// box, under `h`.
  package static func stroke(
    _ path: Path, _ h: Homography, lineWidth: Double, strokeStart: Double = 0, strokeEnd: Double = 1,
    tolerance: Double, band: BoxBand = .all
  ) -> [[Point]] {
    guard lineWidth > 0, lineWidth.isFinite, var lines = flattened(path, h, tolerance) else { return [] }
    if !StrokeTrimmer.keepsAll(start: strokeStart, end: strokeEnd) {
      var trimmed = Polylines()
      StrokeTrimmer.trim(lines, start: strokeStart, end: strokeEnd, into: &trimmed)
      lines = trimmed
    }
    var pieces = Polylines()
    var scratch: [Point] = []
    Stroker.stroke(lines, width: lineWidth, into: &pieces, scratch: &scratch)
    return polygons(band.clip(pieces), h)
  }

  private static func flattened(_ path: Path, _ h: Homography, _ tolerance: Double) -> Polylines? {
    guard let tol = ProjectedGeometry.localTolerance(path, h, pixels: tolerance) else { return nil }
    var local = Polylines()
    guard PathFlattener.flatten(path, tolerance: tol, into: &local) else { return nil }
    return local
  }

  private static func polygons(_ src: Polylines, _ h: Homography) -> [[Point]] {
    var projected = Polylines()
    guard ProjectedGeometry.project(src, h, into: &projected, width: 0, height: 0) != nil else { return [] }
    return projected.runs.map { Array(projected.points[$0.start..<$0.start + $0.count]) }
  }
}
