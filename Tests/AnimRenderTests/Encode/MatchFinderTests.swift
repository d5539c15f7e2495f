import Testing

@testable import AnimRender

/// The match finder's algorithm written plainly: arrays, absolute positions, a chain
/// link per input position (not per window slot), the whole input in one pass and a
/// byte-by-byte match length. Lazy evaluation as zlib describes it: a match found at
/// `p` is emitted only if the match at `p + 1` is not longer. Positions inside a match
/// are inserted into the chains, except in a run, where only the last 8 are. The unsafe kernel must
/// produce exactly these tokens, however its output buffer and rebasing cut the work.
enum PlainMatchFinder {
  static func tokens(_ data: [UInt8], level: Deflate.Level) -> [UInt32] {
    let n = data.count
    var head = [Int](repeating: -1, count: 1 << 15)
    var previous = [Int](repeating: -1, count: n)
    var tokens: [UInt32] = []

    func insert(_ p: Int) -> Int {
      let v = UInt32(data[p]) | UInt32(data[p + 1]) << 8 | UInt32(data[p + 2]) << 16
      let h = Int((v &* 2_654_435_761) >> 17)
      let candidate = head[h]
      previous[p] = candidate
      head[h] = p
      return candidate
    }

    func longestMatch(_ pos: Int, _ first: Int, chain: Int, better: Int) -> (length: Int, distance: Int) {
      let maxLength = min(258, n - pos)
      guard maxLength > better else { return (0, 0) }
      var best = better
      var bestDistance = 0
      var candidate = first
      var remaining = chain
      while candidate >= 0 && remaining > 0 && pos - candidate <= 32767 {
        var length = 0
        while length < maxLength && data[candidate + length] == data[pos + length] { length += 1 }
        if length > best {
          best = length
          bestDistance = pos - candidate
          if length >= min(level.niceLength, maxLength) { break }
        }
        candidate = previous[candidate]
        remaining -= 1
      }
      return bestDistance == 0 ? (0, 0) : (best, bestDistance)
    }

    var pos = 0
    var pending: (length: Int, distance: Int)? = nil
    while pos < n {
      var found = (length: 0, distance: 0)
      if pos + 3 <= n {
        let candidate = insert(pos)
        if pending == nil || pending!.length < level.lazyLength {
          var chain = level.maxChain
          if let p = pending, p.length >= level.goodLength { chain = max(1, chain / 4) }
          found = longestMatch(pos, candidate, chain: chain, better: max(2, pending?.length ?? 0))
          if found.length == 3 && found.distance > 4096 { found.length = 0 }
        }
      }
      if let p = pending, p.length >= 3, found.length <= p.length {
        tokens.append(UInt32(p.length) << 16 | UInt32(p.distance - 1))
        let end = pos - 1 + p.length
        // A run (distance of at most 4) inserts only its last 8 positions.
        let first = p.distance <= 4 ? max(pos + 1, end - 8) : pos + 1
        for q in first..<max(first, end) where q + 3 <= n { _ = insert(q) }
        pos = end
        pending = nil
      } else {
        if pending != nil { tokens.append(UInt32(data[pos - 1])) }
        pending = found
        pos += 1
      }
    }
    if pending != nil { tokens.append(UInt32(data[n - 1])) }
    return tokens
  }

  /// The bytes `tokens` stand for: the independent check that they describe the input.
  static func expand(_ tokens: [UInt32]) -> [UInt8] {
    var out: [UInt8] = []
    for token in tokens {
      if token < 256 {
        out.append(UInt8(token))
      } else {
        let start = out.count - Int(token & 0xFFFF) - 1
        for i in 0..<Int(token >> 16) { out.append(out[start + i]) }
      }
    }
    return out
  }
}

/// Where two arrays first differ (an index, or the shorter length), nil if equal: a short
/// failure message where printing both arrays would not be.
func firstDifference<T: Equatable>(_ a: [T], _ b: [T]) -> Int? {
  for index in 0..<min(a.count, b.count) where a[index] != b[index] { return index }
  return a.count == b.count ? nil : min(a.count, b.count)
}

@Suite struct MatchFinderTests {
  /// The kernel's tokens for `data`, parsed with a token buffer of `capacity`.
  static func kernelTokens(
    _ data: [UInt8], level: Deflate.Level, capacity: Int, finder: inout MatchFinder
  ) -> [UInt32] {
    finder.reset()
    var all: [UInt32] = []
    var buffer = [UInt32](repeating: 0, count: capacity)
    var finished = false
    var calls = 0
    var covered = 0
    while !finished && calls <= data.count {
      var count = 0
      finished = finder.parse(data, level: level, into: &buffer, count: &count)
      for token in buffer[0..<count] { covered += token < 256 ? 1 : Int(token >> 16) }
      all += buffer[0..<count]
      if finder.covered != covered { Issue.record("covered \(finder.covered), tokens cover \(covered)") }
      calls += 1
    }
    #expect(finished)
    return all
  }

  static func inputs() -> [[UInt8]] {
    var list = ZlibTests.inputs()
    // PNG rows: filtered images, the data the encoder really sees.
    for image in PNGEncoderTests.images() { list.append(PNGEncoder.filter(image)) }
    // Long zero runs broken by short noise: chains full of one hash.
    var r = TestRandom(state: 99)
    var runs: [UInt8] = []
    while runs.count < 300_000 {
      runs += [UInt8](repeating: 0, count: r.below(5000))
      runs += r.bytes(r.below(20))
    }
    list.append(runs)
    return list
  }

  @Test(arguments: [Deflate.Level.fast, .default, .best])
  func kernelMatchesThePlainImplementation(level: Deflate.Level) {
    var finder = MatchFinder()
    var rebasing = MatchFinder(rebaseThreshold: 1 << 16)
    // The plain search is slow in a debug build with zlib -9's 4096-long chains.
    for (index, data) in Self.inputs().enumerated() where level != .best || data.count <= 100_000 {
      let expected = PlainMatchFinder.tokens(data, level: level)
      #expect(firstDifference(PlainMatchFinder.expand(expected), data) == nil, "plain tokens of input \(index)")
      // One finder reused across inputs: nothing may leak from one input to the next.
      let whole = Self.kernelTokens(data, level: level, capacity: 1 << 14, finder: &finder)
      #expect(firstDifference(whole, expected) == nil, "input \(index), \(data.count) bytes")
      // Six tokens per call, and positions rebased every 64 KiB.
      let small = Self.kernelTokens(data, level: level, capacity: 7, finder: &rebasing)
      #expect(firstDifference(small, expected) == nil, "input \(index) in blocks of 6 tokens, rebased")
    }
  }

  @Test func refusesAFullOrTinyBuffer() {
    var finder = MatchFinder()
    let data = [UInt8](repeating: 1, count: 100)
    var tiny = [UInt32](repeating: 0, count: 1)
    var count = 0
    #expect(finder.parse(data, level: .default, into: &tiny, count: &count) == false)
    #expect(count == 0)
    var buffer = [UInt32](repeating: 0, count: 4)
    count = 3
    #expect(finder.parse(data, level: .default, into: &buffer, count: &count) == false)
    #expect(count == 3)
    count = -5
    #expect(finder.parse(data, level: .default, into: &buffer, count: &count) == false)
    var empty = MatchFinder()
    count = 0
    #expect(empty.parse([], level: .default, into: &buffer, count: &count))
    #expect(count == 0)
  }
}
