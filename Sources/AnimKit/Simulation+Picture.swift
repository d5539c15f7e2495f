import AnimModel
import AnimRender
import AnimWriters

extension Simulation {
  /// `frame` (one of this run's) drawn at `scale` pixels per point: the picture
  /// `animc render FILE --frame N --scale S -o OUT.png` draws, premultiplied.
  public func picture(of frame: Frame, scale: Double = 1) throws(PictureError) -> RGBAImage {
    let bitmap = try bitmap(of: frame, scale: scale)
    return RGBAImage(width: bitmap.width, height: bitmap.height, scale: scale, straight: bitmap.pixels)
  }

  /// `frame` (one of this run's) as a PNG file's bytes at `scale` pixels per point: the
  /// file `animc render FILE --frame N --scale S -o OUT.png` writes.
  public func png(of frame: Frame, scale: Double = 1) throws -> [UInt8] {
    try PNGEncoder.encode(bitmap(of: frame, scale: scale))
  }

  /// The picture as the PNG writers draw it (straight alpha), the canvas × `scale`
  /// rounded to whole pixels, 1…16384 each way as for `animc render`.
  private func bitmap(of frame: Frame, scale: Double) throws(PictureError) -> Bitmap {
    let header = header(frames: 1)
    let size = (header.width * scale).rounded()
    let other = (header.height * scale).rounded()
    // Checked as Doubles: a NaN or a size past Int's range must not reach the conversion.
    let pixels: ClosedRange<Double> = 1...16384
    guard scale.isFinite, scale > 0, pixels.contains(size), pixels.contains(other) else {
      throw PictureError(
        description: "the picture must be 1…16384 pixels each way; scale \(scale) makes \(size)×\(other)")
    }
    return PictureOptions(width: Int(size), height: Int(other)).bitmap(of: frame, header)
  }
}
