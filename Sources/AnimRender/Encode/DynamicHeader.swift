/// The code-length section of a dynamic block: both codes' lengths, run-length coded
/// with symbols 16–18 and sent with their own small Huffman code (RFC 1951 §3.2.7).
struct DynamicHeader {
  var literalCount: Int
  var distanceCount: Int
  /// Run-length symbols (0–18) with their extra-bit values.
  var symbols: [(symbol: Int, extra: Int)] = []
  var code: HuffmanCode
  var codeLengthCount: Int
  /// Size of the header after the 3-bit block type.
  var bits: Int

  init(literal: HuffmanCode, distance: HuffmanCode) {
    literalCount = 257
    for i in stride(from: 285, through: 257, by: -1) where literal.lengths[i] != 0 {
      literalCount = i + 1
      break
    }
    distanceCount = 1
    for i in stride(from: 29, through: 1, by: -1) where distance.lengths[i] != 0 {
      distanceCount = i + 1
      break
    }
    let all = Array(literal.lengths[0..<literalCount]) + Array(distance.lengths[0..<distanceCount])
    var index = 0
    while index < all.count {
      let value = all[index]
      var run = 1
      while index + run < all.count && all[index + run] == value { run += 1 }
      index += run
      if value == 0 {
        while run >= 11 {
          let n = min(run, 138)
          symbols.append((18, n - 11))
          run -= n
        }
        if run >= 3 {
          symbols.append((17, run - 3))
          run = 0
        }
      } else {
        symbols.append((Int(value), 0))
        run -= 1
        while run >= 3 {
          let n = min(run, 6)
          symbols.append((16, n - 3))
          run -= n
        }
      }
      for _ in 0..<run { symbols.append((Int(value), 0)) }
    }
    var frequencies = [UInt32](repeating: 0, count: 19)
    for entry in symbols { frequencies[entry.symbol] += 1 }
    code = HuffmanCode(frequencies: frequencies, maxLength: 7)
    codeLengthCount = 4
    for i in stride(from: 18, through: 4, by: -1)
    where code.lengths[DeflateTables.codeLengthOrder[i]] != 0 {
      codeLengthCount = i + 1
      break
    }
    let extraBits = [2, 3, 7]
    bits = 5 + 5 + 4 + 3 * codeLengthCount + code.cost(frequencies)
    for entry in symbols where entry.symbol >= 16 { bits += extraBits[entry.symbol - 16] }
  }

  func write(to out: inout BitWriter) {
    out.write(UInt32(literalCount - 257), width: 5)
    out.write(UInt32(distanceCount - 1), width: 5)
    out.write(UInt32(codeLengthCount - 4), width: 4)
    for i in 0..<codeLengthCount {
      out.write(UInt32(code.lengths[DeflateTables.codeLengthOrder[i]]), width: 3)
    }
    let extraBits = [2, 3, 7]
    for entry in symbols {
      let s = entry.symbol
      out.write(UInt32(code.codes[s]), width: Int(code.lengths[s]))
      if s >= 16 { out.write(UInt32(entry.extra), width: extraBits[s - 16]) }
    }
  }
}
