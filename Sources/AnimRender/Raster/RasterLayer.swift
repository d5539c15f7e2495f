import AnimMath

// §15's `blend` and `blur`: an item with either is drawn alone on a transparent layer,
// blurred there, then composited onto the frame by addition or source over. Items without
// them never come here, so their drawing is unchanged.
extension Rasterizer {
  /// Draws `item` through its own layer. The blur's standard deviation is `item.blur`
  /// scene points times how many pixels a point spans along each axis.
  func drawLayer(_ item: DrawItem, _ toPixels: AffineTransform, _ canvas: PixelCanvas) {
    let (w, h) = (canvas.width, canvas.height)
    if layer.width != w || layer.height != h { layer = Bitmap(width: w, height: h) }
    var plain = item
    plain.additive = false
    plain.blur = 0
    let sigma = item.blur > 0 ? item.blur : 0
    let sigmaX = sigma * (toPixels.a * toPixels.a + toPixels.b * toPixels.b).squareRoot()
    let sigmaY = sigma * (toPixels.c * toPixels.c + toPixels.d * toPixels.d).squareRoot()
    var pixels = layerPixels
    var scratch = blurScratch
    layerPixels = []
    blurScratch = []
    _ = layer.withCanvas { scratchCanvas in
      painted = .empty
      drawItem(plain, toPixels, scratchCanvas)
      // Within the canvas, so that clearing it leaves the layer transparent for the next.
      let inside = DeviceGeometry.Box(
        x0: max(0, painted.x0), y0: max(0, painted.y0), x1: min(w, painted.x1), y1: min(h, painted.y1))
      guard !inside.isEmpty else { return }
      let rx = GaussianBlur.reach(sigmaX)
      let ry = GaussianBlur.reach(sigmaY)
      let box = DeviceGeometry.Box(
        x0: max(0, inside.x0 - rx), y0: max(0, inside.y0 - ry), x1: min(w, inside.x1 + rx),
        y1: min(h, inside.y1 + ry))
      scratchCanvas.read(box, into: &pixels)
      scratchCanvas.clear(inside)
      GaussianBlur.blur(
        &pixels, width: box.width, height: box.height, sigmaX: sigmaX, sigmaY: sigmaY, scratch: &scratch)
      canvas.composite(pixels, box, additive: item.additive)
    }
    layerPixels = pixels
    blurScratch = scratch
  }
}
