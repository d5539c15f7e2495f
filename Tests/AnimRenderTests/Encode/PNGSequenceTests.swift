import AnimCheck
import AnimIR
import AnimModel
import AnimSim
import AnimSource
import AnimWriters
import Testing

@testable import AnimRender

/// Every PNG a reused `PNGFrameEncoder` writes, over a sequence of unlike frames, is
/// decoded twice by independent code: by Pillow, and by a decoder written here in Python
/// on CPython's zlib (chunk CRCs with `zlib.crc32`, the stream with `zlib.decompress`,
/// the filters undone from the specification). Both must give back the exact pixels.
@Suite struct PNGSequenceTests {
  /// About fifty hearts rising, translucent and stroked, like `animc-bench render`'s scene
  /// but smaller: frames of real rasterizer output.
  static let heartScene = """
    scene "Hearts" {
      size 160, 120
      background #1C1C1E
      fps 60
      duration 60s
      seed 7
    }

    emitter hearts {
      every 100ms
      origin (80, 110)
      spawn heart(14) {
        fill rgb(random(200..255), random(20..90), random(60..120))
        stroke white
        lineWidth 1
        opacity 0.85
        position trigger.position
        let drift = random(-50..50)
        animate scale from 0 to 1.2 over 0.5s timing spring(damping: 0.6, velocity: 0.8)
        animate rotation to random(-30..30) * 1deg over 5s
        animate position along cubic(trigger.position, (80 + drift, 90), (80 - drift / 2, 50), (80 + drift / 1.5, 10)) over 5s
        animate opacity to 0 over 5s timing easeIn
        remove after 5s
      }
    }

    """

  /// Frames at 1, 3, 5.5 and 5.6 s (the last two with about 50 hearts).
  static func heartFrames() throws -> [Bitmap] {
    let analysis = analyze(SourceFile(name: "hearts.anim", text: heartScene))
    let ir = try #require(analysis.ir, "\(analysis.diagnostics)")
    let simulator = try Simulator(ir)
    let rasterizer = Rasterizer()
    var frames: [Bitmap] = []
    for k in 0...336 {
      let sample = [60, 180, 330, 336].contains(k)
      try simulator.step(sampling: sample)
      if sample {
        frames.append(
          rasterizer.render(Drawing(simulator.frame, RunHeader(simulator, frames: 1)), width: 160, height: 120))
      }
    }
    return frames
  }

  /// Unlike frames in a row: sizes change, flat and noisy alternate, transparent ones.
  static func sequence() throws -> [Bitmap] {
    var r = TestRandom(state: 2024)
    var frames: [Bitmap] = []
    for width in [1, 2, 3, 5, 7, 13, 31, 33, 101] {
      frames.append(Bitmap(width: width, height: 3, pixels: r.bytes(width * 3 * 4)))
      frames.append(Bitmap(width: width, height: 1 + width % 4, fill: (0, 0, 0, 0)))
    }
    frames.append(Bitmap(width: 128, height: 96, fill: (0, 0, 0, 0)))  // fully transparent
    frames.append(Bitmap(width: 97, height: 61, fill: (28, 28, 30, 255)))
    var gradient = Bitmap(width: 203, height: 77)
    for y in 0..<77 {
      for x in 0..<203 {
        let i = (y * 203 + x) * 4
        gradient.pixels[i] = UInt8(x)
        gradient.pixels[i + 1] = UInt8(y * 3)
        gradient.pixels[i + 2] = UInt8((x + y) / 2)
        gradient.pixels[i + 3] = UInt8(255 - y)
      }
    }
    frames.append(gradient)
    frames.append(Bitmap(width: 64, height: 64, pixels: r.bytes(64 * 64 * 4)))
    frames += try heartFrames()
    frames.append(Bitmap(width: 160, height: 120, fill: (0, 0, 0, 0)))
    frames.append(TestImages.heart(width: 171, height: 129, background: (0, 0, 0, 0), phase: 0.3))
    return frames
  }

  /// Decodes each file with Pillow and with a plain decoder on `zlib`; writes the two
  /// pixel buffers, in that order, per file.
  static let decoders = """
    import sys, struct, zlib
    from PIL import Image
    out = open(sys.argv[1], 'wb')
    def plain(data):
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
        pos, idat, header = 8, b'', None
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            (crc,) = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
            assert zlib.crc32(kind + body) == crc, 'CRC of ' + kind.decode()
            if kind == b'IHDR': header = struct.unpack('>IIBBBBB', body)
            if kind == b'IDAT': idat += body
            pos += 12 + length
            if kind == b'IEND': break
        assert pos == len(data), 'bytes after IEND'
        w, h, depth, colour, method, filt, interlace = header
        assert (depth, colour, method, filt, interlace) == (8, 6, 0, 0, 0), header
        raw = zlib.decompress(idat)
        stride = w * 4
        assert len(raw) == h * (stride + 1), 'row bytes'
        prev, pixels = bytearray(stride), bytearray()
        for y in range(h):
            t, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = row[i - 4] if i >= 4 else 0
                b = prev[i]
                c = prev[i - 4] if i >= 4 else 0
                if t == 0: p = 0
                elif t == 1: p = a
                elif t == 2: p = b
                elif t == 3: p = (a + b) // 2
                elif t == 4:
                    q = a + b - c
                    pa, pb, pc = abs(q - a), abs(q - b), abs(q - c)
                    p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                else: raise ValueError('filter type %d' % t)
                row[i] = (row[i] + p) & 255
            pixels += row
            prev = row
        return w, h, bytes(pixels)
    for path in sys.argv[2:]:
        data = open(path, 'rb').read()
        im = Image.open(path)
        im.load()
        w, h, pixels = plain(data)
        print(im.format, im.mode, im.size[0], im.size[1], w, h)
        out.write(im.tobytes())
        out.write(pixels)
    """

  @Test func pillowAndZlibDecodeEveryFrameOfAReusedEncoder() throws {
    let frames = try Self.sequence()
    var encoder = PNGFrameEncoder()
    var files: [[UInt8]] = []
    for frame in frames {
      let file = try encoder.encode(frame)
      // Reuse changes nothing: a fresh encoder writes the same bytes.
      #expect(file == (try PNGEncoder.encode(frame)), "\(frame.width)×\(frame.height)")
      files.append(file)
    }
    let result = try PythonDecoder.run(Self.decoders, inputs: files)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines == frames.map { "PNG RGBA \($0.width) \($0.height) \($0.width) \($0.height)" })
    #expect(firstDifference(result.bytes, frames.flatMap { $0.pixels + $0.pixels }) == nil)
  }

  @Test func appendingWritesTheSameFile() throws {
    let frames = try Self.heartFrames()
    var encoder = PNGFrameEncoder()
    var png: [UInt8] = [1, 2, 3]
    try encoder.encode(frames[0], appendingTo: &png)
    #expect(png == [1, 2, 3] + (try PNGEncoder.encode(frames[0])))
    var broken = frames[1]
    broken.pixels.removeLast()
    #expect(throws: EncodeError.self) { try encoder.encode(broken, appendingTo: &png) }
    #expect(png == [1, 2, 3] + (try PNGEncoder.encode(frames[0])))
  }

  /// The size goal: the zlib stream of the filtered rows is at most 10% larger
  /// than `zlib.compress(rows, 6)` of the same rows.
  @Test func streamsAreWithinTenPercentOfZlibLevelSix() throws {
    let frames = try Self.heartFrames() + [TestImages.heart(width: 320, height: 240, background: (0, 0, 0, 255))]
    let rows = frames.map { PNGEncoder.filter($0) }
    let ours = rows.map { Zlib.compress($0).count }
    let result = try PythonDecoder.run(
      "import sys, zlib\nfor p in sys.argv[2:]: print(len(zlib.compress(open(p, 'rb').read(), 6)))",
      inputs: rows)
    let reference = result.stdout.split(separator: "\n").compactMap { Int($0) }
    #expect(reference.count == ours.count)
    for (mine, theirs) in zip(ours, reference) {
      #expect(Double(mine) <= Double(theirs) * 1.10, "ours \(mine) vs zlib -6 \(theirs)")
    }
  }
}
