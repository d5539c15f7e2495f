/// The LZ77 half of DEFLATE: hash chains over a 32 KiB window with a bounded search and
/// lazy matching, in the manner of zlib's `deflate_slow` (no code taken from it).
///
/// This is one of the encoder's two unsafe kernels (the other is `RowFilter`). Its API is
/// safe: it reads only `input` and writes only `tokens`, every pointer access stays
/// inside them for any arguments, and `MatchFinderTests` checks its tokens against a
/// plain array implementation of the same algorithm (`PlainMatchFinder`). A chain entry
/// only proposes a candidate: its bytes are compared before a match is taken, so a stale
/// entry can cost compression, never correctness.
///
/// Tokens are literals (< 256) and matches packed as `length << 16 | (distance - 1)`.
struct MatchFinder: Sendable {
  static let windowSize = 1 << 15
  static let hashBits = 15
  /// Farthest distance used: one less than the window, so a chain slot is never reused
  /// while its position can still be matched (stale entries are then simply too far).
  static let maxDistance = windowSize - 1
  static let minMatch = 3
  static let maxMatch = 258
  /// A 3-byte match farther than this costs more than three literals (zlib's TOO_FAR).
  static let tooFar = 4096
  /// A match at a distance this short repeats a pattern of at most a pixel: a run. Only
  /// the last `runInsertTail` positions of a run go into the chains, which covers every
  /// phase of the pattern; the positions before them would only lengthen the chains
  /// with copies of the same bytes (in PNG rows, runs make most of the input).
  static let runPeriod = 4
  static let runInsertTail = 8

  /// Where parsing stands between calls. A found match (or literal) at `pos - 1` is held
  /// back while `pendingValid`, to see whether the match at `pos` is longer.
  private struct Cursor {
    var pos = 0
    var pendingLength = 0
    var pendingDistance = 0
    var pendingValid = false
  }

  /// Newest position per hash, and per window slot the previous position with the same
  /// hash; both relative to `base`, -1 for none. Int32 halves their cache footprint.
  private var head: [Int32]
  private var prev: [Int32]
  private var base = 0
  private var cursor = Cursor()
  /// Positions are rebased before `pos - base` passes this, so they fit in Int32.
  private let rebaseThreshold: Int

  /// `rebaseThreshold` is lowered only by tests, to exercise rebasing on small inputs.
  init(rebaseThreshold: Int = 1 << 30) {
    head = [Int32](repeating: -1, count: 1 << MatchFinder.hashBits)
    prev = [Int32](repeating: -1, count: MatchFinder.windowSize)
    self.rebaseThreshold = max(rebaseThreshold, 2 * MatchFinder.windowSize)
  }

  /// Forgets the previous input; the buffers are kept.
  mutating func reset() {
    for i in head.indices { head[i] = -1 }
    base = 0
    cursor = Cursor()
  }

  /// Input bytes covered by the tokens written so far.
  var covered: Int { cursor.pendingValid ? cursor.pos - 1 : cursor.pos }

  /// Continues parsing `input` (the same array since `reset`) from where the last call
  /// stopped, writing tokens at `tokens[count...]` until all but one slot of `tokens` is
  /// used or the input ends. Returns true once every input byte is covered.
  mutating func parse(
    _ input: [UInt8], level: Deflate.Level, into tokens: inout [UInt32], count: inout Int
  ) -> Bool {
    guard count >= 0, tokens.count >= 2, count < tokens.count - 1 else {
      return covered >= input.count
    }
    if cursor.pos - base > rebaseThreshold { rebase() }
    let start = cursor
    let base = self.base
    let filled = count
    let (end, newCount) = input.withUnsafeBufferPointer { data in
      head.withUnsafeMutableBufferPointer { head in
        prev.withUnsafeMutableBufferPointer { prev in
          tokens.withUnsafeMutableBufferPointer { out in
            MatchFinder.run(
              data, base: base, head: head, prev: prev, tokens: out, count: filled, cursor: start,
              level: level)
          }
        }
      }
    }
    cursor = end
    count = newCount
    return covered >= input.count
  }

  /// Moves `base` up to a window before the cursor; older positions become -1.
  private mutating func rebase() {
    let newBase = cursor.pos - MatchFinder.windowSize
    let delta = newBase - base
    guard delta > 0 else { return }
    for i in head.indices { head[i] = head[i] < 0 || Int(head[i]) < delta ? -1 : head[i] - Int32(delta) }
    for i in prev.indices { prev[i] = prev[i] < 0 || Int(prev[i]) < delta ? -1 : prev[i] - Int32(delta) }
    base = newBase
  }

  @inline(__always)
  private static func hash(_ p: UnsafePointer<UInt8>) -> Int {
    let v = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16
    return Int((v &* 2_654_435_761) >> UInt32(32 - hashBits))
  }

  // The kernel. Every read is at an index below `data.count` and every write below
  // `tokens.count`: positions read from the chains are used only after the distance check
  // puts them in [pos - maxDistance, pos - 1].
  private static func run(
    _ data: UnsafeBufferPointer<UInt8>, base: Int, head: UnsafeMutableBufferPointer<Int32>,
    prev: UnsafeMutableBufferPointer<Int32>, tokens: UnsafeMutableBufferPointer<UInt32>, count filled: Int,
    cursor: Cursor, level: Deflate.Level
  ) -> (Cursor, Int) {
    let n = data.count
    guard let bytes = data.baseAddress, let heads = head.baseAddress, let chains = prev.baseAddress,
      let out = tokens.baseAddress, head.count == 1 << hashBits, prev.count == windowSize,
      cursor.pos >= 0, cursor.pos <= n
    else { return (cursor, filled) }
    let limit = tokens.count - 1
    let mask = windowSize - 1
    var count = filled
    var pos = cursor.pos
    var pendingLength = cursor.pendingLength
    var pendingDistance = cursor.pendingDistance
    var pendingValid = cursor.pendingValid

    /// Adds position `p` (with `p + 3 <= n`) to its chain; returns the chain's previous
    /// head, relative to `base`.
    @inline(__always) func insert(_ p: Int) -> Int {
      let h = hash(bytes + p)
      let candidate = heads[h]
      chains[p & mask] = candidate
      heads[h] = Int32(truncatingIfNeeded: p - base)
      return Int(candidate)
    }

    while pos < n && count < limit {
      var length = 0
      var distance = 0
      if pos + minMatch <= n {
        let candidate = insert(pos)
        if !pendingValid || pendingLength < level.lazyLength {
          var chain = level.maxChain
          if pendingValid && pendingLength >= level.goodLength { chain = max(1, chain >> 2) }
          (length, distance) = longestMatch(
            bytes, n: n, pos: pos, first: candidate, base: base, chain: chain,
            better: pendingValid ? max(minMatch - 1, pendingLength) : minMatch - 1,
            nice: level.niceLength, chains: chains)
          if length == minMatch && distance > tooFar { length = 0 }
        }
      }
      if pendingValid && pendingLength >= minMatch && length <= pendingLength {
        out[count] = UInt32(pendingLength) << 16 | UInt32(pendingDistance - 1)
        count += 1
        // Positions inside the match still go into the chains, for later matches.
        let end = pos - 1 + pendingLength
        // In a run the hash repeats; the chain head is then the position just inserted,
        // taken from a register rather than reloaded behind the store to it.
        let insertEnd = min(end, n - minMatch + 1)
        var p = pos + 1
        if pendingDistance <= runPeriod && pendingLength > runInsertTail {
          p = max(p, end - runInsertTail)
        }
        var relative = Int32(truncatingIfNeeded: p &- base)
        var lastHash = -1
        while p < insertEnd {
          let h = hash(bytes + p)
          chains[p & mask] = h == lastHash ? relative &- 1 : heads[h]
          heads[h] = relative
          lastHash = h
          p &+= 1
          relative &+= 1
        }
        pos = end
        pendingValid = false
        pendingLength = 0
      } else {
        if pendingValid {
          out[count] = UInt32(bytes[pos - 1])
          count += 1
        }
        pendingValid = true
        pendingLength = length
        pendingDistance = distance
        pos += 1
      }
    }
    if pos >= n && pendingValid {
      // Only a literal can be pending here: a match at n - 1 has no room.
      out[count] = UInt32(bytes[n - 1])
      count += 1
      pendingValid = false
      pendingLength = 0
    }
    let end = Cursor(
      pos: pos, pendingLength: pendingLength, pendingDistance: pendingDistance, pendingValid: pendingValid)
    return (end, count)
  }

  /// The longest match longer than `better` for `pos` along the chain from `first`
  /// (relative to `base`), as (length, distance); (0, 0) when there is none.
  @inline(__always)
  private static func longestMatch(
    _ bytes: UnsafePointer<UInt8>, n: Int, pos: Int, first: Int, base: Int, chain: Int, better: Int,
    nice: Int, chains: UnsafeMutablePointer<Int32>
  ) -> (Int, Int) {
    let maxLength = min(maxMatch, n - pos)
    var bestLength = better
    var bestDistance = 0
    guard maxLength > bestLength else { return (0, 0) }
    let niceLength = min(nice, maxLength)
    let scan = bytes + pos
    var relative = first
    var remaining = chain
    while relative >= 0 && remaining > 0 {
      let candidate = relative + base
      let distance = pos - candidate
      if distance > maxDistance || distance <= 0 || candidate < 0 { break }
      let match = bytes + candidate
      // Cheap reject: the byte that would make this match better must agree first.
      if match[bestLength] == scan[bestLength] && match[0] == scan[0] {
        var length = 0
        // Eight bytes at a time, then the tail byte by byte.
        while length + 8 <= maxLength {
          let a = UnsafeRawPointer(match + length).loadUnaligned(as: UInt64.self)
          let b = UnsafeRawPointer(scan + length).loadUnaligned(as: UInt64.self)
          let diff = a ^ b
          if diff != 0 {
            length += UInt64(littleEndian: diff).trailingZeroBitCount >> 3
            break
          }
          length += 8
        }
        if length + 8 > maxLength {
          while length < maxLength && match[length] == scan[length] { length += 1 }
        }
        if length > bestLength {
          bestLength = length
          bestDistance = distance
          if length >= niceLength { break }
        }
      }
      relative = Int(chains[candidate & (windowSize - 1)])
      remaining -= 1
    }
    return bestDistance == 0 ? (0, 0) : (bestLength, bestDistance)
  }
}
