import AnimRender
import Foundation
import Testing

@testable import AnimImage

/// The decoder against independent ones: PyPI's pypng writes seeded random images of every
/// colour type, bit depth and interlacing, a Python filter pass re-filters them with all five
/// filters and re-compresses them under varied zlib settings in IDATs of random sizes, and
/// pypng's own reader gives the expected pixels. Pillow-written files (stored and compressed)
/// are read against pypng too, and animc's PNGEncoder output against its input.
@Suite struct DifferentialTests {
  /// Shared by the pypng and Pillow cases: chunk surgery, the filters from PNG §9 written
  /// out in Python, and the expected RGBA on the 16-bit scale (v × 65535 / (2^depth − 1),
  /// exact for every PNG depth).
  static let common = #"""
    import os, random, struct, sys, zlib
    import png
    out = sys.argv[1]
    rng = random.Random(int(sys.argv[2]))

    def chunks(data):
        pos, res = 8, []
        while pos < len(data):
            n, = struct.unpack('>I', data[pos:pos + 4])
            res.append((data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]))
            pos += 12 + n
        return res

    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)

    def passes(w, h, interlaced):
        if not interlaced:
            return [(w, h)]
        r = []
        for x0, y0, dx, dy in [(0,0,8,8), (4,0,8,8), (0,4,4,8), (2,0,4,4), (0,2,2,4), (1,0,2,2), (0,1,1,2)]:
            pw = (w - x0 + dx - 1) // dx if w > x0 else 0
            ph = (h - y0 + dy - 1) // dy if h > y0 else 0
            if pw and ph:
                r.append((pw, ph))
        return r

    def predictor(f, a, b, c):
        if f == 0: return 0
        if f == 1: return a
        if f == 2: return b
        if f == 3: return (a + b) // 2
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else (b if pb <= pc else c)

    def refilter(raw, w, h, interlaced, bits):
        bpp, res, pos = max(1, bits // 8), bytearray(), 0
        for pw, ph in passes(w, h, interlaced):
            rb = (pw * bits + 7) // 8
            prev = bytes(rb)
            for _ in range(ph):
                assert raw[pos] == 0
                line = raw[pos + 1:pos + 1 + rb]
                pos += 1 + rb
                f = rng.randrange(5)
                res.append(f)
                for i in range(rb):
                    a = line[i - bpp] if i >= bpp else 0
                    c = prev[i - bpp] if i >= bpp else 0
                    res.append((line[i] - predictor(f, a, prev[i], c)) & 255)
                prev = line
        assert pos == len(raw)
        return bytes(res)

    def recompress(data, transform=None):
        cs = chunks(data)
        z = b''.join(d for t, d in cs if t == b'IDAT')
        if transform:
            raw = transform(zlib.decompress(z))
            strategy = rng.choice([zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED, zlib.Z_HUFFMAN_ONLY, zlib.Z_RLE, zlib.Z_FIXED])
            c = zlib.compressobj(rng.randrange(10), zlib.DEFLATED, rng.randrange(9, 16), 9, strategy)
            z = c.compress(raw) + c.flush()
        parts, pos = [], 0
        while pos < len(z):
            n = rng.randrange(0, 60)
            parts.append(z[pos:pos + n])
            pos += n
        res = data[:8]
        for t, d in cs:
            if t == b'IDAT':
                res += b''.join(chunk(b'IDAT', p) for p in parts)
                parts = []
            else:
                res += chunk(t, d)
                if t == b'IHDR':
                    res += chunk(b'tEXt', b'Comment\x00differential') + chunk(b'zzZz', bytes(rng.randrange(9)))
        return res

    def expected(data):
        w, h, rows, info = png.Reader(bytes=data).asRGBA()
        maxval = 2 ** info['bitdepth'] - 1
        res = bytearray()
        for row in rows:
            for v in row:
                res += struct.pack('>H', v * 65535 // maxval)
        assert len(res) == w * h * 8
        return bytes(res)

    def emit(name, data):
        open(os.path.join(out, name + '.png'), 'wb').write(data)
        open(os.path.join(out, name + '.rgba'), 'wb').write(expected(data))
        print(name)
    """#

  static let pypngCases = #"""
    specs = []
    for il in (False, True):
        for d in (1, 2, 4, 8, 16):
            specs += [('grey', d, il, False), ('grey', d, il, True)]
        for d in (8, 16):
            specs += [('greyalpha', d, il, False), ('rgb', d, il, False), ('rgb', d, il, True), ('rgba', d, il, False)]
        for d in (1, 2, 4, 8):
            specs += [('palette', d, il, False), ('palette', d, il, True)]
    cases = []
    for k, spec in enumerate(specs):
        cases.append(spec + ((1, 1) if k == 0 else (rng.randint(1, 40), rng.randint(1, 24))))
        cases.append(spec + (rng.randint(1, 40), rng.randint(1, 24)))
    # Larger images, half of each row repeating the row above: long matches, several blocks.
    cases += [('rgba', 16, True, False, 257, 131), ('palette', 1, False, True, 500, 40),
              ('grey', 2, True, True, 333, 77), ('rgb', 8, False, True, 300, 200)]
    for size, (kind, d, il, trns, w, h) in enumerate(cases):
        top = 2 ** d - 1
        opts = dict(bitdepth=d, interlace=il)
        if kind == 'grey':
            t = rng.randint(0, top)
            rows = [[t if trns and rng.random() < 0.25 else rng.randint(0, top) for _ in range(w)] for _ in range(h)]
            opts.update(greyscale=True, transparent=t if trns else None)
            planes = 1
        elif kind == 'rgb':
            t = tuple(rng.randint(0, top) for _ in range(3))
            rows = []
            for _ in range(h):
                row = []
                for _ in range(w):
                    row += t if trns and rng.random() < 0.25 else [rng.randint(0, top) for _ in range(3)]
                rows.append(row)
            opts.update(greyscale=False, transparent=t if trns else None)
            planes = 3
        elif kind == 'palette':
            n = rng.randint(1, min(256, top + 1))
            k4 = rng.randint(1, n) if trns else 0
            pal = [tuple(rng.randrange(256) for _ in range(4 if i < k4 else 3)) for i in range(n)]
            rows = [[rng.randrange(n) for _ in range(w)] for _ in range(h)]
            opts.update(palette=pal)
            planes = 1
        else:
            planes = 2 if kind == 'greyalpha' else 4
            rows = [[rng.randint(0, top) for _ in range(w * planes)] for _ in range(h)]
            opts.update(greyscale=kind == 'greyalpha', alpha=True)
        if w > 100:
            for r in range(1, h):
                rows[r] = [rows[r - 1][i] if rng.random() < 0.5 else v for i, v in enumerate(rows[r])]
        f = __import__('io').BytesIO()
        png.Writer(w, h, **opts).write(f, rows)
        original = f.getvalue()
        data = recompress(original, lambda raw: refilter(raw, w, h, il, d * planes))
        assert expected(data) == expected(original)
        emit('%s%d%s%s-%dx%d-%d' % (kind, d, '-adam7' if il else '', '-trns' if trns else '', w, h, size), data)
    """#

  static let pillowCases = #"""
    from PIL import Image
    import io
    def noise(n):
        return bytes(rng.randrange(256) for _ in range(n))
    for mode, bands in [('1', 1), ('L', 1), ('LA', 2), ('P', 1), ('RGB', 3), ('RGBA', 4), ('I;16', 2)]:
        for level in (0, 1, 9):
            w, h = rng.randint(1, 50), rng.randint(1, 30)
            if mode == '1':
                im = Image.frombytes('L', (w, h), noise(w * h)).convert('1')
            else:
                # Smooth ramps plus noise, so Pillow's filter choice varies from row to row.
                base = bytes((x * 5 + y * 3 + rng.randrange(8)) & 255 for y in range(h) for x in range(w * bands))
                im = Image.frombytes(mode, (w, h), base if level != 1 else noise(w * h * bands))
            opts = dict(compress_level=level)
            if mode == 'P':
                im.putpalette(list(noise(768)))
                opts['transparency'] = rng.randrange(256)
            if mode == 'RGB' and level == 9:
                opts['transparency'] = tuple(im.getpixel((0, 0)))
            f = io.BytesIO()
            im.save(f, 'PNG', **opts)
            data = f.getvalue()
            emit('pillow-%s-level%d-%dx%d' % (mode.replace(';', ''), level, w, h), data)
            # The same file with its IDAT split into many chunks.
            emit('pillow-%s-level%d-split' % (mode.replace(';', ''), level), recompress(data))
    """#

  private func check(_ script: String, seed: Int, minimum: Int) throws {
    let (stdout, dir) = try Python.run(script, [String(seed)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let names = stdout.split(separator: "\n").map(String.init)
    #expect(names.count >= minimum)
    for name in names {
      let bytes = try Python.read(dir.appendingPathComponent(name + ".png"))
      let expectedBytes = try Python.read(dir.appendingPathComponent(name + ".rgba"))
      let expected = stride(from: 0, to: expectedBytes.count, by: 2).map {
        UInt16(expectedBytes[$0]) << 8 | UInt16(expectedBytes[$0 + 1])
      }
      do {
        let image = try PNGImage.decode(bytes)
        let got = image.rgba16
        let first = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(got.count == expected.count && first == nil, "\(name): first difference at sample \(first ?? -1)")
      } catch {
        Issue.record("\(name): \(error)")
      }
    }
  }

  @Test(arguments: [1, 2]) func pypng(seed: Int) throws {
    try check(Self.common + "\n" + Self.pypngCases, seed: seed, minimum: 108)
  }

  @Test func pillow() throws {
    try check(Self.common + "\n" + Self.pillowCases, seed: 3, minimum: 42)
  }

  @Test func animcEncoder() throws {
    var random = TestRandom(state: 12)
    var bitmaps = [Bitmap(width: 1, height: 1, fill: (255, 45, 85, 255))]
    for _ in 0..<6 {
      let w = 1 + random.below(90)
      let h = 1 + random.below(40)
      bitmaps.append(Bitmap(width: w, height: h, pixels: random.bytes(w * h * 4)))
      // Smooth content: the encoder's heuristic picks Sub, Up, Average and Paeth here.
      var smooth = Bitmap(width: w, height: h)
      for i in smooth.pixels.indices { smooth.pixels[i] = UInt8((i % 4 * 60 + i / 4 % w * 3 + i / (4 * w) * 2) & 255) }
      bitmaps.append(smooth)
    }
    for bitmap in bitmaps {
      let png = try PNGEncoder.encode(bitmap)
      let image = try PNGImage.decode(png)
      #expect(image.width == bitmap.width && image.height == bitmap.height)
      #expect(image.samples == .rgba8(bitmap.pixels))
    }
  }
}
