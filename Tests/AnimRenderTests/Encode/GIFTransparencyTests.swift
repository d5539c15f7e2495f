import Foundation
import Testing

@testable import AnimRender

/// `GIFOptions.transparency` (issue 20, item 15), decoded by Pillow: pixels with alpha
/// under 128 are transparent, the others composited on the matte; a pixel that turns
/// transparent in a later frame is transparent there (each frame is disposed).
///
/// Expected colours by hand, on the matte (0, 0, 255):
/// - (255, 0, 0, 128): red 255·128/255 = 128, blue 255·127/255 = 127.
/// - (10, 20, 30, 200): 10·200/255 = 7.84 → 8, 20·200/255 = 15.69 → 16,
///   (30·200 + 255·55)/255 = 78.53 → 79.
@Suite struct GIFTransparencyTests {
  static func bitmap(_ pixels: [[UInt8]]) -> Bitmap {
    Bitmap(width: pixels.count, height: 1, pixels: pixels.flatMap { $0 })
  }

  /// Every frame as Pillow composites it, RGBA per pixel, and the first frame's index.
  static func decode(_ gif: [UInt8]) throws -> (frames: [[[Int]]], transparency: Int?) {
    let script = """
      import json, sys
      from PIL import Image
      im = Image.open(sys.argv[2])
      frames = []
      for n in range(im.n_frames):
          im.seek(n)
          rgba = im.convert('RGBA')
          frames.append([list(rgba.getpixel((x, 0))) for x in range(im.size[0])])
      im.seek(0)
      print(json.dumps({'frames': frames, 't': im.info.get('transparency')}))
      """
    let out = try PythonDecoder.run(script, inputs: [gif])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
    let frames = try #require(json["frames"] as? [[[Int]]])
    return (frames, json["t"] as? Int)
  }

  @Test func underHalfIsTransparentTheRestIsMatted() throws {
    let first = Self.bitmap([
      [255, 0, 0, 0], [255, 0, 0, 127], [255, 0, 0, 128], [0, 255, 0, 255], [10, 20, 30, 200],
    ])
    let second = Self.bitmap([
      [255, 0, 0, 0], [255, 0, 0, 127], [255, 0, 0, 128], [0, 255, 0, 0], [10, 20, 30, 200],
    ])
    let gif = try GIFEncoder.encode(
      [first, second], fps: 10, options: GIFOptions(background: (0, 0, 255), transparency: true))
    let (frames, transparency) = try Self.decode(gif)
    #expect(transparency != nil)
    #expect(frames.count == 2)
    let matted: [[Int]] = [[128, 0, 127, 255], [0, 255, 0, 255], [8, 16, 79, 255]]
    for (n, frame) in frames.enumerated() {
      #expect(frame.count == 5)
      guard frame.count == 5 else { continue }
      #expect(frame[0][3] == 0 && frame[1][3] == 0, "frame \(n): \(frame)")
      #expect(frame[2] == matted[0] && frame[4] == matted[2], "frame \(n): \(frame)")
    }
    #expect(frames.first?[3] == matted[1])
    #expect(frames.last?[3][3] == 0, "the pixel turned transparent in frame 1: \(frames)")
  }

  /// Frames whose visible pixels move, shrink to one, vanish and come back: each shows
  /// exactly its own (alpha 255 where drawn, 0 elsewhere), nothing left from before.
  @Test func nothingIsLeftFromEarlierFrames() throws {
    let red: [UInt8] = [255, 0, 0, 255]
    let none: [UInt8] = [0, 0, 0, 0]
    let shown: [[Bool]] = [
      [true, true, true, true, true, true], [false, false, true, true, false, false],
      [false, false, false, false, false, true], [false, false, false, false, false, false],
      [true, false, false, false, false, false], [true, true, true, true, true, true],
    ]
    let frames = shown.map { row in Self.bitmap(row.map { $0 ? red : none }) }
    let gif = try GIFEncoder.encode(
      frames, fps: 10, options: GIFOptions(background: (255, 255, 255), transparency: true))
    let decoded = try Self.decode(gif).frames
    #expect(decoded.count == shown.count)
    for (n, (row, frame)) in zip(shown, decoded).enumerated() {
      #expect(frame.map { $0.last == 255 } == row, "frame \(n): \(frame)")
      #expect(frame.filter { $0.last == 255 }.allSatisfy { $0 == [255, 0, 0, 255] }, "frame \(n): \(frame)")
    }
  }

  /// Without `transparency` (the default) nothing is transparent: every pixel is
  /// composited on the background, black here, as before.
  @Test func withoutItEveryPixelIsOpaque() throws {
    let frame = Self.bitmap([[255, 0, 0, 0], [255, 0, 0, 128], [0, 255, 0, 255]])
    let gif = try GIFEncoder.encode([frame], fps: 10)
    let (frames, transparency) = try Self.decode(gif)
    #expect(transparency == nil)
    #expect(frames.first == [[0, 0, 0, 255], [128, 0, 0, 255], [0, 255, 0, 255]])
  }
}
