/// The sizes an image may have before the decoder allocates anything for it.
///
/// The defaults are the language's (§12.3): at most 16384 pixels each way and
/// width × height × 4 ≤ 256 MiB. The file-size and decompressed-size bounds follow from
/// those: no valid image within them needs more, so anything larger is refused before the
/// bytes are inflated or copied.
package struct ImageLimits: Sendable, Equatable {
  /// Largest width and largest height, in pixels.
  package var maxSide: Int
  /// Largest `width × height × 4`, in bytes (the size of the image as 8-bit RGBA).
  package var maxRGBABytes: Int
  /// Largest file accepted, in bytes.
  package var maxFileBytes: Int
  /// Largest inflated (filtered) image data accepted, in bytes. The decoder also stops at
  /// the exact size the header implies, whichever is smaller.
  package var maxDecompressedBytes: Int

  package init(maxSide: Int, maxRGBABytes: Int, maxFileBytes: Int, maxDecompressedBytes: Int) {
    self.maxSide = maxSide
    self.maxRGBABytes = maxRGBABytes
    self.maxFileBytes = maxFileBytes
    self.maxDecompressedBytes = maxDecompressedBytes
  }

  /// §12.3's limits. A 16-bit RGBA image at the pixel limit inflates to twice the RGBA
  /// bytes plus one filter byte per row of each Adam7 pass (under 1 MiB), and a stored
  /// (uncompressed) file of it is barely larger than that, so 513 MiB and 1 GiB bound both.
  package static let standard = ImageLimits(
    maxSide: 16384, maxRGBABytes: 256 << 20, maxFileBytes: 1 << 30, maxDecompressedBytes: 513 << 20)
}
