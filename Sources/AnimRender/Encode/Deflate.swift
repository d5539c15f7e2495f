/// Raw DEFLATE compression (RFC 1951): LZ77 over a 32 KiB window with hash chains, a
/// bounded search and lazy matching (`MatchFinder`), then each block of 16 K tokens is
/// written stored, fixed or dynamic Huffman, whichever is smallest (`DeflateBlockWriter`).
/// For many inputs in a row, a `Deflater` keeps its buffers.
package enum Deflate {
  /// Speed/size trade-off, with zlib's tuning for the corresponding levels.
  package struct Level: Sendable, Equatable {
    /// Longest hash chain walked per position.
    package var maxChain: Int
    /// A match this long ends the search at once.
    package var niceLength: Int
    /// A pending match this long is taken without looking one byte further.
    package var lazyLength: Int
    /// A pending match this long quarters the chain for the next search.
    package var goodLength: Int

    package init(maxChain: Int, niceLength: Int, lazyLength: Int, goodLength: Int) {
      self.maxChain = max(1, maxChain)
      self.niceLength = min(max(3, niceLength), 258)
      self.lazyLength = max(0, lazyLength)
      self.goodLength = max(3, goodLength)
    }

    /// Like zlib level 1–2: short chains, for per-frame use where speed matters most.
    package static let fast = Level(maxChain: 8, niceLength: 32, lazyLength: 4, goodLength: 4)
    /// Like zlib level 6.
    package static let `default` = Level(
      maxChain: 128, niceLength: 128, lazyLength: 16, goodLength: 8)
    /// Like zlib level 9.
    package static let best = Level(
      maxChain: 4096, niceLength: 258, lazyLength: 258, goodLength: 32)
  }

  /// Compresses `input` to a complete raw DEFLATE stream (final block included).
  package static func compress(_ input: [UInt8], level: Level = .default) -> [UInt8] {
    var deflater = Deflater(level: level)
    var out: [UInt8] = []
    deflater.compress(input, appendingTo: &out)
    return out
  }
}

/// A DEFLATE compressor that keeps its hash chains, token buffer and bit writer from one
/// input to the next, so compressing a sequence of frames allocates little after the
/// first. Its output for an input does not depend on what it compressed before.
package struct Deflater: Sendable {
  /// Tokens per block, as zlib's default 16 K symbol buffer: small enough that each
  /// block's codes follow the data's local statistics.
  static let blockTokens = 1 << 14

  package var level: Deflate.Level
  private var finder = MatchFinder()
  /// One slot more than a block: `MatchFinder.parse` keeps one free.
  private var tokens = [UInt32](repeating: 0, count: Deflater.blockTokens + 1)
  private var writer = BitWriter()

  package init(level: Deflate.Level = .default) { self.level = level }

  /// Appends the complete raw DEFLATE stream of `input` (final block included) to `out`.
  package mutating func compress(_ input: [UInt8], appendingTo out: inout [UInt8]) {
    finder.reset()
    // The writer takes over `out`'s storage, so the stream is written in place.
    swap(&writer.bytes, &out)
    var blockStart = 0
    var finished = false
    while !finished {
      var count = 0
      finished = finder.parse(input, level: level, into: &tokens, count: &count)
      let blockEnd = finder.covered
      DeflateBlockWriter.write(
        tokens[0..<count], raw: input[blockStart..<blockEnd], isFinal: finished, to: &writer)
      blockStart = blockEnd
    }
    writer.alignToByte()
    swap(&writer.bytes, &out)
  }
}
