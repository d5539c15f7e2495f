import AnimImage
import AnimMath

/// An image as one item draws it (§12.3): the picture, the box it fills in the item's
/// local coordinates (`0…width × 0…height`), and the part of the picture stretched over
/// that box.
public struct DrawImage: Sendable, Equatable {
  public var asset: ImageAsset
  public var width: Double
  public var height: Double
  public var contentsRect: ContentsRect

  public init(asset: ImageAsset, width: Double, height: Double, contentsRect: ContentsRect = .full) {
    self.asset = asset
    self.width = width
    self.height = height
    self.contentsRect = contentsRect
  }
}
