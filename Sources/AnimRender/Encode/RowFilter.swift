/// PNG row filtering for 4-byte pixels (RGBA8): each row gets the filter (None, Sub, Up,
/// Average or Paeth) whose bytes, read as signed, have the smallest sum of absolute
/// values: the PNG specification's recommended heuristic, which libpng uses too. Ties go
/// to the lower filter type.
///
/// This is one of the encoder's two unsafe kernels (the other is `MatchFinder`). Its API
/// is safe: arguments that do not describe a whole image are refused before any pointer
/// is formed, and `RowFilterTests` checks its output against a plain implementation.
enum RowFilter {
  static let bytesPerPixel = 4

  /// Writes `height` rows of `stride` bytes from `pixels`, each prefixed by its filter
  /// type byte, into `out` (resized to `height * (stride + 1)`). `scratch` holds the
  /// candidate rows; both keep their storage from call to call. Returns false, writing
  /// nothing, when `pixels` does not hold exactly `height * stride` bytes.
  @discardableResult
  static func filter(
    _ pixels: [UInt8], stride: Int, height: Int, into out: inout [UInt8], scratch: inout [UInt8]
  ) -> Bool {
    guard stride >= 0, height >= 0 else { return false }
    let (size, overflow) = stride.multipliedReportingOverflow(by: height)
    guard !overflow, size == pixels.count else { return false }
    let outCount = size + height
    if out.count != outCount { out = [UInt8](repeating: 0, count: outCount) }
    // From here on stride <= pixels.count, so the sizes below cannot overflow.
    guard stride > 0, height > 0 else {
      for y in 0..<height { out[y] = 0 }
      return true
    }
    if scratch.count < stride * 5 { scratch = [UInt8](repeating: 0, count: stride * 5) }
    pixels.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        scratch.withUnsafeMutableBufferPointer { cand in
          guard let s = src.baseAddress, let d = dst.baseAddress, let c = cand.baseAddress else { return }
          // The first row's "row above" is zeros: the last stride bytes of the scratch.
          let zero = c + 4 * stride
          zero.update(repeating: 0, count: stride)
          for y in 0..<height {
            let row = s + y * stride
            let up = y == 0 ? UnsafePointer(zero) : row - stride
            let best = filterRow(row, up: up, count: stride, into: c)
            let o = d + y * (stride + 1)
            o[0] = UInt8(best)
            (o + 1).update(from: best == 0 ? row : UnsafePointer(c + (best - 1) * stride), count: stride)
          }
        }
      }
    }
    return true
  }

  /// Writes the Sub, Up, Average and Paeth rows into `c` (four rows of `count` bytes) and
  /// returns the filter type (0–4) with the smallest absolute sum.
  @inline(__always)
  private static func filterRow(
    _ row: UnsafePointer<UInt8>, up: UnsafePointer<UInt8>, count: Int, into c: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let sub = c
    let upRow = c + count
    let avg = c + 2 * count
    let paeth = c + 3 * count
    var s0 = 0
    var s1 = 0
    var s2 = 0
    var s3 = 0
    var s4 = 0
    // The first pixel has no left neighbours (a = c = 0): Sub predicts 0 and Paeth
    // predicts b. Split out so the main loop has no per-byte branch.
    let first = min(bytesPerPixel, count)
    for i in 0..<first {
      let x = row[i]
      let b = up[i]
      let vAvg = x &- (b >> 1)
      // Paeth with a = c = 0: p = b, so pa = b, pb = 0, pc = b, and b is chosen (or a
      // when b = 0, the same value).
      let vPaeth = x &- b
      sub[i] = x
      upRow[i] = x &- b
      avg[i] = vAvg
      paeth[i] = vPaeth
      let ax = abs(Int(Int8(bitPattern: x)))
      s0 &+= ax
      s1 &+= ax
      s2 &+= abs(Int(Int8(bitPattern: x &- b)))
      s3 &+= abs(Int(Int8(bitPattern: vAvg)))
      s4 &+= abs(Int(Int8(bitPattern: vPaeth)))
    }
    // Sixteen bytes at a time. The sums gather in eight 16-bit lanes (two bytes of at
    // most 128 each per step), emptied every 255 steps, before they could overflow.
    var i = first
    let empty = SIMD8<UInt16>(repeating: 0)
    var lanesNone = empty
    var lanesSub = empty
    var lanesUp = empty
    var lanesAvg = empty
    var lanesPaeth = empty
    var steps = 0
    while i + 16 <= count {
      let x = load(row + i)
      let b = load(up + i)
      let a = load(row + i - bytesPerPixel)
      let cc = load(up + i - bytesPerPixel)
      let vSub = x &- a
      let vUp = x &- b
      // ⌊(a + b) / 2⌋ without leaving 8 bits.
      let vAvg = x &- ((a & b) &+ ((a ^ b) &>> 1))
      let vPaeth = x &- paethPredictor(a, b, cc)
      store(vSub, sub + i)
      store(vUp, upRow + i)
      store(vAvg, avg + i)
      store(vPaeth, paeth + i)
      lanesNone &+= magnitude(x)
      lanesSub &+= magnitude(vSub)
      lanesUp &+= magnitude(vUp)
      lanesAvg &+= magnitude(vAvg)
      lanesPaeth &+= magnitude(vPaeth)
      i += 16
      steps += 1
      if steps == 255 {
        s0 &+= total(lanesNone)
        s1 &+= total(lanesSub)
        s2 &+= total(lanesUp)
        s3 &+= total(lanesAvg)
        s4 &+= total(lanesPaeth)
        lanesNone = empty
        lanesSub = empty
        lanesUp = empty
        lanesAvg = empty
        lanesPaeth = empty
        steps = 0
      }
    }
    s0 &+= total(lanesNone)
    s1 &+= total(lanesSub)
    s2 &+= total(lanesUp)
    s3 &+= total(lanesAvg)
    s4 &+= total(lanesPaeth)
    while i < count {
      let x = row[i]
      let b = up[i]
      let a = row[i - bytesPerPixel]
      let cc = up[i - bytesPerPixel]
      let ia = Int(a)
      let ib = Int(b)
      let ic = Int(cc)
      let pa = abs(ib - ic)  // |p − a| with p = a + b − c
      let pb = abs(ia - ic)
      let pc = abs(ia + ib - 2 * ic)
      let predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : cc)
      let vSub = x &- a
      let vUp = x &- b
      let vAvg = x &- UInt8(truncatingIfNeeded: (ia + ib) >> 1)
      let vPaeth = x &- predictor
      sub[i] = vSub
      upRow[i] = vUp
      avg[i] = vAvg
      paeth[i] = vPaeth
      s0 &+= abs(Int(Int8(bitPattern: x)))
      s1 &+= abs(Int(Int8(bitPattern: vSub)))
      s2 &+= abs(Int(Int8(bitPattern: vUp)))
      s3 &+= abs(Int(Int8(bitPattern: vAvg)))
      s4 &+= abs(Int(Int8(bitPattern: vPaeth)))
      i += 1
    }
    var best = 0
    var bestSum = s0
    if s1 < bestSum {
      best = 1
      bestSum = s1
    }
    if s2 < bestSum {
      best = 2
      bestSum = s2
    }
    if s3 < bestSum {
      best = 3
      bestSum = s3
    }
    if s4 < bestSum { best = 4 }
    return best
  }

  @inline(__always)
  private static func load(_ p: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
  }

  @inline(__always)
  private static func store(_ v: SIMD16<UInt8>, _ p: UnsafeMutablePointer<UInt8>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD16<UInt8>.self)
  }

  /// |Int8(bitPattern: v)| per byte (v below 128 is itself, else 256 − v), each pair of
  /// neighbouring bytes summed into a 16-bit lane.
  @inline(__always)
  private static func magnitude(_ v: SIMD16<UInt8>) -> SIMD8<UInt16> {
    let pairs = unsafeBitCast(minimum(v, 0 &- v), to: SIMD8<UInt16>.self)
    return (pairs & 0x00FF) &+ (pairs &>> 8)
  }

  // Written out rather than the standard library's generic `pointwiseMin` and
  // `pointwiseMax`, which are not inlined here.
  @inline(__always)
  private static func minimum(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
    a.replacing(with: b, where: b .< a)
  }

  @inline(__always)
  private static func maximum(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
    a.replacing(with: b, where: b .> a)
  }

  @inline(__always)
  private static func total(_ v: SIMD8<UInt16>) -> Int {
    Int(SIMD8<UInt32>(truncatingIfNeeded: v).wrappedSum())
  }

  /// The Paeth predictor per lane: of a, b and c, the one nearest p = a + b − c, ties
  /// going to a, then b. All in 8 bits: pa = |b − c| and pb = |a − c| fit, and
  /// pc = |(b − c) + (a − c)| is |pa − pb| when the two differences have opposite signs;
  /// otherwise it is pa + pb, at least both, which 255 stands in for in every comparison.
  @inline(__always)
  private static func paethPredictor(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>, _ c: SIMD16<UInt8>)
    -> SIMD16<UInt8>
  {
    let pa = maximum(b, c) &- minimum(b, c)
    let pb = maximum(a, c) &- minimum(a, c)
    let oppositeSigns = (minimum(b, c) .== c) .^ (minimum(a, c) .== c)
    var pc = SIMD16<UInt8>(repeating: 255)
    pc.replace(with: maximum(pa, pb) &- minimum(pa, pb), where: oppositeSigns)
    var predictor = c
    predictor.replace(with: b, where: minimum(pb, pc) .== pb)
    predictor.replace(with: a, where: (minimum(pa, pb) .== pa) .& (minimum(pa, pc) .== pa))
    return predictor
  }
}
