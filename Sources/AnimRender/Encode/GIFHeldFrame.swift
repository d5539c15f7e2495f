/// A frame written while `GIFWriter` still holds the whole file back: where its bytes
/// begin in the output, and what it takes to write it again against another colour
/// table (`GIFWriter.commitHeader`).
struct GIFHeldFrame {
  /// Where the frame's graphic control extension begins in the writer's output.
  let start: Int
  /// The frame's pixels as indices into `palette`, `transparent` for a clear or unchanged
  /// pixel: the picture, whichever table the frame ends up indexing.
  let indices: [UInt8]
  let palette: [UInt32]
  let transparent: Int?
  /// The frame's image data against its own table (`palette`, then `transparent`).
  let localData: [UInt8]
}
