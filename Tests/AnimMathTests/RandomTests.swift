import Testing

@testable import AnimMath

@Test func splitMix64MatchesTheReferenceOutputs() {
  // Published outputs of SplitMix64 for seed 0.
  var g = SplitMix64(seed: 0)
  #expect(g.next() == 0xE220_A839_7B1D_CDAF)
  #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
  #expect(g.next() == 0x06C4_5D18_8009_454F)
}

@Test func fnv1aMatchesTheReferenceHashes() {
  #expect(fnv1a64("") == 0xcbf2_9ce4_8422_2325)
  #expect(fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
  #expect(fnv1a64("foobar") == 0x8594_4171_f739_67e8)
  #expect(fnv1a64([UInt8]("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
}

@Test func streamsAreSeededBySeedXorNameHash() {
  // The top-level `let`s' stream, name "", with seed 0 starts from fnv1a64("") itself.
  var lets = RandomStream(seed: 0, name: "")
  var direct = SplitMix64(seed: 0xcbf2_9ce4_8422_2325)
  #expect(lets.next() == direct.next())
  // Seed 42, emitter "likes": seed XOR hash.
  var likes = RandomStream(seed: 42, name: "likes")
  var manual = SplitMix64(seed: 42 ^ fnv1a64("likes"))
  for _ in 0..<5 { #expect(likes.next() == manual.next()) }
  // A negative seed uses its two's complement bits.
  var negative = RandomStream(seed: -1, name: "")
  var bits = SplitMix64(seed: UInt64.max ^ 0xcbf2_9ce4_8422_2325)
  #expect(negative.next() == bits.next())
}

@Test func drawsFollowTheSpecFormulas() {
  // Seed 0, name "" would hash; use the raw generator's first output through a stream
  // whose seed cancels the hash: seed = fnv1a64("") → state 0 → 0xE220A8397B1DCDAF.
  func fresh() -> RandomStream { RandomStream(seed: UInt64(0xcbf2_9ce4_8422_2325), name: "") }
  // u = (0xE220A8397B1DCDAF >> 11) × 2⁻⁵³ = 0x1C4115072F63B9 / 2⁵³ = 0.883311…
  let u = Double(0x1C_4415_072F_63B9) / 9_007_199_254_740_992
  var s = fresh()
  #expect(s.unit() == u)
  s = fresh()
  #expect(s.uniform(10, 20) == 10 + 10 * u)
  // randomInt(1..6) = 1 + floor(u·6) = 1 + 5 = 6.
  s = fresh()
  #expect(s.int(1, 6) == 6)
  s = fresh()
  #expect(s.int(1.0, 6.0) == 6.0)
  // choose among 4: floor(u·4) = 3.
  s = fresh()
  #expect(s.chooseIndex(4) == 3)
  s = fresh()
  #expect(s.chooseIndex(0) == 0)
  var many = RandomStream(seed: 7, name: "x")
  for _ in 0..<10_000 {
    let v = many.unit()
    #expect(v >= 0 && v < 1)
    let i = many.int(-3, 3)
    #expect(i >= -3 && i <= 3)
  }
  var extreme = RandomStream(seed: 1, name: "")
  _ = extreme.int(Int.min, Int.max)
  _ = extreme.int(.nan, 1.0)
}
