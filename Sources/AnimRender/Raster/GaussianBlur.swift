#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// §15's `blur`: a separable Gaussian on a layer's premultiplied channels, one pass along
/// rows and one along columns, each with its own standard deviation in pixels (a scene
/// point's width and height in pixels may differ). The kernel reaches ⌈3σ⌉ pixels each
/// way and its weights sum to 1; pixels outside the buffer count as transparent.
enum GaussianBlur {
  /// How far a kernel of standard deviation `sigma` pixels reaches, in whole pixels.
  static func reach(_ sigma: Double) -> Int {
    guard sigma.isFinite, sigma > 0 else { return 0 }
    return Int(min(4096, (3 * sigma).rounded(.up)))
  }

  /// The normalized weights from −reach to +reach.
  static func kernel(_ sigma: Double) -> [Float] {
    let r = reach(sigma)
    guard r > 0 else { return [1] }
    let weights = (-r...r).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
    let total = weights.reduce(0, +)
    return weights.map { Float($0 / total) }
  }

  /// Blurs `pixels` (`width × height`, four channels per pixel) in place, using `scratch`
  /// for the intermediate pass.
  static func blur(
    _ pixels: inout [Float], width: Int, height: Int, sigmaX: Double, sigmaY: Double, scratch: inout [Float]
  ) {
    guard pixels.count == width * height * 4 else { return }
    if reach(sigmaX) > 0 {
      pass(&pixels, kernel(sigmaX), count: width, lines: height, step: 4, lineStep: width * 4, &scratch)
    }
    if reach(sigmaY) > 0 {
      pass(&pixels, kernel(sigmaY), count: height, lines: width, step: width * 4, lineStep: 4, &scratch)
    }
  }

  /// One direction: along each of `lines` lines of `count` pixels, `step` floats apart,
  /// the lines `lineStep` floats apart.
  private static func pass(
    _ pixels: inout [Float], _ kernel: [Float], count: Int, lines: Int, step: Int, lineStep: Int,
    _ scratch: inout [Float]
  ) {
    let r = kernel.count / 2
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: repeatElement(0, count: pixels.count))
    for line in 0..<lines {
      let start = line * lineStep
      for i in 0..<count {
        let lo = max(0, i - r)
        let hi = min(count - 1, i + r)
        var sum = SIMD4<Float>(repeating: 0)
        for j in lo...hi {
          let p = start + j * step
          sum += kernel[j - i + r] * SIMD4(pixels[p], pixels[p + 1], pixels[p + 2], pixels[p + 3])
        }
        let q = start + i * step
        scratch[q] = sum.x
        scratch[q + 1] = sum.y
        scratch[q + 2] = sum.z
        scratch[q + 3] = sum.w
      }
    }
    swap(&pixels, &scratch)
  }
}
