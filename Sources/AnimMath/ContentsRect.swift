/// The part of an image drawn over its box (§12.3, Core Animation's `contentsRect`):
/// `[x, y, w, h]` in unit coordinates of the image, the whole image by default. Values
/// outside 0…1 are allowed (the image's edge pixels extend beyond it), as in Core Animation.
public struct ContentsRect: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// `[0, 0, 1, 1]`: the whole image.
  public static let full = ContentsRect(x: 0, y: 0, width: 1, height: 1)

  /// The four numbers in order, as dumps write them.
  public var values: [Double] { [x, y, width, height] }
}
