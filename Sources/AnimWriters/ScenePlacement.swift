import AnimMath
import AnimModel
import AnimRender

/// Where a fitted scene goes in a picture whose aspect ratio is not the scene's
/// (`render --width W --height H`): a whole-pixel rectangle, as large as fits, centred.
/// Outside it the picture is the scene's background only; the scene is clipped to it.
///
/// Whole pixels, so the bars are exactly background (no half-covered column), the
/// rasterizer and an SVG renderer clip at the same place, and the scene's scale is the
/// same both ways to within half a pixel over its size.
package struct ScenePlacement: Sendable, Equatable {
  package var x: Int
  package var y: Int
  package var width: Int
  package var height: Int

  package init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The scene's points → the picture's pixels.
  package func transform(sceneWidth: Double, sceneHeight: Double) -> AffineTransform {
    AffineTransform(
      a: Double(width) / sceneWidth, b: 0, c: 0, d: Double(height) / sceneHeight, tx: Double(x), ty: Double(y))
  }

  /// Sets every pixel of `bitmap` outside the rectangle to `pixel` (R, G, B, A).
  func fillOutside(_ bitmap: inout Bitmap, with pixel: [UInt8]) {
    guard pixel.count == 4 else { return }
    let w = bitmap.width
    func fill(_ row: Int, _ columns: Range<Int>) {
      for column in columns {
        let i = (row * w + column) * 4
        bitmap.pixels[i] = pixel[0]
        bitmap.pixels[i + 1] = pixel[1]
        bitmap.pixels[i + 2] = pixel[2]
        bitmap.pixels[i + 3] = pixel[3]
      }
    }
    let left = min(max(x, 0), w)
    let right = min(max(x + width, left), w)
    for row in 0..<bitmap.height {
      if row >= y && row < y + height {
        fill(row, 0..<left)
        fill(row, right..<w)
      } else {
        fill(row, 0..<w)
      }
    }
  }
}

extension PictureOptions {
  /// The rectangle a fitted scene of `sceneWidth × sceneHeight` points takes; nil when the
  /// scene fills the picture: stretched (`fitsScene` false), or already of its aspect
  /// ratio to the pixel, so such pictures are drawn exactly as before.
  package func placement(sceneWidth: Double, sceneHeight: Double) -> ScenePlacement? {
    guard fitsScene, width > 0, height > 0, sceneWidth > 0, sceneHeight > 0,
      sceneWidth.isFinite, sceneHeight.isFinite
    else { return nil }
    let s = min(Double(width) / sceneWidth, Double(height) / sceneHeight)
    guard s.isFinite else { return nil }
    // s × the scene's size is at most the picture's size, so the conversions are in range.
    let w = min(width, max(1, Int((sceneWidth * s).rounded())))
    let h = min(height, max(1, Int((sceneHeight * s).rounded())))
    guard w != width || h != height else { return nil }
    return ScenePlacement(x: (width - w) / 2, y: (height - h) / 2, width: w, height: h)
  }
}
