/// The sizes an image may have before the decoder allocates anything for it.
///
/// The defaults are the language's (§12.3): at most 16384 pixels each way and
/// width × height × 4 ≤ 256 MiB. The decompressed-size bound follows from those: no valid
/// image within them needs more. The file-size bound is tighter than what a stored
/// (uncompressed) 16-bit image at the pixel limit would need: a file is read whole, and
/// embedded whole in SVG and Lottie output, so it is held to what a real picture takes.
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
  /// bytes plus one filter byte per row of each Adam7 pass (under 1 MiB), so 513 MiB bound
  /// that. A file is at most 64 MiB: a compressed photograph at the pixel limit fits.
  package static let standard = ImageLimits(
    maxSide: 16384, maxRGBABytes: 256 << 20, maxFileBytes: 64 << 20, maxDecompressedBytes: 513 << 20)
}
