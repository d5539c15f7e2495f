/// Deterministic pseudo-random numbers for generating test inputs: Steele, Lea and
/// Flood's SplitMix64, a fixed portable sequence per seed, so a failure reproduces.
/// (The product's own `SplitMix64` in AnimMath is what §7 specifies; this one belongs to
/// the tests, which must not depend on the code they check to make their inputs.)
public struct TestRandom: Sendable {
  private var state: UInt64

  public init(state: UInt64) { self.state = state }
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (0 when `bound` is below 1).
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

  /// A number in [0, 1) with 53 random bits.
  public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  public mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }

  public mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in byte() } }
}
