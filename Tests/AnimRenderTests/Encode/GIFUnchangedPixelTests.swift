import Testing

@testable import AnimRender

/// A changed-region frame may write each unchanged pixel as transparent or as its own
/// colour (`GIFWriter.onlyChangedRegion`): whichever it picks, Pillow must see the same
/// pixels as before — the input itself when every frame keeps its colours, and the
/// previous decoded frame wherever a pixel did not change when one did not.
@Suite struct GIFUnchangedPixelTests {
  /// Stripes of three colours with a band of a fourth moving across them, `shift`
  /// pixels along: every row changes, and most pixels inside the changed box do not.
  static func stripes(_ shift: Int, side: Int = 48) -> Bitmap {
    let colours: [(UInt8, UInt8, UInt8)] = [(250, 40, 40), (40, 200, 40), (30, 30, 220), (240, 240, 20)]
    var b = Bitmap(width: side, height: side)
    for y in 0..<side {
      for x in 0..<side {
        let c = (x + y + shift) % 16 < 4 ? colours[3] : colours[y % 3]
        let p = (y * side + x) * 4
        b.pixels[p] = c.0
        b.pixels[p + 1] = c.1
        b.pixels[p + 2] = c.2
        b.pixels[p + 3] = 255
      }
    }
    return b
  }

  @Test func framesWithFewColoursDecodeToTheirInput() throws {
    let frames = (0..<6).map { Self.stripes(2 * $0) }
    let gif = try GIFEncoder.encode(frames, fps: 10)
    let decoded = try #require(try decodeWithPillow([gif]).first)
    #expect(decoded.frames == frames.count)
    for (i, frame) in frames.enumerated() where i < decoded.rgb.count {
      #expect(decoded.rgb[i] == expectedRGB(frame), "frame \(i)")
    }
  }

  @Test func afterAQuantizedFrameUnchangedPixelsKeepWhatWasShown() throws {
    // 64 × 64 noise of 1000 colours: median cut, so the screen shows approximations.
    let side = 64
    var r = TestRandom(state: 31)
    let colours = (0..<1000).map { _ in r.bytes(3) }
    var noise = Bitmap(width: side, height: side)
    for p in 0..<(side * side) {
      // Every 37th pixel is colour 0 or 1, which the next frame paints with.
      let c = p % 37 == 0 ? colours[(p / 37) % 2] : colours[r.below(colours.count)]
      noise.pixels[p * 4] = c[0]
      noise.pixels[p * 4 + 1] = c[1]
      noise.pixels[p * 4 + 2] = c[2]
      noise.pixels[p * 4 + 3] = 255
    }
    // Two corners painted with colours the noise has elsewhere: the changed box spans the
    // frame, its palette holds those colours exactly, and the unchanged noise pixels of
    // those colours must still show the approximation already on screen.
    var next = noise
    let painted = [(0, 0), (side - 4, side - 4)]
    for (k, (x0, y0)) in painted.enumerated() {
      for y in y0..<(y0 + 4) {
        for x in x0..<(x0 + 4) {
          for c in 0..<3 { next.pixels[(y * side + x) * 4 + c] = colours[k][c] }
        }
      }
    }
    let gif = try GIFEncoder.encode([noise, next], fps: 10)
    let decoded = try #require(try decodeWithPillow([gif]).first)
    try #require(decoded.rgb.count == 2)
    var unchangedDiffer = 0
    for p in 0..<(side * side) {
      let x = p % side
      let y = p / side
      let inCorner = painted.contains { x >= $0.0 && x < $0.0 + 4 && y >= $0.1 && y < $0.1 + 4 }
      guard !inCorner else { continue }
      if decoded.rgb[1][p * 3..<(p * 3 + 3)] != decoded.rgb[0][p * 3..<(p * 3 + 3)] { unchangedDiffer += 1 }
    }
    #expect(unchangedDiffer == 0)
  }

  /// The first frame's colours become the header's table; frames using only those
  /// colours then carry no table of their own (GIF89a: the image descriptor's bit 7 is
  /// clear), and still decode to their input.
  @Test func framesWithTheFirstFramesColoursUseTheHeadersTable() throws {
    let frames = (0..<6).map { Self.stripes(2 * $0) }
    let gif = try GIFEncoder.encode(frames, fps: 10)
    #expect(gif[10] & 0x80 != 0, "the logical screen descriptor announces a global table")
    let tables = Self.localTableFlags(gif)
    #expect(tables == [false, false, false, false, false, false])
    let decoded = try #require(try decodeWithPillow([gif]).first)
    for (i, frame) in frames.enumerated() where i < decoded.rgb.count {
      #expect(decoded.rgb[i] == expectedRGB(frame), "frame \(i)")
    }
  }

  /// Whether each image has a local colour table, walking GIF89a's blocks.
  static func localTableFlags(_ gif: [UInt8]) -> [Bool] {
    var i = 13
    if gif[10] & 0x80 != 0 { i += 3 << (Int(gif[10] & 7) + 1) }
    var flags: [Bool] = []
    func skipSubBlocks() {
      while i < gif.count, gif[i] != 0 { i += Int(gif[i]) + 1 }
      i += 1
    }
    while i < gif.count {
      switch gif[i] {
      case 0x21:
        i += 2
        skipSubBlocks()
      case 0x2C:
        let packed = gif[i + 9]
        flags.append(packed & 0x80 != 0)
        i += 10
        if packed & 0x80 != 0 { i += 3 << (Int(packed & 7) + 1) }
        i += 1
        skipSubBlocks()
      default: return flags
      }
    }
    return flags
  }
}
