import Testing

@testable import AnimRender

/// A small GIF's header table is every frame's colours (`GIFWriter+Header`), so frames
/// whose colours it holds carry no table of their own. Byte offsets and counts are worked
/// out by hand from GIF89a, for two 3 × 1 frames of red, green and blue with
/// `transparency` (so each frame has a transparent entry besides its three colours):
///
/// - header: "GIF89a" (6) and the logical screen descriptor (7) = 13 bytes; its packed
///   byte (offset 10) says a global table of 4 entries (3 colours and the transparent
///   one, size field 1), colour resolution field 1: 0x80 | 1 << 4 | 1 = 0x91;
/// - the global table: 4 × 3 = 12 bytes, offsets 13..<25, the fourth entry unused (black);
/// - NETSCAPE2.0 loop extension: 3 + 11 + 5 = 19 bytes, offsets 25..<44;
/// - each frame: graphic control extension 8 bytes, image descriptor 10 (its packed byte
///   0: no local table), image data 5: minimum code size 2, one sub-block of length 2
///   (clear, three pixels at 3 bits each, then end at 4 bits, since the decoder's table
///   reaches 8 codes after the third pixel: 16 bits), terminator. 23 bytes, frames at 44
///   and 67;
/// - trailer at 90: 91 bytes in all. With a local table per frame (as before) each frame
///   would be 12 bytes longer: 103.
@Suite struct GIFHeaderTableTests {
  static let red: [UInt8] = [255, 0, 0, 255]
  static let green: [UInt8] = [0, 255, 0, 255]
  static let blue: [UInt8] = [0, 0, 255, 255]

  @Test func twoFramesOfThreeColoursShareOneHeaderTable() throws {
    let first = GIFTransparencyTests.bitmap([Self.red, Self.green, Self.blue])
    let second = GIFTransparencyTests.bitmap([Self.blue, Self.green, Self.red])
    let gif = try GIFEncoder.encode(
      [first, second], fps: 10, options: GIFOptions(background: (255, 255, 255), transparency: true))
    #expect(gif.count == 91)
    guard gif.count == 91 else { return }
    #expect(gif[10] == 0x91, "a global table of 4 entries")
    let entries = (0..<4).map { Array(gif[(13 + 3 * $0)..<(16 + 3 * $0)]) }
    #expect(Set(entries.prefix(3)) == [[255, 0, 0], [0, 255, 0], [0, 0, 255]])
    #expect(entries[3] == [0, 0, 0])
    #expect(Array(gif[25..<28]) == [0x21, 0xFF, 0x0B])
    for start in [44, 67] {
      #expect(Array(gif[start..<(start + 3)]) == [0x21, 0xF9, 0x04])
      #expect(gif[start + 3] == 0x09, "disposal 2, transparent index given")
      #expect(gif[start + 6] == 3, "the table's spare entry is the transparent one")
      #expect(gif[start + 8] == 0x2C)
      #expect(gif[start + 17] == 0x00, "no local table")
      #expect(Array(gif[(start + 18)..<(start + 20)]) == [2, 2], "code size 2, one 2-byte sub-block")
      #expect(gif[start + 22] == 0x00)
    }
    #expect(gif[90] == 0x3B)
    // Pillow sees the frames as drawn.
    let frames = try GIFTransparencyTests.decode(gif).frames
    #expect(
      frames
        == [[Self.red, Self.green, Self.blue], [Self.blue, Self.green, Self.red]].map { $0.map { $0.map(Int.init) } })
  }

  /// Past `GIFWriter.holdLimit` the file streams: frames of 300 × 300 pixels of 256
  /// colours in no order cannot be coded in under 8 bits a pixel by LZW (no string
  /// repeats often enough), so the first frame alone is over 64 KiB and goes out with the
  /// header, and every later frame sends the one before it.
  @Test func aLargeFileStreamsFrameByFrame() throws {
    let side = 300
    var state: UInt32 = 12345
    func noise() -> Bitmap {
      var pixels: [UInt8] = []
      for _ in 0..<(side * side) {
        state = state &* 1_103_515_245 &+ 12345  // a linear congruential stream
        let level = UInt8(truncatingIfNeeded: state >> 16)
        pixels += [level, level &* 3, 255 &- level, 255]
      }
      return Bitmap(width: side, height: side, pixels: pixels)
    }
    var writer = try GIFWriter(width: side, height: side, fps: 10)
    #expect(writer.takeBytes().isEmpty)
    try writer.add(noise())
    let header = writer.takeBytes()
    #expect(header.count > 13 && header.count < 2000, "the header without the first frame: \(header.count)")
    for n in 1..<3 {
      try writer.add(noise())
      #expect(writer.takeBytes().count > GIFWriter.holdLimit, "frame \(n - 1) goes out after frame \(n)")
    }
  }

  /// Held pixels are bounded as well as held bytes: two solid frames of 1449 × 1449
  /// (2,099,601 pixels each, 4,199,202 together, past `holdPixelLimit` = 2²² = 4,194,304)
  /// code to a few kilobytes, far under `holdLimit`, yet the second one ends the holding
  /// back, and the header and first frame go out.
  @Test func heldPixelsPastTheirLimitEndTheHoldingBack() throws {
    let side = 1449
    func solid(_ red: UInt8) -> Bitmap {
      Bitmap(
        width: side, height: side,
        pixels: [UInt8](repeating: 0, count: side * side * 4).enumerated().map {
          switch $0.offset % 4 {
          case 0: red
          case 3: 255
          default: 0
          }
        })
    }
    var writer = try GIFWriter(width: side, height: side, fps: 10)
    try writer.add(solid(200))
    #expect(writer.takeBytes().isEmpty, "one frame: 2,099,601 pixels are held")
    try writer.add(solid(40))
    let out = writer.takeBytes()
    #expect(out.count > 13 && out.count < GIFWriter.holdLimit, "header and first frame: \(out.count) bytes")
  }
}
