/// A streaming animated GIF89a encoder: frames go in one at a time and encoded bytes
/// accumulate until taken. A caller that writes `takeBytes()` out after the header and
/// after every `add` (as `GIFFileWriter` does) holds at most one frame's bytes once the
/// file has passed `holdLimit`: memory is the picture's working buffers, whatever the
/// number of frames.
///
/// Each frame has up to 256 colours, exact when it has no more, and a delay from
/// `GIFFrameClock`. The first frame's colours are the header's table
/// (`GIFGlobalPalette`), or, in a small file, every frame's colours
/// (`GIFWriter+Header`); a frame indexes that table or carries its own, whichever is
/// smaller. The header is held back until that table is chosen.
package struct GIFWriter {
  /// Largest side GIF's 16-bit fields allow.
  package static let maxSide = 65535
  /// Largest pixel count accepted, bounding the per-frame working memory.
  package static let maxPixels = 1 << 28

  package let width: Int
  package let height: Int
  package let options: GIFOptions
  /// Frames added so far.
  package var frameCount: Int { clock.frames }

  private var clock: GIFFrameClock
  var output: [UInt8] = []
  private var finished = false
  /// The frames written while the file is still small enough to hold back whole, with
  /// what `commitHeader` needs to rewrite them against one table of all their colours;
  /// nil once the header has gone out.
  var held: [GIFHeldFrame]? = []
  /// The held frames' pixel count, kept as they are held (not re-summed per frame).
  var heldPixels = 0
  /// The previous and current frames composited to packed RGB.
  var previous: [UInt32] = []
  var current: [UInt32] = []
  private var region: [UInt32] = []
  private var indices: [UInt8] = []
  /// A changed-region frame's indices with each unchanged pixel as its on-screen colour.
  private var colorIndices: [UInt8] = []
  /// The frame's encoded image data, and the other candidate's.
  private var imageData: [UInt8] = []
  private var scratch: [UInt8] = []
  /// The frame's indices into the header's table, and their encoding.
  private var globalIndices: [UInt8] = []
  private var globalData: [UInt8] = []
  /// The header's table, chosen by the first frame; none for a transparent GIF (whose
  /// frames are disposed to transparent, which decoders do reliably only with a local
  /// table's transparent entry).
  var global: GIFGlobalPalette?
  /// What a decoder shows after the frames written so far, packed RGB: the colours of
  /// the table entries written, which differ from `previous` where a frame's colours
  /// were reduced to 256. Kept when frames are disposed in place (no `transparency`).
  private var screen: [UInt32] = []
  private var quantizer = ColorQuantizer()
  var lzw = GIFLZW()
  /// Where the last frame's bytes begin in `output`: held back from `takeBytes`, so that
  /// the frames after it that equal it can add their delays to its own.
  var lastFrameStart: Int?
  /// Where the last frame's 16-bit delay sits in `output`, and its value.
  var lastDelayAt = 0
  private var lastDelay = 0
  /// Frames written to the file: runs of equal frames count once.
  package private(set) var writtenFrames = 0

  /// Starts an animation and writes its header. Fails for sizes GIF cannot hold and for
  /// invalid frame rates.
  package init(width: Int, height: Int, fps: Double, options: GIFOptions = GIFOptions())
    throws(EncodeError)
  {
    try EncodeError.validateSize(
      width: width, height: height, maxSide: GIFWriter.maxSide, maxPixels: GIFWriter.maxPixels)
    self.width = width
    self.height = height
    self.options = options
    self.clock = try GIFFrameClock(fps: fps)
    output.append(contentsOf: Array("GIF89a".utf8))
    appendLE16(width)
    appendLE16(height)
    // No global colour table until the first frame gives one (`headerPackedFieldAt`);
    // background index 0; square pixels.
    output.append(contentsOf: [0x00, 0x00, 0x00])
    // NETSCAPE2.0 application extension: sub-block 1 holds the repeat count (0: forever).
    // A GIF that plays once has none.
    guard options.plays != 1 else { return }
    output.append(contentsOf: [0x21, 0xFF, 0x0B])
    output.append(contentsOf: Array("NETSCAPE2.0".utf8))
    output.append(contentsOf: [0x03, 0x01])
    appendLE16(options.plays == 0 ? 0 : options.plays - 1)
    output.append(0x00)
  }

  /// Where the logical screen descriptor's packed byte sits; the global table follows
  /// that descriptor, at `headerPackedFieldAt + 3`.
  static let headerPackedFieldAt = 10

  private mutating func appendLE16(_ value: Int) {
    output.append(UInt8(truncatingIfNeeded: value))
    output.append(UInt8(truncatingIfNeeded: value >> 8))
  }

  /// Encodes one frame (same size as the animation).
  package mutating func add(_ frame: Bitmap) throws(EncodeError) {
    guard !finished else { throw .alreadyFinished }
    guard frame.width == width, frame.height == height else {
      throw .frameSizeMismatch(
        expectedWidth: width, expectedHeight: height, width: frame.width, height: frame.height)
    }
    try EncodeError.validate(frame, maxSide: GIFWriter.maxSide, maxPixels: GIFWriter.maxPixels)
    composite(frame)
    let first = previous.isEmpty
    // A frame equal to the one before shows nothing new: the one before shows longer
    // (a run of equal frames is one image with the summed delay).
    if !first, current == previous, lastFrameStart != nil {
      let delay = clock.nextDelay()
      if lastDelay + delay <= 65535 {
        lastDelay += delay
        output[lastDelayAt] = UInt8(truncatingIfNeeded: lastDelay)
        output[lastDelayAt + 1] = UInt8(truncatingIfNeeded: lastDelay >> 8)
        return
      }
      clock.rewind()
    }
    let skipUnchanged = options.onlyChangedRegion && !options.transparency && !first
    let rect =
      skipUnchanged
      ? changedRect()
      : options.transparency && !first ? visibleRect() : (x: 0, y: 0, width: width, height: height)
    var skipped = 0
    region.removeAll(keepingCapacity: true)
    region.reserveCapacity(rect.width * rect.height)
    for y in rect.y..<(rect.y + rect.height) {
      let row = y * width
      for x in rect.x..<(rect.x + rect.width) {
        let color = current[row + x]
        if skipUnchanged && color == previous[row + x] {
          region.append(ColorQuantizer.skip)
          skipped += 1
        } else {
          region.append(color)
          if color == ColorQuantizer.skip { skipped += 1 }  // a transparent pixel
        }
      }
    }
    // With `transparency` every frame says which index is transparent, even when none of
    // its pixels is: decoders dispose a frame to its transparent colour, not to the
    // screen's background colour, only when it has one.
    let hasTransparent = skipped > 0 || options.transparency
    let maxColors = hasTransparent ? 255 : 256
    if indices.count != region.count {  // the quantizer overwrites every entry
      indices = [UInt8](repeating: 0, count: region.count)
    }
    let palette = quantizer.quantize(
      region, width: rect.width, origin: (rect.x, rect.y), maxColors: maxColors, dither: options.dither,
      into: &indices)
    // The quantizer gives skipped pixels index 255; move it next to a short palette so
    // the colour table can stay small.
    let transparentIndex = palette.count
    if skipped > 0 && transparentIndex < 255 {
      for i in indices.indices where indices[i] == 255 { indices[i] = UInt8(transparentIndex) }
    }
    var bits = 1
    while 1 << bits < palette.count + (hasTransparent ? 1 : 0) { bits += 1 }
    let minCodeSize = max(2, bits)
    let transparent = hasTransparent ? transparentIndex : nil
    // With a transparent entry, a pixel that shows what the screen already shows may be
    // written either way (`encode`).
    let eitherWay = skipUnchanged && transparent != nil
    if first && !options.transparency {
      let table = GIFGlobalPalette(firstFrame: palette)
      global = table
      output[Self.headerPackedFieldAt] = table.packedField
      output.insert(contentsOf: table.bytes, at: Self.headerPackedFieldAt + 3)
      imageData.removeAll(keepingCapacity: true)
      lzw.encode(indices, minCodeSize: max(2, table.bits), to: &imageData)
      writeFrame(rect: rect, localTable: nil, transparent: transparent)
      if held != nil {
        var local: [UInt8] = []
        lzw.encode(indices, minCodeSize: minCodeSize, to: &local)
        hold(indices, palette: palette, transparent: transparent, localData: local)
      }
      screen = [UInt32](repeating: 0, count: width * height)
      updateScreen(indices, rect: rect, table: palette, transparent: transparent)
    } else {
      // The buffers are taken out while `encode` (which uses other buffers) fills them.
      var data = take(&imageData)
      encode(
        indices, rect: rect, table: palette, transparent: transparent, eitherWay: eitherWay,
        minCodeSize: minCodeSize, into: &data)
      imageData = data
      let localData = held == nil ? [] : imageData
      var mapped = take(&globalIndices)
      var globalTransparent: Int? = nil
      if let global, let map = global.indexMap(for: palette, transparent: transparent) {
        for index in indices { mapped.append(map[Int(index)]) }
        globalTransparent = transparent.flatMap { _ in global.transparentIndex }
        var data = take(&globalData)
        encode(
          mapped, rect: rect, table: global.colors, transparent: globalTransparent, eitherWay: eitherWay,
          minCodeSize: max(2, global.bits), into: &data)
        globalData = data
      }
      if let global, !mapped.isEmpty, globalData.count < imageData.count + 3 << bits {
        swap(&imageData, &globalData)
        writeFrame(rect: rect, localTable: nil, transparent: globalTransparent)
        if !screen.isEmpty {
          updateScreen(mapped, rect: rect, table: global.colors, transparent: globalTransparent)
        }
      } else {
        writeFrame(rect: rect, localTable: palette, transparent: transparent)
        if !screen.isEmpty { updateScreen(indices, rect: rect, table: palette, transparent: transparent) }
      }
      globalIndices = mapped
      if held != nil { hold(indices, palette: palette, transparent: transparent, localData: localData) }
    }
    swap(&previous, &current)
  }

  /// Finishes the animation and returns every byte not yet taken. Fails if no frame was
  /// added (a GIF needs at least one image) or the animation was already finished.
  package mutating func finish() throws(EncodeError) -> [UInt8] {
    guard !finished else { throw .alreadyFinished }
    guard frameCount > 0 else { throw .noFrames }
    finished = true
    if held != nil { commitHeader() }
    output.append(0x3B)
    return takeBytes()
  }

  /// Returns the bytes encoded since the last call, for writing out as they come: all
  /// but the last frame's, which a run of equal frames after it may still lengthen
  /// (`finish` returns them).
  package mutating func takeBytes() -> [UInt8] {
    // The header waits for the first frame, which chooses its colour table, and while
    // the file is small, for the frames after it (`commitHeader`).
    if lastFrameStart == nil && !finished { return [] }
    if held != nil {
      if !finished && output.count < Self.holdLimit { return [] }
      commitHeader()
    }
    guard let start = lastFrameStart, !finished else {
      let bytes = output
      output = []
      return bytes
    }
    let bytes = Array(output[..<start])
    output.removeFirst(start)
    lastDelayAt -= start
    lastFrameStart = 0
    return bytes
  }

  /// Appends the frame with `imageData`, and its own colour table `localTable` or none
  /// (the header's).
  private mutating func writeFrame(
    rect: (x: Int, y: Int, width: Int, height: Int), localTable palette: [UInt32]?, transparent: Int?
  ) {
    // Graphic Control Extension: disposal 1 (leave in place, so the next frame's
    // transparent pixels show this one), or with `transparency` 2 (cleared to
    // transparent, so the next frame is drawn on a clear screen); transparency flag;
    // delay.
    lastFrameStart = output.count
    writtenFrames += 1
    output.append(contentsOf: [0x21, 0xF9, 0x04])
    let disposal: UInt8 = options.transparency ? 2 : 1
    output.append(disposal << 2 | (transparent == nil ? 0 : 1))
    lastDelayAt = output.count
    lastDelay = clock.nextDelay()
    appendLE16(lastDelay)
    output.append(UInt8(truncatingIfNeeded: transparent ?? 0))
    output.append(0x00)
    // Image descriptor, with a local colour table of 2^bits entries or none.
    output.append(0x2C)
    appendLE16(rect.x)
    appendLE16(rect.y)
    appendLE16(rect.width)
    appendLE16(rect.height)
    guard let palette else {
      output.append(0x00)
      output.append(contentsOf: imageData)
      return
    }
    Self.appendLocalTable(palette, transparent: transparent, to: &output)
    output.append(contentsOf: imageData)
  }

  /// Appends the image descriptor's packed byte for a local table of `palette` (and a
  /// transparent entry after it, if any) and the table, padded to a power of two.
  static func appendLocalTable(_ palette: [UInt32], transparent: Int?, to out: inout [UInt8]) {
    let entries = palette.count + (transparent == nil ? 0 : 1)
    var bits = 1
    while 1 << bits < entries { bits += 1 }
    out.append(UInt8(0x80 | (bits - 1)))
    for color in palette {
      out.append(UInt8(color >> 16))
      out.append(UInt8((color >> 8) & 0xFF))
      out.append(UInt8(color & 0xFF))
    }
    out.append(contentsOf: repeatElement(0, count: ((1 << bits) - palette.count) * 3))
  }

  /// A buffer's storage, emptied, leaving an empty array in its place.
  private func take(_ buffer: inout [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    swap(&out, &buffer)
    out.removeAll(keepingCapacity: true)
    return out
  }

  /// Appends the image data for `indices` into `table` (whose `transparent` entry, if
  /// any, shows the screen).
  ///
  /// With `eitherWay`, every pixel that shows what the screen already shows may be
  /// written either as transparent or as that colour, when the table has it: both
  /// decode to the same picture. Encoded twice, once starting new strings on
  /// transparent and once on the colour, each extending strings by the other too; the
  /// shorter is kept.
  private mutating func encode(
    _ indices: [UInt8], rect: (x: Int, y: Int, width: Int, height: Int), table: [UInt32], transparent: Int?,
    eitherWay: Bool, minCodeSize: Int, into out: inout [UInt8]
  ) {
    guard eitherWay, let transparent, !screen.isEmpty else {
      lzw.encode(indices, minCodeSize: minCodeSize, to: &out)
      return
    }
    var slot: [UInt32: UInt8] = [:]
    slot.reserveCapacity(table.count)
    for (i, color) in table.enumerated() where slot[color] == nil { slot[color] = UInt8(i) }
    let clear = UInt8(transparent)
    colorIndices.removeAll(keepingCapacity: true)
    colorIndices.reserveCapacity(indices.count)
    var i = 0
    for y in rect.y..<(rect.y + rect.height) {
      let row = y * width
      for x in rect.x..<(rect.x + rect.width) {
        let index = indices[i]
        let shown = screen[row + x]
        if index == clear {
          colorIndices.append(slot[shown] ?? clear)
        } else {
          colorIndices.append(table[Int(index)] == shown ? clear : index)
        }
        i += 1
      }
    }
    let start = out.count
    lzw.encode(indices, alternates: colorIndices, minCodeSize: minCodeSize, to: &out)
    scratch.removeAll(keepingCapacity: true)
    lzw.encode(colorIndices, alternates: indices, minCodeSize: minCodeSize, to: &scratch)
    if scratch.count < out.count - start {
      out.removeSubrange(start...)
      out.append(contentsOf: scratch)
    }
  }

  /// The screen after a frame drawn in place: its pixels' table colours, except where
  /// transparent.
  private mutating func updateScreen(
    _ indices: [UInt8], rect: (x: Int, y: Int, width: Int, height: Int), table: [UInt32], transparent: Int?
  ) {
    let clear = transparent ?? -1
    var i = 0
    for y in rect.y..<(rect.y + rect.height) {
      let row = y * width
      for x in rect.x..<(rect.x + rect.width) {
        let index = Int(indices[i])
        if index != clear { screen[row + x] = table[index] }
        i += 1
      }
    }
  }
}
