import Testing

@testable import AnimRender

@Suite struct PNGEncoderTests {
  static func images() -> [Bitmap] {
    var r = TestRandom(state: 11)
    var list: [Bitmap] = [
      Bitmap(width: 1, height: 1, fill: (255, 45, 85, 255)),
      Bitmap(width: 3, height: 5, pixels: r.bytes(3 * 5 * 4)),
      Bitmap(width: 200, height: 1, pixels: r.bytes(200 * 4)),
      Bitmap(width: 1, height: 200, pixels: r.bytes(200 * 4)),
      Bitmap(width: 64, height: 48, fill: (0, 0, 0, 0)),
    ]
    // Smooth gradients with partial alpha: Average and Paeth win here.
    var gradient = Bitmap(width: 257, height: 130)
    for y in 0..<130 {
      for x in 0..<257 {
        let i = (y * 257 + x) * 4
        gradient.pixels[i] = UInt8(x & 0xFF)
        gradient.pixels[i + 1] = UInt8((x + y) & 0xFF)
        gradient.pixels[i + 2] = UInt8(y * 2 & 0xFF)
        gradient.pixels[i + 3] = UInt8((x * y) & 0xFF)
      }
    }
    list.append(gradient)
    list.append(TestImages.heart(width: 320, height: 240, background: (0, 0, 0, 255)))
    return list
  }

  @Test func pillowDecodesExactPixels() throws {
    let images = Self.images()
    let files = try images.map { try PNGEncoder.encode($0) }
    let script = """
      import sys
      from PIL import Image
      out = open(sys.argv[1], 'wb')
      for path in sys.argv[2:]:
          im = Image.open(path)
          im.load()  # verifies every chunk CRC and the zlib stream
          print(im.format, im.mode, im.size[0], im.size[1])
          out.write(im.tobytes())
      """
    let result = try PythonDecoder.run(script, inputs: files)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines == images.map { "PNG RGBA \($0.width) \($0.height)" })
    #expect(result.bytes == images.flatMap(\.pixels))
  }

  @Test func compressesFlatImages() throws {
    // zlib -6 (via Pillow) produces 2,198 bytes for this image.
    let black = Bitmap(width: 512, height: 512, fill: (0, 0, 0, 255))
    let size = try PNGEncoder.encode(black).count
    #expect(size < 2_500, "\(size) bytes")
  }

  @Test func refusesBadSizesWithoutTrapping() {
    #expect(throws: EncodeError.emptyImage(width: 0, height: 0)) {
      try PNGEncoder.encode(Bitmap(width: 0, height: 0))
    }
    #expect(throws: EncodeError.emptyImage(width: 4, height: 0)) {
      try PNGEncoder.encode(Bitmap(width: 4, height: 0))
    }
    var broken = Bitmap(width: 2, height: 2)
    broken.pixels.removeLast()
    #expect(throws: EncodeError.pixelCountMismatch(expected: 16, actual: 15)) {
      try PNGEncoder.encode(broken)
    }
    let huge = Bitmap(width: 1 << 31, height: 0, pixels: [])
    #expect(throws: (any Error).self) { try PNGEncoder.encode(huge) }
    var lying = Bitmap(width: 1, height: 1)
    lying.pixels = []
    #expect(throws: (any Error).self) { try PNGEncoder.encode(lying) }
  }

  @Test func filtersPickTheCheapestRow() {
    // A horizontal ramp: Sub turns each row into near-constant bytes.
    var ramp = Bitmap(width: 64, height: 2)
    for x in 0..<64 { for c in 0..<4 { ramp.pixels[x * 4 + c] = UInt8(x * 3) } }
    for x in 0..<64 { for c in 0..<4 { ramp.pixels[256 + x * 4 + c] = UInt8(x * 3) } }
    let filtered = PNGEncoder.filter(ramp)
    #expect(filtered[0] == 1)  // Sub on the first row (Up sees zeros above)
    #expect(filtered[257] == 2)  // Up on the identical second row
  }
}

/// Shared test pictures.
enum TestImages {
  /// A red heart-ish blob (two discs and a triangle) with soft, anti-aliased edges and a
  /// pink highlight, on `background`: the scene the GIF quantizer must keep clean.
  static func heart(
    width: Int, height: Int, background: (UInt8, UInt8, UInt8, UInt8), phase: Double = 0
  ) -> Bitmap {
    var image = Bitmap(width: width, height: height, fill: background)
    let s = Double(min(width, height)) * 0.3
    let cx = Double(width) / 2 + phase * 10
    let cy = Double(height) / 2 - phase * 7
    for y in 0..<height {
      for x in 0..<width {
        let px = (Double(x) + 0.5 - cx) / s
        let py = (Double(y) + 0.5 - cy) / s
        // Signed distance-ish: union of two circles and a downward wedge.
        let d1 = ((px + 0.5) * (px + 0.5) + (py + 0.2) * (py + 0.2)).squareRoot() - 0.55
        let d2 = ((px - 0.5) * (px - 0.5) + (py + 0.2) * (py + 0.2)).squareRoot() - 0.55
        let wedge = max(abs(px) * 0.9 + py * 0.75 - 0.75, -py - 0.2)
        let d = min(d1, d2, wedge)
        let coverage = min(1, max(0, 0.5 - d * s))
        guard coverage > 0 else { continue }
        let highlight = max(0, 1 - ((px + 0.45) * (px + 0.45) + (py + 0.45) * (py + 0.45)) * 8)
        let r = 255.0
        let g = 45 + 150 * highlight
        let b = 85 + 130 * highlight
        let i = (y * width + x) * 4
        let bg = [Double(background.0), Double(background.1), Double(background.2)]
        let fg = [r, g, b]
        for c in 0..<3 {
          image.pixels[i + c] = UInt8((fg[c] * coverage + bg[c] * (1 - coverage)).rounded())
        }
        image.pixels[i + 3] = max(background.3, UInt8((coverage * 255).rounded()))
      }
    }
    return image
  }
}
