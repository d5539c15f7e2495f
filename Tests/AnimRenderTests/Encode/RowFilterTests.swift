import Testing

@testable import AnimRender

/// PNG filtering written from the specification (ISO 15948 §9), one byte at a time in
/// plain integers: the reference for the vectorized kernel.
enum PlainRowFilter {
  static func filter(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
    let stride = width * 4
    var out: [UInt8] = []
    for y in 0..<height {
      func at(_ row: Int, _ i: Int) -> Int {
        row < 0 || i < 0 ? 0 : Int(pixels[row * stride + i])
      }
      var candidates = [[UInt8]](repeating: [], count: 5)
      for i in 0..<stride {
        let x = at(y, i)
        let a = at(y, i - 4)
        let b = at(y - 1, i)
        let c = at(y - 1, i - 4)
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        let paeth = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        for (type, prediction) in [0, a, b, (a + b) / 2, paeth].enumerated() {
          candidates[type].append(UInt8((x - prediction + 256) % 256))
        }
      }
      // Sum of |byte as a signed value|; the first smallest wins.
      let costs = candidates.map { row in row.reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) } }
      let best = costs.firstIndex(of: costs.min() ?? 0) ?? 0
      out.append(UInt8(best))
      out += candidates[best]
    }
    return out
  }
}

@Suite struct RowFilterTests {
  /// Pictures of every width from 1 to 40 and some wider ones, so every split of a row
  /// into 16-byte steps and a tail is seen, with all five filters winning somewhere.
  static func images() -> [Bitmap] {
    var r = TestRandom(state: 5)
    var list: [Bitmap] = []
    for width in Array(1...40) + [63, 64, 65, 127, 257, 1100] {
      let height = width > 100 ? 7 : 5
      let count = width * height * 4
      list.append(Bitmap(width: width, height: height, pixels: r.bytes(count)))
      list.append(Bitmap(width: width, height: height, fill: (200, 17, 0, 255)))
      // Gradients and small steps, where Sub, Up, Average and Paeth each win rows.
      var smooth = [UInt8](repeating: 0, count: count)
      for i in 0..<count {
        let x = (i / 4) % width
        let y = i / (4 * width)
        smooth[i] = UInt8(truncatingIfNeeded: x * (i % 4 + 1) + y * 3 + r.below(3))
      }
      list.append(Bitmap(width: width, height: height, pixels: smooth))
      // Values near 0, 128 and 255, where signed and unsigned readings part.
      let edges: [UInt8] = [0, 1, 127, 128, 129, 254, 255]
      list.append(
        Bitmap(width: width, height: height, pixels: (0..<count).map { _ in edges[r.below(edges.count)] }))
    }
    return list
  }

  @Test func kernelMatchesThePlainFilter() {
    var out: [UInt8] = []
    var scratch: [UInt8] = []
    // Buffers reused from image to image, as across frames.
    for image in Self.images() + PNGEncoderTests.images() {
      let ok = RowFilter.filter(
        image.pixels, stride: image.width * 4, height: image.height, into: &out, scratch: &scratch)
      #expect(ok)
      let expected = PlainRowFilter.filter(image.pixels, width: image.width, height: image.height)
      #expect(firstDifference(out, expected) == nil, "\(image.width)×\(image.height)")
    }
  }

  @Test func everyFilterWinsSomewhere() {
    var seen = Set<UInt8>()
    for image in Self.images() {
      let rows = PNGEncoder.filter(image)
      let stride = image.width * 4 + 1
      for y in 0..<image.height { seen.insert(rows[y * stride]) }
    }
    #expect(seen == [0, 1, 2, 3, 4])
  }

  @Test func refusesArgumentsThatDoNotDescribeTheImage() {
    var out: [UInt8] = [9]
    var scratch: [UInt8] = []
    let pixels = [UInt8](repeating: 3, count: 16)
    #expect(!RowFilter.filter(pixels, stride: 8, height: 3, into: &out, scratch: &scratch))
    #expect(!RowFilter.filter(pixels, stride: -4, height: -4, into: &out, scratch: &scratch))
    #expect(!RowFilter.filter(pixels, stride: Int.max, height: 2, into: &out, scratch: &scratch))
    #expect(out == [9])
    #expect(RowFilter.filter([], stride: Int.max, height: 0, into: &out, scratch: &scratch))
    #expect(out == [])
    #expect(RowFilter.filter([], stride: 0, height: 3, into: &out, scratch: &scratch))
    #expect(out == [0, 0, 0])
  }
}
