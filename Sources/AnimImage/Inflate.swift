import AnimChecksum
/// zlib (RFC 1950) around DEFLATE (RFC 1951): stored, fixed and dynamic blocks.
///
/// Output is capped at `limit` bytes: a stream that would produce more fails as soon as it
/// tries, so a stream that expands to gigabytes costs at most `limit` bytes and time in
/// proportion to its own length. Every loop either consumes input or produces output, and
/// reading past the input is an error, so no input can make it run forever.
struct Inflater {
  private let input: [UInt8]
  /// Next input byte not yet in `bitBuffer`.
  private var position = 0
  /// Input bits not yet consumed, least significant first.
  private var bitBuffer: UInt64 = 0
  private var bitCount = 0
  private(set) var output: [UInt8] = []
  private let limit: Int

  /// The inflated bytes of a complete zlib stream, which must produce exactly `size` bytes
  /// and end with a matching Adler-32, with nothing after it.
  static func zlibDecompress(_ data: [UInt8], size: Int) throws(InflateFailure) -> [UInt8] {
    var inflater = Inflater(input: data, limit: size)
    // Deflate cannot expand by more than 1032:1, so a short stream reserves little.
    inflater.output.reserveCapacity(min(size, data.count.multipliedReportingOverflow(by: 1032).partialValue))
    try inflater.zlibHeader()
    try inflater.blocks()
    try inflater.trailer()
    if inflater.output.count < size {
      throw InflateFailure(
        "the zlib stream ends after \(inflater.output.count) of the \(size) bytes the header implies",
        streamOffset: data.count)
    }
    return inflater.output
  }

  private init(input: [UInt8], limit: Int) {
    self.input = input
    self.limit = limit
  }

  /// Byte offset of the next unconsumed bit, for messages.
  private var offset: Int { position - bitCount / 8 }

  private func fail(_ message: String) -> InflateFailure {
    InflateFailure(message, streamOffset: offset)
  }

  private mutating func refill() {
    while bitCount <= 56 && position < input.count {
      bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
      position += 1
      bitCount += 8
    }
  }

  /// The next `count` (≤ 32) bits, least significant first.
  private mutating func bits(_ count: Int) throws(InflateFailure) -> Int {
    if bitCount < count {
      refill()
      if bitCount < count { throw fail("the zlib stream is truncated") }
    }
    let value = Int(bitBuffer & ((1 << UInt64(count)) - 1))
    bitBuffer >>= UInt64(count)
    bitCount -= count
    return value
  }

  /// Drops the bits up to the next byte boundary and returns unread buffered bytes to the input.
  private mutating func alignToByte() {
    let drop = bitCount % 8
    bitBuffer >>= UInt64(drop)
    bitCount -= drop
    position -= bitCount / 8
    bitBuffer = 0
    bitCount = 0
  }

  private mutating func zlibHeader() throws(InflateFailure) {
    guard input.count >= 2 else { throw fail("the zlib stream is truncated") }
    let cmf = Int(input[0])
    let flg = Int(input[1])
    guard cmf & 0x0F == 8 else { throw fail("the zlib stream's compression method is \(cmf & 0x0F), not deflate (8)") }
    guard cmf >> 4 <= 7 else { throw fail("the zlib stream's window size is invalid") }
    guard (cmf << 8 | flg) % 31 == 0 else { throw fail("the zlib header's check bits are wrong") }
    guard flg & 0x20 == 0 else { throw fail("the zlib stream asks for a preset dictionary, which PNG forbids") }
    position = 2
  }

  private mutating func trailer() throws(InflateFailure) {
    alignToByte()
    guard position + 4 <= input.count else { throw fail("the zlib stream's Adler-32 checksum is missing") }
    let stored =
      UInt32(input[position]) << 24 | UInt32(input[position + 1]) << 16 | UInt32(input[position + 2]) << 8
      | UInt32(input[position + 3])
    let computed = Adler32.checksum(output)
    guard stored == computed else {
      throw fail(
        "the zlib Adler-32 checksum does not match (stored \(hex(stored)), computed \(hex(computed)))")
    }
    position += 4
    guard position == input.count else { throw fail("there are bytes after the end of the zlib stream") }
  }

  private mutating func blocks() throws(InflateFailure) {
    var final = false
    while !final {
      final = try bits(1) == 1
      switch try bits(2) {
      case 0: try storedBlock()
      case 1: try codes(literals: Inflater.fixedLiterals, distances: Inflater.fixedDistances)
      case 2:
        let (literals, distances) = try dynamicTables()
        try codes(literals: literals, distances: distances)
      default: throw fail("a deflate block has the reserved type 3")
      }
    }
  }

  private mutating func storedBlock() throws(InflateFailure) {
    alignToByte()
    guard position + 4 <= input.count else { throw fail("the zlib stream is truncated") }
    let length = Int(input[position]) | Int(input[position + 1]) << 8
    let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
    guard length == complement ^ 0xFFFF else { throw fail("a stored block's length check does not match") }
    position += 4
    guard position + length <= input.count else { throw fail("the zlib stream is truncated") }
    guard output.count + length <= limit else { throw tooMuch() }
    output += input[position..<position + length]
    position += length
  }

  private func tooMuch() -> InflateFailure {
    fail("the zlib stream inflates to more than the \(limit) bytes the header implies")
  }

  /// Decodes one symbol: one table lookup for short codes, bit by bit for long ones.
  private mutating func decode(_ code: Huffman) throws(InflateFailure) -> Int {
    if bitCount < 15 { refill() }
    let entry = Int(code.fast[Int(bitBuffer & UInt64((1 << Huffman.fastBits) - 1))])
    let length = entry & 15
    if length != 0 && length <= bitCount {
      bitBuffer >>= UInt64(length)
      bitCount -= length
      return entry >> 4
    }
    // Canonical walk (as zlib's puff): `first` is the first code of each length.
    var value = 0
    var first = 0
    var index = 0
    for length in 1...15 {
      value |= try bits(1)
      let count = code.counts[length]
      if value - first < count { return code.symbols[index + value - first] }
      index += count
      first = (first + count) << 1
      value <<= 1
    }
    throw fail("the zlib stream has an invalid Huffman code")
  }

  private mutating func codes(literals: Huffman, distances: Huffman) throws(InflateFailure) {
    while true {
      let symbol = try decode(literals)
      if symbol < 256 {
        guard output.count < limit else { throw tooMuch() }
        output.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      let lengthIndex = symbol - 257
      guard lengthIndex < 29 else { throw fail("the zlib stream uses the invalid length code \(symbol)") }
      let length = Inflater.lengthBase[lengthIndex] + (try bits(Inflater.lengthExtra[lengthIndex]))
      let distanceCode = try decode(distances)
      guard distanceCode < 30 else { throw fail("the zlib stream uses the invalid distance code \(distanceCode)") }
      let distance = Inflater.distanceBase[distanceCode] + (try bits(Inflater.distanceExtra[distanceCode]))
      guard distance <= output.count else { throw fail("a back-reference reaches before the start of the data") }
      guard output.count + length <= limit else { throw tooMuch() }
      var from = output.count - distance
      for _ in 0..<length {
        output.append(output[from])
        from += 1
      }
    }
  }

  private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  private mutating func dynamicTables() throws(InflateFailure) -> (Huffman, Huffman) {
    let literalCount = try bits(5) + 257
    let distanceCount = try bits(5) + 1
    let codeLengthCount = try bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else {
      throw fail("a dynamic block declares too many length or distance codes")
    }
    var codeLengthLengths = [UInt8](repeating: 0, count: 19)
    for i in 0..<codeLengthCount {
      codeLengthLengths[Inflater.codeLengthOrder[i]] = UInt8(try bits(3))
    }
    let codeLengthCode = try code(codeLengthLengths[...], use: .codeLengths)
    var lengths: [UInt8] = []
    lengths.reserveCapacity(literalCount + distanceCount)
    while lengths.count < literalCount + distanceCount {
      let symbol = try decode(codeLengthCode)
      var repeated: UInt8 = 0
      var times = 1
      switch symbol {
      case 0...15: repeated = UInt8(symbol)
      case 16:
        guard let previous = lengths.last else { throw fail("a code-length repeat has nothing to repeat") }
        repeated = previous
        times = 3 + (try bits(2))
      case 17: times = 3 + (try bits(3))
      default: times = 11 + (try bits(7))
      }
      guard lengths.count + times <= literalCount + distanceCount else {
        throw fail("a dynamic block's code lengths run past their count")
      }
      lengths += repeatElement(repeated, count: times)
    }
    guard lengths[256] != 0 else { throw fail("a dynamic block has no end-of-block code") }
    let literals = try code(lengths[0..<literalCount], use: .symbols)
    let distances = try code(lengths[literalCount...], use: .symbols)
    return (literals, distances)
  }

  /// A Huffman code from a dynamic block's header; a bad one is reported where it ends.
  private func code(_ lengths: ArraySlice<UInt8>, use: Huffman.Use) throws(InflateFailure) -> Huffman {
    do {
      return try Huffman(lengths: lengths, use: use)
    } catch {
      throw fail(error.message)
    }
  }

  /// RFC 1951 §3.2.6's fixed codes. The distance code has 32 symbols of length 5; the last
  /// two never occur in valid data.
  private static let fixedLiterals: Huffman = {
    var lengths = [UInt8](repeating: 8, count: 288)
    for i in 144..<256 { lengths[i] = 9 }
    for i in 256..<280 { lengths[i] = 7 }
    return Huffman(checked: lengths[...])
  }()

  private static let fixedDistances = Huffman(checked: [UInt8](repeating: 5, count: 32)[...])

  private static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  private static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
  ]
  private static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]
}

/// `value` as eight upper-case hex digits, for checksum messages.
func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
