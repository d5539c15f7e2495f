import Testing

@testable import AnimImage

/// Hand-assembled files whose pixels and errors follow from the PNG specification by hand.
@Suite struct PNGStructureTests {
  private func error(_ bytes: [UInt8], limits: ImageLimits = .standard) -> ImageError? {
    do {
      _ = try PNGImage.decode(bytes, limits: limits)
      return nil
    } catch {
      return error
    }
  }

  private func expectError(
    _ bytes: [UInt8], _ text: String, offset: Int? = nil, limits: ImageLimits = .standard,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let e = error(bytes, limits: limits)
    #expect(
      e?.message.contains(text) == true, "got \(e.map(\.description) ?? "no error")", sourceLocation: sourceLocation)
    if let offset { #expect(e?.offset == offset, sourceLocation: sourceLocation) }
  }

  @Test func onePixel() throws {
    let png = TestPNG.file(width: 1, height: 1, raw: [0, 200, 100, 50, 25])
    let image = try PNGImage.decode(png)
    #expect(image.width == 1 && image.height == 1)
    #expect(image.samples == .rgba8([200, 100, 50, 25]))
    let pixel = image.rgba16(x: 0, y: 0)
    let expected: [UInt16] = [200 * 257, 100 * 257, 50 * 257, 25 * 257]
    #expect([pixel.r, pixel.g, pixel.b, pixel.a] == expected)
  }

  /// Grey 8-bit, 3×2. Row 0 uses Sub: 10, 10+5, (15+250) mod 256. Row 1's recon, worked by
  /// hand for each other filter over the row above [10, 15, 9] and the raw bytes [1, 2, 3].
  static let secondRows: [(UInt8, [UInt8])] = [
    (0, [1, 2, 3]),
    (1, [1, 3, 6]),
    (2, [11, 17, 12]),
    (3, [6, 12, 13]),  // floor((a + b) / 2): 0+10→5, 6+15→10, 12+9→10
    (4, [11, 17, 12]),  // Paeth picks b each time: p = 10, 16, 11
  ]

  @Test(arguments: secondRows)
  func filters(filter: UInt8, secondRow: [UInt8]) throws {
    let png = TestPNG.file(width: 3, height: 2, color: 0, raw: [1, 10, 5, 250, filter, 1, 2, 3])
    let image = try PNGImage.decode(png)
    let grey = stride(from: 0, to: 24, by: 4).map { image.rgba8[$0] }
    #expect(grey == [10, 15, 9] + secondRow)
    #expect(image.rgba8.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
  }

  @Test func paethTies() {
    // p = a + b − c; ties go to a, then b.
    #expect(PNGPixels.paeth(5, 5, 5) == 5)
    #expect(PNGPixels.paeth(1, 9, 5) == 5)  // p = 5: pa = 4, pb = 4, pc = 0
    #expect(PNGPixels.paeth(2, 8, 0) == 8)  // p = 10: pa = 8, pb = 2, pc = 10
    #expect(PNGPixels.paeth(3, 7, 3) == 7)  // p = 7: pa = 4, pb = 0
    #expect(PNGPixels.paeth(7, 3, 3) == 7)  // p = 7: pa = 0
    #expect(PNGPixels.paeth(4, 1, 2) == 4)  // p = 3: pa = 1, pb = 2, pc = 1: a wins the tie
    #expect(PNGPixels.paeth(1, 4, 2) == 4)  // p = 3: pa = 2, pb = 1, pc = 1: b wins the tie
  }

  @Test func oneBitGrey() throws {
    // Width 10: two bytes a row, most significant bit first, the last 6 bits padding.
    let png = TestPNG.file(width: 10, height: 1, depth: 1, color: 0, raw: [0, 0b1011_0000, 0b0111_1111])
    let pixels = try PNGImage.decode(png).rgba8
    let grey = stride(from: 0, to: 40, by: 4).map { pixels[$0] }
    #expect(grey == [255, 0, 255, 255, 0, 0, 0, 0, 0, 255])
  }

  @Test func twoBitPaletteWithTransparency() throws {
    let plte = TestPNG.chunk("PLTE", [1, 2, 3, 4, 5, 6, 7, 8, 9])
    let trns = TestPNG.chunk("tRNS", [0, 128])
    // Indices 2, 1, 0, 2 → 0b10_01_00_10.
    let png = TestPNG.file(width: 4, height: 1, depth: 2, color: 3, before: [plte, trns], raw: [0, 0b1001_0010])
    #expect(try PNGImage.decode(png).rgba8 == [7, 8, 9, 255, 4, 5, 6, 128, 1, 2, 3, 0, 7, 8, 9, 255])
    let outside = TestPNG.file(width: 4, height: 1, depth: 2, color: 3, before: [plte], raw: [0, 0b1100_0000])
    expectError(outside, "pixel (0, 0) uses palette index 3, but the palette has only 3 entries")
  }

  @Test func premultiplied() throws {
    let png = TestPNG.file(width: 2, height: 1, raw: [0, 255, 102, 0, 51, 9, 9, 9, 0])
    let image = try PNGImage.decode(png)
    let p = image.premultiplied(x: 0, y: 0)
    // Alpha 51/255 = 0.2; red 1 × 0.2, green 0.4 × 0.2.
    #expect(abs(p.r - 0.2) < 1e-12 && abs(p.g - 0.08) < 1e-12 && p.b == 0 && abs(p.a - 0.2) < 1e-12)
    let clear = image.premultiplied(x: 1, y: 0)
    #expect(clear == (0, 0, 0, 0))
  }

  @Test func sixteenBitRGBWithTransparency() throws {
    let trns = TestPNG.chunk("tRNS", [0x12, 0x34, 0, 0, 0xFF, 0xFF])
    let raw: [UInt8] = [0, 0x12, 0x34, 0, 0, 0xFF, 0xFF, 0x12, 0x34, 0, 1, 0xFF, 0xFF]
    let image = try PNGImage.decode(TestPNG.file(width: 2, height: 1, depth: 16, color: 2, before: [trns], raw: raw))
    #expect(image.samples == .rgba16([0x1234, 0, 0xFFFF, 0, 0x1234, 1, 0xFFFF, 0xFFFF]))
    #expect(image.rgba8 == [0x12, 0, 0xFF, 0, 0x12, 0, 0xFF, 0xFF])
  }

  @Test func greyTransparencyAtFourBits() throws {
    let trns = TestPNG.chunk("tRNS", [0, 0x0A])
    let image = try PNGImage.decode(
      TestPNG.file(width: 2, height: 1, depth: 4, color: 0, before: [trns], raw: [0, 0xA5]))
    #expect(image.rgba8 == [0xAA, 0xAA, 0xAA, 0, 0x55, 0x55, 0x55, 255])
  }

  /// A 3×3 Adam7 image: pass 1 is pixel (0,0); 2 and 3 are empty; 4 is (2,0); 5 is (0,2) and
  /// (2,2); 6 has two rows, (1,0) and (1,2); 7 is row 1.
  @Test func adam7Placement() throws {
    let raw: [UInt8] = [0, 1, 0, 2, 0, 3, 4, 0, 5, 0, 6, 0, 7, 8, 9]
    let image = try PNGImage.decode(TestPNG.file(width: 3, height: 3, color: 0, interlace: 1, raw: raw))
    let grey = stride(from: 0, to: 36, by: 4).map { image.rgba8[$0] }
    #expect(grey == [1, 5, 2, 7, 8, 9, 3, 6, 4])
  }

  @Test func headerFromPrefix() throws {
    let png = TestPNG.file(width: 300, height: 200, depth: 16, color: 4, interlace: 1, raw: [])
    let header = try PNGImage.header(Array(png[..<33]))
    #expect(header.width == 300 && header.height == 200 && header.bitDepth == 16)
    #expect(header.colorType == .greyAlpha && header.interlaced)
  }

  @Test func signatureAndHeaderErrors() {
    let good = TestPNG.file(width: 1, height: 1, raw: [0, 1, 2, 3, 4])
    expectError([0x89, 0x50, 0x4E], "ends inside the PNG signature")
    expectError(Array("GIF89a..".utf8) + good, "not a PNG file", offset: 0)
    expectError(TestPNG.signature + TestPNG.chunk("IDAT", []), "first chunk is IDAT, not IHDR", offset: 8)
    expectError(TestPNG.signature + TestPNG.chunk("IHDR", [0, 0, 0, 1]), "4 bytes of data, not 13")
    expectError(TestPNG.file(width: 1, height: 1, depth: 4, color: 2, raw: []), "bit depth 4 is not allowed")
    expectError(TestPNG.file(width: 1, height: 1, color: 5, raw: []), "colour type 5")
    expectError(TestPNG.file(width: 1, height: 1, interlace: 2, raw: []), "interlace method 2")
    expectError(TestPNG.file(width: 0, height: 1, raw: []), "size 0×1 is invalid")
    expectError(TestPNG.file(width: 16385, height: 1, raw: []), "at most 16384")
    expectError(TestPNG.file(width: 16384, height: 4097, raw: []), "more than the 67108864 allowed")
    var small = ImageLimits.standard
    small.maxDecompressedBytes = 9
    expectError(TestPNG.file(width: 1, height: 2, raw: []), "inflate to 10 bytes", limits: small)
    small = .standard
    small.maxFileBytes = good.count - 1
    expectError(good, "more than the \(good.count - 1) allowed", limits: small)
  }

  @Test func chunkErrors() throws {
    let ihdr = TestPNG.signature + TestPNG.ihdr(width: 1, height: 1)
    let idat = TestPNG.chunk("IDAT", TestPNG.storedZlib([0, 1, 2, 3, 4]))
    let iend = TestPNG.chunk("IEND", [])
    #expect(try PNGImage.decode(ihdr + idat + iend).rgba8 == [1, 2, 3, 4])
    // Ancillary chunks are skipped, before and after the image data, known or not.
    let text = TestPNG.chunk("tEXt", Array("Comment\0hi".utf8))
    let private1 = TestPNG.chunk("prIv", [1, 2, 3])
    #expect(try PNGImage.decode(ihdr + text + idat + private1 + iend).rgba8 == [1, 2, 3, 4])
    // Bytes after IEND are ignored.
    #expect(try PNGImage.decode(ihdr + idat + iend + [1, 2, 3]).rgba8 == [1, 2, 3, 4])

    var badCRC = text
    badCRC[badCRC.count - 1] ^= 0x40
    expectError(ihdr + badCRC + idat + iend, "chunk tEXt: CRC mismatch", offset: 33 + text.count - 4)
    var badData = idat
    badData[10] ^= 1
    expectError(ihdr + badData + iend, "chunk IDAT: CRC mismatch")
    expectError(ihdr + TestPNG.chunk("ABCD", []) + idat + iend, "unknown critical chunk ABCD", offset: 33)
    expectError(ihdr + TestPNG.chunk("AB1D", []) + idat + iend, "not four ASCII letters", offset: 37)
    expectError(ihdr + idat + text + idat + iend, "not consecutive")
    expectError(ihdr + iend, "no IDAT")
    expectError(ihdr + idat, "ends inside a chunk header, before IEND", offset: 33 + idat.count)
    expectError(ihdr + idat + TestPNG.chunk("IHDR", []), "second IHDR")
    expectError(ihdr + idat + TestPNG.chunk("IEND", [0]), "IEND chunk is not empty")
    expectError(ihdr + TestPNG.be32(0x8000_0000) + Array("IDAT".utf8), "more than PNG's 2^31 − 1", offset: 33)
    expectError(ihdr + TestPNG.be32(0x7FFF_FFFF) + Array("IDAT".utf8) + [0, 0, 0, 0], "claims 2147483647 bytes")
    let trns = TestPNG.chunk("tRNS", [0, 0])
    expectError(ihdr + trns + idat + iend, "alpha channel has a tRNS")
    expectError(ihdr + idat + TestPNG.chunk("PLTE", [0, 0, 0]) + iend, "PLTE chunk comes after the image data")
    expectError(ihdr + TestPNG.chunk("PLTE", [0, 0]) + idat + iend, "2 bytes, not 3 to 768")
  }

  @Test func paletteAndGreyRules() {
    let plte = TestPNG.chunk("PLTE", [1, 2, 3])
    expectError(TestPNG.file(width: 1, height: 1, color: 0, before: [plte], raw: [0, 0]), "greyscale image has a PLTE")
    expectError(TestPNG.file(width: 1, height: 1, color: 3, raw: [0, 0]), "no PLTE chunk")
    expectError(
      TestPNG.file(width: 1, height: 1, color: 3, before: [plte, TestPNG.chunk("tRNS", [1, 2])], raw: [0, 0]),
      "2 entries, more than the palette's 1")
    expectError(
      TestPNG.file(width: 1, height: 1, color: 3, before: [TestPNG.chunk("tRNS", [1]), plte], raw: [0, 0]),
      "tRNS chunk comes before PLTE")
    expectError(
      TestPNG.file(width: 1, height: 1, color: 0, before: [TestPNG.chunk("tRNS", [1])], raw: [0, 0]), "1 bytes, not 2")
    // A suggested palette in an RGB image is allowed and ignored.
    let rgb = TestPNG.file(width: 1, height: 1, color: 2, before: [plte], raw: [0, 9, 8, 7])
    #expect((try? PNGImage.decode(rgb).rgba8) == [9, 8, 7, 255])
  }

  @Test func dataErrors() {
    expectError(TestPNG.file(width: 1, height: 1, color: 0, raw: [5, 0]), "row 0 has the unknown filter type 5")
    expectError(
      TestPNG.file(width: 1, height: 1, color: 0, interlace: 1, raw: [7, 0]),
      "row 0 of Adam7 pass 1 has the unknown filter type 7")
    expectError(TestPNG.file(width: 1, height: 1, color: 0, raw: [0]), "ends after 1 of the 2 bytes")
    expectError(TestPNG.file(width: 1, height: 1, color: 0, raw: [0, 0, 0]), "more than the 2 bytes")
    // The offset of an inflate error is in the file: here the IDAT's data starts at 41.
    let bad =
      TestPNG.signature + TestPNG.ihdr(width: 1, height: 1) + TestPNG.chunk("IDAT", [0x78, 0x9D])
      + TestPNG.chunk("IEND", [])
    expectError(bad, "image data: the zlib header's check bits are wrong", offset: 41)
  }
}
