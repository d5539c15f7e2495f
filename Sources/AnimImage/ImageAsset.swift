/// One image a run draws (§12.3): the file's bytes as read once, and its pixels decoded
/// from exactly those bytes, so that every output (raster, SVG data URI, Lottie asset)
/// shows the same picture even if the file changes during the run.
///
/// A class because frames share it: every record and drawing that shows the image holds
/// this one object, and comparing two of them is an identity test.
public final class ImageAsset: Sendable, Equatable {
  /// The path as the source wrote it (what dumps print).
  public let name: String
  /// The path that was read.
  public let path: String
  /// The PNG's bytes as outputs embed them: from `load`, the file's chunks that draw
  /// (`PNGEssentials`), its metadata left out; from `init`, as given.
  public let fileBytes: [UInt8]
  public let image: DecodedImage

  public init(name: String, path: String, fileBytes: [UInt8], image: DecodedImage) {
    self.name = name
    self.path = path
    self.fileBytes = fileBytes
    self.image = image
  }

  /// Reads and decodes the PNG named `name` at `path`, from where `lookup` says images
  /// are; any problem is an `ImageError` naming it.
  package static func load(
    name: String, path: String, from lookup: ImageLookup = .files, limits: ImageLimits = .standard
  ) throws(ImageError) -> ImageAsset {
    let bytes = try lookup.bytes(name: name, path: path, limits: limits)
    let image = try PNGImage.decode(bytes, limits: limits)
    return ImageAsset(name: name, path: path, fileBytes: PNGEssentials.strip(bytes) ?? bytes, image: image)
  }

  public static func == (a: ImageAsset, b: ImageAsset) -> Bool { a === b }
}
