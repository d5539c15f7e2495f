/// Steele, Lea and Flood's SplitMix64: a tiny generator whose output is fixed by its
/// published constants, so draws are identical on every platform (§7).
package struct SplitMix64: Hashable, Sendable {
  package private(set) var state: UInt64

  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// 64-bit FNV-1a of a byte sequence (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
package func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash ^= UInt64(byte)
    hash &*= 0x0000_0100_0000_01b3
  }
  return hash
}

/// 64-bit FNV-1a of a string's UTF-8 bytes.
package func fnv1a64(_ string: String) -> UInt64 { fnv1a64(string.utf8) }

/// One named stream of draws (§7): an emitter's, a node's, or the top-level `let`s'
/// (the name ""). Seeding with the name keeps each stream independent of the others.
package struct RandomStream: Hashable, Sendable {
  private var generator: SplitMix64

  /// A stream seeded with `seed XOR fnv1a64(UTF-8 of name)`.
  package init(seed: UInt64, name: String) {
    generator = SplitMix64(seed: seed ^ fnv1a64(name))
  }

  /// A stream for a scene's seed written as a (possibly negative) integer: its two's
  /// complement bits.
  package init(seed: Int, name: String) {
    self.init(seed: UInt64(bitPattern: Int64(seed)), name: name)
  }

  /// The next raw 64 bits.
  package mutating func next() -> UInt64 { generator.next() }

  /// Uniform in [0, 1): the top 53 bits scaled by 2⁻⁵³, exact in a Double.
  package mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// `random(a..b)` = a + (b − a)·u.
  package mutating func uniform(_ a: Double, _ b: Double) -> Double {
    a + (b - a) * unit()
  }

  /// `randomInt(a..b)` = a + floor(u·(b − a + 1)), inclusive of both ends for whole a, b.
  package mutating func int(_ a: Double, _ b: Double) -> Double {
    a + (unit() * (b - a + 1)).rounded(.down)
  }

  /// `randomInt` on Ints; the result is clamped into Int's range, never trapping.
  package mutating func int(_ a: Int, _ b: Int) -> Int {
    let v = int(Double(a), Double(b))
    guard v.isFinite else { return a }
    if v >= 9.2e18 { return Int.max }
    if v <= -9.2e18 { return Int.min }
    return Int(v)
  }

  /// `choose` among n arguments: floor(u·n), in 0..<n (0 when n ≤ 0).
  package mutating func chooseIndex(_ n: Int) -> Int {
    guard n > 0 else { return 0 }
    return min(Int((unit() * Double(n)).rounded(.down)), n - 1)
  }
}
