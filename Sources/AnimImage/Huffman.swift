/// A canonical Huffman code (RFC 1951 §3.2.2) ready for decoding.
///
/// Codes of up to `fastBits` bits resolve with one lookup of the next `fastBits` input bits;
/// longer codes fall back to walking the canonical code one bit at a time. Building costs
/// O(symbols + 2^fastBits), so a stream of many tiny blocks cannot make table building the
/// bottleneck, unlike a full 2^15-entry table per block.
struct Huffman: Sendable {
  static let fastBits = 9

  /// `symbol << 4 | length` for the code that the low `length` bits of the index spell
  /// (stream order), or 0 when the next code is longer than `fastBits` or invalid.
  let fast: [UInt16]
  /// Number of codes of each length 0...15.
  let counts: [Int]
  /// Symbols ordered by (length, symbol value): the canonical order.
  let symbols: [Int]

  enum Use {
    /// The code-length code: must be complete.
    case codeLengths
    /// Literal/length or distance codes: may also be a single code of length 1, as zlib
    /// accepts, or empty (decoding from it is then an error).
    case symbols
  }

  /// Fails when the lengths over-subscribe the code space, or leave it incomplete where
  /// RFC 1951 and zlib do not allow it.
  init(lengths: ArraySlice<UInt8>, use: Use) throws(InflateFailure) {
    var counts = [Int](repeating: 0, count: 16)
    for length in lengths { counts[Int(length)] += 1 }
    counts[0] = 0
    var left = 1
    var maxLength = 0
    for length in 1...15 {
      left <<= 1
      left -= counts[length]
      if left < 0 { throw InflateFailure("a Huffman code is over-subscribed") }
      if counts[length] > 0 { maxLength = length }
    }
    let used = counts.reduce(0, +)
    if left > 0 && used > 0 && (use == .codeLengths || maxLength != 1) {
      throw InflateFailure("a Huffman code is incomplete")
    }
    if used == 0 && use == .codeLengths {
      throw InflateFailure("the code-length code is empty")
    }
    self.init(checked: lengths, counts: counts)
  }

  /// Builds the tables from lengths already known not to over-subscribe the code space.
  init(checked lengths: ArraySlice<UInt8>) {
    var counts = [Int](repeating: 0, count: 16)
    for length in lengths { counts[Int(length)] += 1 }
    counts[0] = 0
    self.init(checked: lengths, counts: counts)
  }

  private init(checked lengths: ArraySlice<UInt8>, counts: [Int]) {
    let used = counts.reduce(0, +)
    // Offsets of each length's first symbol within `symbols`.
    var offsets = [Int](repeating: 0, count: 16)
    for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
    var symbols = [Int](repeating: 0, count: used)
    var next = offsets
    for (symbol, length) in zip(0..., lengths) where length != 0 {
      symbols[next[Int(length)]] = symbol
      next[Int(length)] += 1
    }
    // Canonical codes, first per length, then reversed into stream (LSB-first) order.
    var fast = [UInt16](repeating: 0, count: 1 << Huffman.fastBits)
    var code = 0
    var index = 0
    for length in 1...min(15, Huffman.fastBits) {
      for _ in 0..<counts[length] {
        let symbol = symbols[index]
        index += 1
        var reversed = 0
        for bit in 0..<length where code & (1 << (length - 1 - bit)) != 0 {
          reversed |= 1 << bit
        }
        var slot = reversed
        while slot < fast.count {
          fast[slot] = UInt16(symbol << 4 | length)
          slot += 1 << length
        }
        code += 1
      }
      code <<= 1
    }
    self.fast = fast
    self.counts = counts
    self.symbols = symbols
  }
}

/// A failure inside the zlib stream, with the stream offset (in bytes) near where it was
/// found; the PNG layer maps that back to a file offset.
struct InflateFailure: Error, Sendable {
  var message: String
  var streamOffset: Int?

  init(_ message: String, streamOffset: Int? = nil) {
    self.message = message
    self.streamOffset = streamOffset
  }
}
