/// Raw DEFLATE compression (RFC 1951): LZ77 over a 32 KiB window with hash chains and
/// lazy matching, then each block is written stored, fixed or dynamic Huffman, whichever
/// is smallest.
public enum Deflate {
  /// Speed/size trade-off, with zlib's tuning for the corresponding levels.
  public struct Level: Sendable, Equatable {
    /// Longest hash chain walked per position.
    public var maxChain: Int
    /// A match this long ends the search at once.
    public var niceLength: Int
    /// A pending match this long is taken without looking one byte further.
    public var lazyLength: Int
    /// A pending match this long quarters the chain for the next search.
    public var goodLength: Int

    public init(maxChain: Int, niceLength: Int, lazyLength: Int, goodLength: Int) {
      self.maxChain = max(1, maxChain)
      self.niceLength = min(max(3, niceLength), 258)
      self.lazyLength = max(0, lazyLength)
      self.goodLength = max(3, goodLength)
    }

    /// Like zlib level 1–2: short chains, for per-frame use where speed matters most.
    public static let fast = Level(maxChain: 8, niceLength: 32, lazyLength: 4, goodLength: 4)
    /// Like zlib level 6.
    public static let `default` = Level(
      maxChain: 128, niceLength: 128, lazyLength: 16, goodLength: 8)
    /// Like zlib level 9.
    public static let best = Level(
      maxChain: 4096, niceLength: 258, lazyLength: 258, goodLength: 32)
  }

  /// Compresses `input` to a complete raw DEFLATE stream (final block included).
  public static func compress(_ input: [UInt8], level: Level = .default) -> [UInt8] {
    var out = input.withUnsafeBufferPointer { data in
      LZ77Matcher(level: level).run(data, raw: input)
    }
    out.alignToByte()
    return out.bytes
  }
}

/// Hash-chain LZ77 in zlib's lazy style: a match found at `p` is only taken if the
/// match at `p + 1` is not longer.
private struct LZ77Matcher {
  static let windowSize = 1 << 15
  static let windowMask = windowSize - 1
  static let hashBits = 15
  /// Farthest distance used: one less than the window so a chain slot is never reused
  /// while its position can still be matched (stale entries are then simply too far).
  static let maxDistance = windowSize - 1
  /// A 3-byte match farther than this costs more than three literals (zlib's TOO_FAR).
  static let tooFar = 4096
  static let blockTokens = 1 << 14

  let level: Deflate.Level

  @inline(__always)
  static func hash(_ data: UnsafeBufferPointer<UInt8>, _ p: Int) -> Int {
    let v = UInt32(data[p]) | UInt32(data[p + 1]) << 8 | UInt32(data[p + 2]) << 16
    return Int((v &* 2_654_435_761) >> UInt32(32 - hashBits))
  }

  func run(_ data: UnsafeBufferPointer<UInt8>, raw: [UInt8]) -> BitWriter {
    let n = data.count
    var sink = TokenSink(raw: raw, out: BitWriter(capacity: n / 2 + 64))
    // Chain heads per hash, and per window slot the previous position with the same hash.
    // Raw allocations rather than arrays keep the hot loop free of closures, whose
    // captured variables would need dynamic exclusivity checks.
    let head = UnsafeMutablePointer<Int>.allocate(capacity: 1 << LZ77Matcher.hashBits)
    head.initialize(repeating: -1, count: 1 << LZ77Matcher.hashBits)
    let prev = UnsafeMutablePointer<Int>.allocate(capacity: LZ77Matcher.windowSize)
    prev.initialize(repeating: -1, count: LZ77Matcher.windowSize)
    defer {
      head.deallocate()
      prev.deallocate()
    }
    @inline(__always) func insert(_ p: Int) -> Int {
      let h = LZ77Matcher.hash(data, p)
      let candidate = head[h]
      prev[p & LZ77Matcher.windowMask] = candidate
      head[h] = p
      return candidate
    }
    var pos = 0
    var pendingLength = 0  // match starting at pos - 1, if pendingValid
    var pendingDistance = 0
    var pendingValid = false
    while pos < n {
      var length = 0
      var distance = 0
      if pos + 3 <= n {
        let candidate = insert(pos)
        if pendingLength < level.lazyLength || !pendingValid {
          var chain = level.maxChain
          if pendingValid && pendingLength >= level.goodLength { chain = max(1, chain >> 2) }
          (length, distance) = longestMatch(
            data, at: pos, candidate: candidate, chain: chain,
            better: pendingValid ? max(2, pendingLength) : 2, prev: prev)
          if length == 3 && distance > LZ77Matcher.tooFar { length = 0 }
        }
      }
      if pendingValid && pendingLength >= 3 && length <= pendingLength {
        sink.match(pendingLength, pendingDistance)
        // Positions inside the match still go into the chains, for later matches.
        let end = pos - 1 + pendingLength
        var p = pos + 1
        while p < end && p + 3 <= n {
          _ = insert(p)
          p += 1
        }
        pos = end
        pendingValid = false
        pendingLength = 0
      } else {
        if pendingValid { sink.literal(data[pos - 1]) }
        pendingValid = true
        pendingLength = length
        pendingDistance = distance
        pos += 1
      }
    }
    if pendingValid { sink.literal(data[n - 1]) }
    sink.flush(final: true)
    return sink.out
  }

  /// The longest match (length ≥ `better + 1`, else 0) for `pos` along the chain.
  @inline(__always)
  func longestMatch(
    _ data: UnsafeBufferPointer<UInt8>, at pos: Int, candidate first: Int, chain: Int,
    better: Int, prev: UnsafeMutablePointer<Int>
  ) -> (Int, Int) {
    let n = data.count
    let maxLength = min(258, n - pos)
    var bestLength = better
    var bestDistance = 0
    guard maxLength > bestLength, let base = data.baseAddress else { return (0, 0) }
    let nice = min(level.niceLength, maxLength)
    var candidate = first
    var remaining = chain
    while candidate >= 0 && remaining > 0 {
      let distance = pos - candidate
      if distance > LZ77Matcher.maxDistance || distance <= 0 { break }
      // Cheap reject: the byte that would make this match better must agree first.
      if data[candidate + bestLength] == data[pos + bestLength] && data[candidate] == data[pos] {
        var length = 0
        // Eight bytes at a time, then the tail byte by byte.
        while length + 8 <= maxLength {
          let a = UnsafeRawPointer(base + candidate + length).loadUnaligned(as: UInt64.self)
          let b = UnsafeRawPointer(base + pos + length).loadUnaligned(as: UInt64.self)
          let diff = a ^ b
          if diff != 0 {
            length += diff.littleEndian.trailingZeroBitCount >> 3
            break
          }
          length += 8
        }
        if length + 8 > maxLength {
          while length < maxLength && data[candidate + length] == data[pos + length] {
            length += 1
          }
        }
        if length > bestLength {
          bestLength = length
          bestDistance = distance
          if length >= nice { break }
        }
      }
      candidate = prev[candidate & LZ77Matcher.windowMask]
      remaining -= 1
    }
    return bestDistance == 0 ? (0, 0) : (bestLength, bestDistance)
  }
}

/// Collects tokens and writes a block whenever enough have gathered.
private struct TokenSink {
  let raw: [UInt8]
  var out: BitWriter
  var block = DeflateTokens(capacity: LZ77Matcher.blockTokens + 2)
  var blockStart = 0
  var emitted = 0  // input bytes covered by tokens so far

  init(raw: [UInt8], out: BitWriter) {
    self.raw = raw
    self.out = out
  }

  mutating func flush(final: Bool) {
    DeflateBlockWriter.write(&block, raw: raw[blockStart..<emitted], isFinal: final, to: &out)
    block.reset()
    blockStart = emitted
  }

  @inline(__always)
  mutating func literal(_ byte: UInt8) {
    block.tokens.append(UInt32(byte))
    block.literalFrequencies[Int(byte)] += 1
    emitted += 1
    if block.tokens.count >= LZ77Matcher.blockTokens { flush(final: false) }
  }

  @inline(__always)
  mutating func match(_ length: Int, _ distance: Int) {
    block.tokens.append(UInt32(length) << 16 | UInt32(distance - 1))
    let ls = Int(DeflateTables.lengthSymbol[length - 3])
    block.literalFrequencies[257 + ls] += 1
    block.extraBits += DeflateTables.lengthExtraBits[ls]
    let d = distance - 1
    let ds = Int(
      d < 256 ? DeflateTables.distanceSymbol[d] : DeflateTables.distanceSymbol[256 + (d >> 7)])
    block.distanceFrequencies[ds] += 1
    block.extraBits += DeflateTables.distanceExtraBits[ds]
    emitted += length
    if block.tokens.count >= LZ77Matcher.blockTokens { flush(final: false) }
  }
}
