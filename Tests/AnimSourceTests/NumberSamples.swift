@_exported import AnimTestSupport
/// The doubles the number writer's differential test feeds to both writers: a fixed list
/// of hard cases, then seeded random values. Two instances with the same seed and count
/// give the same sequence, so the thread that sends values to the reference and the one
/// that checks its answers each make their own.
struct NumberSamples: Sequence, IteratorProtocol, Sendable {
  private let randomCount: Int
  private var rng: TestRandom
  private var specialIndex = 0
  private var randomIndex = 0
  private let special = NumberSamples.hardCases()

  init(seed: UInt64, randomCount: Int) {
    self.rng = TestRandom(seed: seed)
    self.randomCount = randomCount
  }

  mutating func next() -> Double? {
    if specialIndex < special.count {
      specialIndex += 1
      return special[specialIndex - 1]
    }
    guard randomIndex < randomCount else { return nil }
    randomIndex += 1
    return random()
  }

  /// Powers of ten and of two with their neighbours, the integer limits, ties, subnormals
  /// and both zeros, each with its negative.
  static func hardCases() -> [Double] {
    var out: [Double] = [0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude]
    out.append(Double.leastNormalMagnitude.nextDown)  // the largest subnormal
    for k in -12...308 { out += neighbours(tenTo(k), ulps: 3) }
    for k in -1074...1023 { out += neighbours(Double(sign: .plus, exponent: k, significand: 1), ulps: 2) }
    let limits: [Double] = [
      Double(Int64.max), Double(UInt64.max), 0x1p53, 0x1p52, 0x1p63, 0x1p64, 1e17, 9e15,
    ]
    for limit in limits { out += neighbours(limit, ulps: 64) }
    // (k + ½)·10⁻⁶ as a double lands just above or below the tie; exact ties are j/128.
    for k in 0..<2_000 { out += neighbours((Double(k) + 0.5) / 1e6, ulps: 2) }
    for j in 0..<2_000 { out.append(Double(2 * j + 1) / 128) }
    for j in 1..<64 { out.append(Double.leastNonzeroMagnitude * Double(j)) }
    return out + out.map { -$0 }
  }

  private mutating func random() -> Double {
    let pick = rng.next() % 16
    let negative = rng.next() & 1 == 1
    var x: Double
    switch pick {
    case 0..<4:
      // Any bit pattern: every exponent equally likely (a non-finite one made finite).
      var bits = rng.next()
      if (bits >> 52) & 0x7FF == 0x7FF { bits &= ~(1 << 62) }
      return Double(bitPattern: bits)
    case 4..<8:
      // Ordinary magnitudes: uniform within ±10^k for k in −8...10.
      x = (2 * unit() - 1) * tenTo(Int(rng.next() % 19) - 8)
    case 8..<10:
      // Exact ties: an odd number of 128ths is an odd number of half-millionths.
      let j = rng.next() >> (12 + rng.next() % 52)
      x = Double(2 * j + 1) / 128
    case 10..<12:
      // Near ties: (k + ½)·10⁻⁶ computed in doubles, and a neighbour or two.
      let k = rng.next() >> (14 + rng.next() % 50)
      x = step((Double(k) + 0.5) / 1e6, by: Int(rng.next() % 5) - 2)
    case 12..<14:
      // Short decimals, as scenes write them: k / 10^d.
      let k = rng.next() >> (24 + rng.next() % 40)
      x = step(Double(k) / tenTo(Int(rng.next() % 8)), by: Int(rng.next() % 3) - 1)
    case 14:
      // Neighbours of a power of ten.
      x = step(tenTo(Int(rng.next() % 321) - 12), by: Int(rng.next() % 9) - 4)
    default:
      // Large integers: a random UInt64 of random width, or near a limit.
      let limits: [Double] = [Double(Int64.max), 0x1p53, 0x1p63, 0x1p64]
      if rng.next() & 1 == 0 {
        x = Double(rng.next() >> (rng.next() % 64))
      } else {
        x = step(limits[Int(rng.next() % 4)], by: Int(rng.next() % 2001) - 1000)
      }
    }
    return negative ? -x : x
  }

  /// Uniform in [0, 1) with 53 random bits.
  private mutating func unit() -> Double {
    Double(rng.next() >> 11) * 0x1p-53
  }

  private static func neighbours(_ x: Double, ulps: Int) -> [Double] {
    (-ulps...ulps).map { step(x, by: $0) }
  }

  private func step(_ x: Double, by ulps: Int) -> Double { Self.step(x, by: ulps) }

  private static func step(_ x: Double, by ulps: Int) -> Double {
    var y = x
    for _ in 0..<abs(ulps) { y = ulps < 0 ? y.nextDown : y.nextUp }
    return y
  }

  /// The double nearest 10^k, as a decimal literal reads.
  private func tenTo(_ k: Int) -> Double { Self.tenTo(k) }

  private static func tenTo(_ k: Int) -> Double {
    Double("1e\(k)") ?? .nan
  }
}
