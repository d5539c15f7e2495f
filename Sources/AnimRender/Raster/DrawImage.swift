import AnimImage
import AnimMath

/// An image as one item draws it (§12.3): the picture, the box it fills in the item's
/// local coordinates (`0…width × 0…height`), and the part of the picture stretched over
/// that box.
package struct DrawImage: Sendable, Equatable {
  package var asset: ImageAsset
  package var width: Double
  package var height: Double
  package var contentsRect: ContentsRect

  package init(asset: ImageAsset, width: Double, height: Double, contentsRect: ContentsRect = .full) {
    self.asset = asset
    self.width = width
    self.height = height
    self.contentsRect = contentsRect
  }
}
