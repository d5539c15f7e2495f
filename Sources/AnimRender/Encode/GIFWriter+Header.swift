/// The choice of the header's colour table for a small GIF.
///
/// A streaming writer must send the header, and so its global table, before it has seen
/// the frames that table would serve. While the file stays small (`holdLimit`) nothing
/// is sent: the frames are kept with their indices, and when the file outgrows the
/// limit or ends, one table of every colour they use is tried as the header's (as
/// gifsicle builds one table from every frame's colours). Each frame then indexes it or
/// keeps its own table, whichever is smaller; the rewrite is kept only when the whole
/// is smaller than the file as first written, so no file grows.
extension GIFWriter {
  /// The most bytes held back for the choice; a file under it is written at its end.
  static let holdLimit = 64 << 10
  /// The most pixels held back for the choice: bounds the held indices' memory.
  static let holdPixelLimit = 1 << 22

  /// Keeps a frame just written (at `lastFrameStart`) for `commitHeader`, or commits
  /// at once when the held pixels would pass `holdPixelLimit`.
  mutating func hold(_ indices: [UInt8], palette: [UInt32], transparent: Int?, localData: [UInt8]) {
    guard var frames = held, let start = lastFrameStart else { return }
    held = nil  // no copy of the array while it grows
    frames.append(
      GIFHeldFrame(start: start, indices: indices, palette: palette, transparent: transparent, localData: localData))
    held = frames
    heldPixels += indices.count
    if heldPixels > Self.holdPixelLimit { commitHeader() }
  }

  /// Ends the holding back: rewrites the held frames against one table of all their
  /// colours when that makes the file smaller, and from then on offers that table to
  /// every frame. The bytes are then free to go out.
  mutating func commitHeader() {
    guard let frames = held else { return }
    held = nil
    guard let firstStart = frames.first?.start, let lastStart = lastFrameStart else { return }
    var colors: [UInt32] = []
    var seen: Set<UInt32> = []
    for frame in frames {
      for color in frame.palette where seen.insert(color).inserted { colors.append(color) }
    }
    guard colors.count <= 256 else { return }
    let table = GIFGlobalPalette(firstFrame: colors)
    // The logical screen descriptor ends at byte 13; the table, if any, follows it, then
    // the looping extension up to the first frame.
    let headerEnd = Self.headerPackedFieldAt + 3
    let oldTable = global.map { 3 << $0.bits } ?? 0
    var out = Array(output[..<headerEnd])
    out[Self.headerPackedFieldAt] = table.packedField
    out.append(contentsOf: table.bytes)
    out.append(contentsOf: output[(headerEnd + oldTable)..<firstStart])
    var newLastStart = out.count
    var mapped: [UInt8] = []
    var data: [UInt8] = []
    var local: [UInt8] = []
    for frame in frames {
      newLastStart = out.count
      // Graphic control extension (8 bytes, transparent index at 6), then the image
      // descriptor up to its packed byte (9 bytes).
      let control = frame.start
      let descriptor = control + 8
      local.removeAll(keepingCapacity: true)
      Self.appendLocalTable(frame.palette, transparent: frame.transparent, to: &local)
      local.append(contentsOf: frame.localData)
      data.removeAll(keepingCapacity: true)
      var globalTransparent: Int? = nil
      if let map = table.indexMap(for: frame.palette, transparent: frame.transparent) {
        mapped.removeAll(keepingCapacity: true)
        for index in frame.indices { mapped.append(map[Int(index)]) }
        globalTransparent = frame.transparent.flatMap { _ in table.transparentIndex }
        data.append(0x00)  // no local table
        lzw.encode(mapped, minCodeSize: max(2, table.bits), to: &data)
      }
      let indexesTable = !data.isEmpty && data.count < local.count
      out.append(contentsOf: output[control..<descriptor])
      out[out.count - 2] = UInt8(indexesTable ? globalTransparent ?? 0 : frame.transparent ?? 0)
      out.append(contentsOf: output[descriptor..<(descriptor + 9)])
      out.append(contentsOf: indexesTable ? data : local)
    }
    guard out.count < output.count else { return }
    lastDelayAt = newLastStart + (lastDelayAt - lastStart)
    lastFrameStart = newLastStart
    output = out
    global = table
  }
}
