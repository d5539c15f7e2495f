/// One-call GIF encoding of a whole frame sequence.
package enum GIFEncoder {
  /// The complete animated GIF for `frames`, all the same size, played at `fps`.
  package static func encode(_ frames: [Bitmap], fps: Double, options: GIFOptions = GIFOptions())
    throws(EncodeError) -> [UInt8]
  {
    guard let first = frames.first else { throw .noFrames }
    var writer = try GIFWriter(
      width: first.width, height: first.height, fps: fps, options: options)
    var bytes: [UInt8] = []
    for frame in frames {
      try writer.add(frame)
      bytes += writer.takeBytes()
    }
    bytes += try writer.finish()
    return bytes
  }
}
