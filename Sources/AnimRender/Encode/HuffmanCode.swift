/// A canonical Huffman code (RFC 1951 §3.2.2) whose codes are stored bit-reversed,
/// ready for the least-significant-bit-first writer.
struct HuffmanCode {
  /// Code length per symbol; 0 means the symbol is unused.
  private(set) var lengths: [UInt8]
  /// Bit-reversed code per symbol.
  private(set) var codes: [UInt16]

  /// The canonical code for the given lengths (which must satisfy Kraft's inequality).
  init(lengths: [UInt8]) {
    self.lengths = lengths
    var lengthCount = [Int](repeating: 0, count: 16)
    for length in lengths where length > 0 { lengthCount[Int(length)] += 1 }
    var nextCode = [Int](repeating: 0, count: 16)
    var code = 0
    for bits in 1..<16 {
      code = (code + lengthCount[bits - 1]) << 1
      nextCode[bits] = code
    }
    var codes = [UInt16](repeating: 0, count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      let value = nextCode[Int(length)]
      nextCode[Int(length)] += 1
      codes[symbol] = HuffmanCode.reverse(UInt16(truncatingIfNeeded: value), bits: Int(length))
    }
    self.codes = codes
  }

  /// An optimal code for `frequencies` with no code longer than `maxLength`. At least two
  /// symbols always get a code so every code is complete, which every inflater accepts.
  init(frequencies: [UInt32], maxLength: Int) {
    self.init(lengths: HuffmanCode.lengths(frequencies: frequencies, maxLength: maxLength))
  }

  /// Per symbol `code << 8 | length`, so a writer reads one table entry per symbol.
  var packed: [UInt32] {
    var table = [UInt32](repeating: 0, count: lengths.count)
    for i in table.indices { table[i] = UInt32(codes[i]) << 8 | UInt32(lengths[i]) }
    return table
  }

  /// The encoded size in bits of data with these symbol frequencies (without extra bits).
  func cost(_ frequencies: [UInt32]) -> Int {
    var bits = 0
    for (symbol, count) in frequencies.enumerated() {
      bits += Int(count) * Int(lengths[symbol])
    }
    return bits
  }

  private static func reverse(_ value: UInt16, bits: Int) -> UInt16 {
    var v = value
    var r: UInt16 = 0
    for _ in 0..<bits {
      r = (r << 1) | (v & 1)
      v >>= 1
    }
    return r
  }

  /// Huffman lengths via the two-queue method on sorted leaves, then the length limit is
  /// enforced by moving leaves down the tree until the Kraft sum is exactly one (the
  /// approach of miniz): near-optimal and simple, with at most 288 symbols.
  static func lengths(frequencies: [UInt32], maxLength: Int) -> [UInt8] {
    var used = frequencies.indices.filter { frequencies[$0] > 0 }
    // Pad to two symbols so the code is complete (a lone code of length 1 is legal for
    // zlib but not for every decoder).
    var padding = 0
    while used.count < 2 && padding < frequencies.count {
      if frequencies[padding] == 0 { used.append(padding) }
      padding += 1
    }
    var lengths = [UInt8](repeating: 0, count: frequencies.count)
    if used.count < 2 {
      for symbol in used { lengths[symbol] = 1 }
      return lengths
    }
    used.sort { (frequencies[$0], $0) < (frequencies[$1], $1) }
    let n = used.count
    var weight = [UInt64](repeating: 0, count: 2 * n - 1)
    var parent = [Int](repeating: 0, count: 2 * n - 1)
    for (i, symbol) in used.enumerated() { weight[i] = UInt64(max(frequencies[symbol], 1)) }
    var leaf = 0
    var inner = n
    var next = n
    // Leaves and created nodes both come out in non-decreasing weight order, so the
    // smallest node is always at the head of one of the two queues.
    func takeSmallest() -> Int {
      if leaf < n && (inner >= next || weight[leaf] <= weight[inner]) {
        leaf += 1
        return leaf - 1
      }
      inner += 1
      return inner - 1
    }
    while next < 2 * n - 1 {
      let a = takeSmallest()
      let b = takeSmallest()
      weight[next] = weight[a] + weight[b]
      parent[a] = next
      parent[b] = next
      next += 1
    }
    var depth = [Int](repeating: 0, count: 2 * n - 1)
    var lengthCount = [Int](repeating: 0, count: max(n, maxLength) + 1)
    for node in stride(from: 2 * n - 3, through: 0, by: -1) {
      depth[node] = depth[parent[node]] + 1
      if node < n { lengthCount[depth[node]] += 1 }
    }
    // Enforce the limit: fold overlong leaves into maxLength, then repair the Kraft sum.
    for bits in stride(from: maxLength + 1, to: lengthCount.count, by: 1) {
      lengthCount[maxLength] += lengthCount[bits]
      lengthCount[bits] = 0
    }
    var total = 0
    for bits in 1...maxLength { total += lengthCount[bits] << (maxLength - bits) }
    while total > 1 << maxLength {
      lengthCount[maxLength] -= 1
      for bits in stride(from: maxLength - 1, to: 0, by: -1) where lengthCount[bits] > 0 {
        lengthCount[bits] -= 1
        lengthCount[bits + 1] += 2
        break
      }
      total -= 1
    }
    // Rarest symbols (front of the sorted list) take the longest codes.
    var index = 0
    for bits in stride(from: maxLength, through: 1, by: -1) {
      for _ in 0..<lengthCount[bits] {
        lengths[used[index]] = UInt8(bits)
        index += 1
      }
    }
    return lengths
  }
}
