import Testing

@testable import AnimRender

/// What Pillow saw in one GIF: metadata and every frame composited to RGB.
struct DecodedGIF {
  var width: Int
  var height: Int
  var frames: Int
  var loop: Int
  var durations: [Int]
  var rgb: [[UInt8]]
}

func decodeWithPillow(_ gifs: [[UInt8]]) throws -> [DecodedGIF] {
  let script = """
    import sys
    from PIL import Image
    out = open(sys.argv[1], 'wb')
    for path in sys.argv[2:]:
        im = Image.open(path)
        durations = []
        frames = []
        for n in range(im.n_frames):
            im.seek(n)
            durations.append(im.info.get('duration', -1))
            frames.append(im.convert('RGB').tobytes())
        print(im.format, im.size[0], im.size[1], im.n_frames, im.info.get('loop', -1),
              ','.join(str(d) for d in durations))
        for f in frames:
            out.write(f)
    """
  let result = try PythonDecoder.run(script, inputs: gifs)
  var decoded: [DecodedGIF] = []
  var offset = 0
  for line in result.stdout.split(separator: "\n") {
    let f = line.split(separator: " ").map(String.init)
    guard f.count == 6, f[0] == "GIF", let w = Int(f[1]), let h = Int(f[2]), let n = Int(f[3]),
      let loop = Int(f[4])
    else { throw PythonDecoder.Failure(description: "unexpected Pillow output: \(line)") }
    var frames: [[UInt8]] = []
    for _ in 0..<n {
      frames.append(Array(result.bytes[offset..<(offset + w * h * 3)]))
      offset += w * h * 3
    }
    let durations = f[5].split(separator: ",").compactMap { Int($0) }
    decoded.append(
      DecodedGIF(width: w, height: h, frames: n, loop: loop, durations: durations, rgb: frames))
  }
  #expect(decoded.count == gifs.count)
  return decoded
}

/// `bitmap` composited over `background` as RGB, the colours a GIF frame should show.
func expectedRGB(_ bitmap: Bitmap, background: (UInt8, UInt8, UInt8) = (0, 0, 0))
  -> [UInt8]
{
  var rgb: [UInt8] = []
  rgb.reserveCapacity(bitmap.width * bitmap.height * 3)
  let bg = [background.0, background.1, background.2]
  for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
    let a = Double(bitmap.pixels[i + 3]) / 255
    for c in 0..<3 {
      let v = Double(bitmap.pixels[i + c]) * a + Double(bg[c]) * (1 - a)
      rgb.append(UInt8(v.rounded()))
    }
  }
  return rgb
}

/// Largest and mean absolute channel difference.
private func difference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, mean: Double) {
  guard a.count == b.count, !a.isEmpty else { return (Int.max, .infinity) }
  var worst = 0
  var total = 0
  for i in a.indices {
    let d = abs(Int(a[i]) - Int(b[i]))
    worst = max(worst, d)
    total += d
  }
  return (worst, Double(total) / Double(a.count))
}

@Suite struct GIFEncoderTests {
  @Test(arguments: [(60.0, 60), (60.0, 7), (30.0, 45), (24.0, 50), (7.0, 3), (1000.0, 25)])
  func pillowSeesSizeFramesLoopAndDuration(fps: Double, count: Int) throws {
    let frames = (0..<count).map {
      TestImages.heart(width: 48, height: 40, background: (0, 0, 0, 255), phase: Double($0) / 9)
    }
    let gif = try GIFEncoder.encode(frames, fps: fps)
    let decoded = try #require(try decodeWithPillow([gif]).first)
    #expect(decoded.width == 48 && decoded.height == 40)
    // A run of equal frames is one image with the run's summed delay.
    let runs = 1 + (1..<count).filter { frames[$0].pixels != frames[$0 - 1].pixels }.count
    #expect(decoded.frames == runs)
    #expect(decoded.loop == 0)
    #expect(decoded.durations.count == runs)
    let total = Double(decoded.durations.reduce(0, +))
    #expect(abs(total - Double(count) / fps * 1000) <= 10, "\(decoded.durations)")
  }

  @Test func heartColoursSurviveQuantization() throws {
    // Moving heart frames, with and without the changed-region optimisation and dithering.
    let frames = (0..<6).map {
      TestImages.heart(width: 320, height: 240, background: (0, 0, 0, 255), phase: Double($0))
    }
    // Over 256 colours, so the median-cut path (not the exact one) is what is checked.
    var colours = Set<UInt32>()
    for i in stride(from: 0, to: frames[0].pixels.count, by: 4) {
      let p = frames[0].pixels
      colours.insert(UInt32(p[i]) << 16 | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2]))
    }
    #expect(colours.count > 256)
    let variants = [
      GIFOptions(), GIFOptions(onlyChangedRegion: false), GIFOptions(dither: true),
    ]
    let gifs = try variants.map { try GIFEncoder.encode(frames, fps: 30, options: $0) }
    let decoded = try decodeWithPillow(gifs)
    for (v, gif) in decoded.enumerated() {
      #expect(gif.frames == frames.count)
      for (i, frame) in frames.enumerated() where i < gif.rgb.count {
        let d = difference(gif.rgb[i], expectedRGB(frame))
        let limit = variants[v].dither ? 24 : 12
        #expect(d.max <= limit && d.mean < 1.5, "variant \(v) frame \(i): \(d)")
      }
    }
    // Black stays exactly black: the background must not drift.
    #expect(decoded[0].rgb[0][0..<3] == [0, 0, 0])
  }

  @Test func manyColoursUseMedianCut() throws {
    // A full hue/brightness sweep (far over 256 colours): error stays moderate.
    var image = Bitmap(width: 128, height: 96)
    for y in 0..<96 {
      for x in 0..<128 {
        let i = (y * 128 + x) * 4
        image.pixels[i] = UInt8(x * 2)
        image.pixels[i + 1] = UInt8(y * 255 / 95)
        image.pixels[i + 2] = UInt8((x + y) & 0xFF)
        image.pixels[i + 3] = 255
      }
    }
    let gif = try GIFEncoder.encode([image], fps: 10)
    let decoded = try #require(try decodeWithPillow([gif]).first)
    let d = difference(decoded.rgb[0], expectedRGB(image))
    #expect(d.max <= 40 && d.mean < 6, "\(d)")
  }

  @Test func exactPalettesAndLZWTableResets() throws {
    // Exactly 256 colours in noise: the exact path, and thousands of LZW clears.
    var r = TestRandom(state: 5)
    let colours = (0..<256).map { _ in (r.bytes(3)) }
    var noise = Bitmap(width: 301, height: 203)
    for p in 0..<(301 * 203) {
      let c = colours[p < 256 ? p : r.below(256)]
      noise.pixels[p * 4] = c[0]
      noise.pixels[p * 4 + 1] = c[1]
      noise.pixels[p * 4 + 2] = c[2]
      noise.pixels[p * 4 + 3] = 255
    }
    let tiny = Bitmap(width: 1, height: 1, fill: (255, 45, 85, 255))
    var twoColours = Bitmap(width: 37, height: 29, fill: (0, 0, 0, 255))
    for i in stride(from: 0, to: twoColours.pixels.count, by: 12) { twoColours.pixels[i] = 255 }
    var translucent = Bitmap(width: 8, height: 8, fill: (255, 45, 85, 128))
    translucent.pixels[3] = 0
    let background: (UInt8, UInt8, UInt8) = (10, 20, 200)
    let images = [noise, tiny, twoColours, translucent]
    let gifs = try images.map {
      try GIFEncoder.encode([$0], fps: 60, options: GIFOptions(background: background))
    }
    let decoded = try decodeWithPillow(gifs)
    for (i, image) in images.enumerated() {
      #expect(decoded[i].rgb.first == expectedRGB(image, background: background), "image \(i)")
    }
  }

  @Test func equalFramesAreOneImageWithTheirDelaysSummed() throws {
    let still = TestImages.heart(width: 64, height: 64, background: (0, 0, 0, 255))
    var writer = try GIFWriter(width: 64, height: 64, fps: 25)
    var bytes: [UInt8] = []
    for _ in 0..<10 {
      try writer.add(still)
      bytes += writer.takeBytes()
    }
    bytes += try writer.finish()
    let decoded = try #require(try decodeWithPillow([bytes]).first)
    // Ten frames of 4 cs at 25 fps: one image shown for 400 ms.
    #expect(decoded.frames == 1)
    #expect(decoded.durations == [400])
    let single = try GIFEncoder.encode([still], fps: 25)
    #expect(bytes.count == single.count)
  }

  @Test func clockCarriesRounding() throws {
    var clock = try GIFFrameClock(fps: 60)
    let delays = (0..<120).map { _ in clock.nextDelay() }
    #expect(delays.reduce(0, +) == 200)
    #expect(Set(delays) == [1, 2])
    var thirty = try GIFFrameClock(fps: 30)
    #expect((0..<30).map { _ in thirty.nextDelay() }.reduce(0, +) == 100)
    for bad in [0.0, -1, .nan, .infinity, 0.001] {
      let thrown = #expect(throws: EncodeError.self) { try GIFFrameClock(fps: bad) }
      guard case .invalidFrameRate = thrown else {
        Issue.record("fps \(bad): \(String(describing: thrown))")
        continue
      }
    }
  }

  @Test func refusesBadInputWithoutTrapping() throws {
    #expect(throws: EncodeError.emptyImage(width: 0, height: 0)) {
      try GIFWriter(width: 0, height: 0, fps: 30)
    }
    #expect(throws: EncodeError.imageTooLarge(width: 70_000, height: 1, limit: 65535)) {
      try GIFWriter(width: 70_000, height: 1, fps: 30)
    }
    #expect(throws: (any Error).self) { try GIFWriter(width: Int.max, height: Int.max, fps: 30) }
    #expect(throws: EncodeError.noFrames) { try GIFEncoder.encode([], fps: 30) }
    var writer = try GIFWriter(width: 4, height: 4, fps: 30)
    #expect(throws: EncodeError.noFrames) { try writer.finish() }
    #expect(
      throws: EncodeError.frameSizeMismatch(
        expectedWidth: 4, expectedHeight: 4, width: 5, height: 4)
    ) {
      try writer.add(Bitmap(width: 5, height: 4))
    }
    try writer.add(Bitmap(width: 4, height: 4))
    _ = try writer.finish()
    #expect(throws: EncodeError.alreadyFinished) { try writer.add(Bitmap(width: 4, height: 4)) }
  }
}
