import AnimImage
import AnimRender

/// Why a folder of PNGs could not be joined into an APNG: one line, exit 2.
package struct FrameFolderError: Error, CustomStringConvertible {
  package let description: String
}

/// An APNG made from a folder of the run's PNGs (`render -o OUT.apng --from DIR/`), named
/// as `PNGSequenceWriter` names them: frames 0 ..< `frames`, in order, each decoded and
/// added to `APNGWriter` as `APNGFileWriter` adds the frames it draws.
///
/// APNG cannot be cut into slices that join without re-encoding: each frame is stored as
/// its change from the frame before, identical neighbours are merged, and the frame count
/// leads the file. So a long run is drawn in slices as PNG folders (`--frames A..B`), on
/// as many processes or machines as wanted, and joined here. A PNG decodes to exactly the
/// RGBA bytes that were encoded, so the joined file is byte for byte the one
/// `render -o OUT.apng` writes of the same run.
package enum APNGFolderJoin {
  /// The frames are animc's own renders, already within its picture limits
  /// (`MemoryBudget`): the decoder's limits are those of a 16384 × 16384 picture.
  static let limits = ImageLimits(
    maxSide: 16384, maxRGBABytes: 1 << 32, maxFileBytes: 1 << 32, maxDecompressedBytes: 1 << 33)

  /// Writes the APNG of `frames` frames at `fps` from `folder` to `sink`; `options` gives
  /// the picture's size (every PNG must have it) and how many times it plays.
  package static func join(
    folder: String, frames: Int, fps: Double, options: PictureOptions, to sink: ByteSink
  ) throws {
    var encoder = try APNGWriter(width: options.width, height: options.height, fps: fps, plays: options.plays)
    let digits = PNGSequenceWriter.digits(runFrames: frames)
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    for n in 0..<frames {
      let path = prefix + PNGSequenceWriter.name(n, digits: digits)
      let image: DecodedImage
      do { image = try PNGFile.decode(atPath: path, limits: limits) } catch {
        throw FrameFolderError(
          description: "cannot join `\(path)`: \(error.description) (the run has frames 0…\(frames - 1))")
      }
      guard image.width == options.width, image.height == options.height, case .rgba8(let pixels) = image.samples
      else {
        throw FrameFolderError(
          description:
            "`\(path)` is not an 8-bit \(options.width)×\(options.height) frame of this render: give the size options the slices were rendered with"
        )
      }
      try encoder.add(Bitmap(width: image.width, height: image.height, pixels: pixels))
    }
    guard let bytes = encoder.finish() else { throw EncodeError.noFrames }
    try sink.write(bytes)
  }
}
