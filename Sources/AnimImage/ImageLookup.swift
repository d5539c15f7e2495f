/// Where a scene's images come from (§12.3): PNG files by path, or bytes an app gives by
/// the name the source writes (`image("logo.png")` asks for "logo.png"). The checker reads
/// an image's header through it and the run its pixels, so both see the same source.
package enum ImageLookup: Sendable {
  /// Files on disk, at the path resolved against the source's directory.
  case files
  /// An app's images by name; nil means the app has no image by that name. Only these
  /// images exist: nothing is read from disk.
  case given(@Sendable (_ name: String) -> [UInt8]?)

  /// The header of image `name` (at `path` on disk); a file is read only that far.
  package func header(name: String, path: String, limits: ImageLimits = .standard) throws(ImageError) -> PNGHeader {
    switch self {
    case .files: return try PNGFile.header(atPath: path, limits: limits)
    case .given: return try PNGImage.header(bytes(name: name, path: path, limits: limits), limits: limits)
    }
  }

  /// The whole PNG of image `name` (at `path` on disk), within the limits' file size.
  package func bytes(name: String, path: String, limits: ImageLimits = .standard) throws(ImageError) -> [UInt8] {
    switch self {
    case .files: return try PNGFile.bytes(atPath: path, limits: limits)
    case .given(let image):
      guard let bytes = image(name) else { throw ImageError("the app gives no image by that name") }
      try limits.check(fileSize: bytes.count)
      return bytes
    }
  }
}
