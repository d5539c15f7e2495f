import AnimImage
import AnimMath

/// Bilinear sampling of an image on premultiplied values (§12.3), from a point in the
/// box it fills.
///
/// A box point (x, y) maps to the image point `((r.x + r.w·x/W)·w, (r.y + r.h·y/H)·h)`
/// for contentsRect r, box W × H and image w × h pixels; pixel (i, j) is centred at
/// (i + ½, j + ½), so the four taps are the pixels whose centres surround that point.
/// Taps beyond the image repeat its edge pixels, as Core Animation samples. The taps are
/// premultiplied before they are blended, so a transparent pixel's colour never bleeds
/// into an opaque neighbour.
struct ImageSampler {
  let image: DecodedImage
  private let scaleX: Double
  private let scaleY: Double
  private let offsetX: Double
  private let offsetY: Double

  init(_ d: DrawImage) {
    image = d.asset.image
    let w = Double(image.width)
    let h = Double(image.height)
    scaleX = d.contentsRect.width * w / d.width
    scaleY = d.contentsRect.height * h / d.height
    offsetX = d.contentsRect.x * w - 0.5
    offsetY = d.contentsRect.y * h - 0.5
  }

  /// The premultiplied colour (each channel 0…1) at box point `p`; transparent when the
  /// mapping is not finite.
  func sample(_ p: Point) -> (r: Double, g: Double, b: Double, a: Double) {
    let fx = scaleX * p.x + offsetX
    let fy = scaleY * p.y + offsetY
    guard fx.isFinite, fy.isFinite else { return (0, 0, 0, 0) }
    // Clamped first, so that the conversions to Int below cannot trap.
    let cx = min(max(fx, -1), Double(image.width))
    let cy = min(max(fy, -1), Double(image.height))
    let x0 = cx.rounded(.down)
    let y0 = cy.rounded(.down)
    let tx = cx - x0
    let ty = cy - y0
    let xa = clampIndex(Int(x0), image.width)
    let xb = clampIndex(Int(x0) + 1, image.width)
    let ya = clampIndex(Int(y0), image.height)
    let yb = clampIndex(Int(y0) + 1, image.height)
    let p00 = image.premultiplied(x: xa, y: ya)
    let p10 = image.premultiplied(x: xb, y: ya)
    let p01 = image.premultiplied(x: xa, y: yb)
    let p11 = image.premultiplied(x: xb, y: yb)
    let w00 = (1 - tx) * (1 - ty)
    let w10 = tx * (1 - ty)
    let w01 = (1 - tx) * ty
    let w11 = tx * ty
    return (
      p00.r * w00 + p10.r * w10 + p01.r * w01 + p11.r * w11,
      p00.g * w00 + p10.g * w10 + p01.g * w01 + p11.g * w11,
      p00.b * w00 + p10.b * w10 + p01.b * w01 + p11.b * w11,
      p00.a * w00 + p10.a * w10 + p01.a * w01 + p11.a * w11
    )
  }

  private func clampIndex(_ i: Int, _ n: Int) -> Int { min(max(i, 0), n - 1) }
}
