import AnimMath
import AnimModel
import AnimRender

extension NodeFrame {
  /// The image this record draws over its box (§12.3), or nil for an outline shape.
  var drawImage: DrawImage? {
    guard let asset = shape.image else { return nil }
    return DrawImage(
      asset: asset, width: shape.outline.width, height: shape.outline.height, contentsRect: contentsRect ?? .full)
  }
}
