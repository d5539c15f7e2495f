/// LZ77 output for one block: literals (< 256) and matches packed as
/// `length << 16 | (distance - 1)`, with the symbol frequencies counted as they arrive.
struct DeflateTokens {
  var tokens: [UInt32] = []
  var literalFrequencies = [UInt32](repeating: 0, count: 286)
  var distanceFrequencies = [UInt32](repeating: 0, count: 30)
  /// Extra bits the matches need; the same for fixed and dynamic codes.
  var extraBits = 0

  init(capacity: Int) { tokens.reserveCapacity(capacity) }

  mutating func reset() {
    tokens.removeAll(keepingCapacity: true)
    for i in literalFrequencies.indices { literalFrequencies[i] = 0 }
    for i in distanceFrequencies.indices { distanceFrequencies[i] = 0 }
    extraBits = 0
  }
}

/// Writes one DEFLATE block in whichever form is smallest: stored, fixed or dynamic
/// Huffman (RFC 1951 §3.2.4–3.2.7).
enum DeflateBlockWriter {
  /// Writes `block` (whose uncompressed bytes are `raw`) to `out`.
  static func write(
    _ block: inout DeflateTokens, raw: ArraySlice<UInt8>, isFinal: Bool, to out: inout BitWriter
  ) {
    block.literalFrequencies[256] += 1  // end of block
    let literalCode = HuffmanCode(frequencies: block.literalFrequencies, maxLength: 15)
    let distanceCode = HuffmanCode(frequencies: block.distanceFrequencies, maxLength: 15)
    let header = DynamicHeader(literal: literalCode, distance: distanceCode)

    let dynamicBits =
      3 + header.bits + literalCode.cost(block.literalFrequencies)
      + distanceCode.cost(block.distanceFrequencies) + block.extraBits
    let fixedBits =
      3 + DeflateTables.fixedLiteralCode.cost(block.literalFrequencies)
      + DeflateTables.fixedDistanceCode.cost(block.distanceFrequencies) + block.extraBits
    let storedBlocks = max(1, (raw.count + 65534) / 65535)
    let storedBits = storedBlocks * (3 + 7 + 32) + raw.count * 8

    if storedBits <= fixedBits && storedBits <= dynamicBits {
      writeStored(raw, isFinal: isFinal, to: &out)
    } else if fixedBits <= dynamicBits {
      out.write(isFinal ? 0b011 : 0b010, width: 3)
      writeTokens(
        block.tokens, DeflateTables.fixedLiteralCode, DeflateTables.fixedDistanceCode, &out)
    } else {
      out.write(isFinal ? 0b101 : 0b100, width: 3)
      header.write(to: &out)
      writeTokens(block.tokens, literalCode, distanceCode, &out)
    }
  }

  private static func writeStored(_ raw: ArraySlice<UInt8>, isFinal: Bool, to out: inout BitWriter) {
    var start = raw.startIndex
    repeat {
      let end = min(start + 65535, raw.endIndex)
      let last = end == raw.endIndex
      out.write(isFinal && last ? 1 : 0, width: 3)
      out.alignToByte()
      let length = UInt16(end - start)
      out.appendAligned([
        UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8),
      ])
      out.appendAligned(raw[start..<end])
      start = end
    } while start < raw.endIndex
  }

  private static func writeTokens(
    _ tokens: [UInt32], _ literal: HuffmanCode, _ distance: HuffmanCode, _ out: inout BitWriter
  ) {
    literal.codes.withUnsafeBufferPointer { litCodes in
      literal.lengths.withUnsafeBufferPointer { litLengths in
        distance.codes.withUnsafeBufferPointer { distCodes in
          distance.lengths.withUnsafeBufferPointer { distLengths in
            DeflateTables.lengthSymbol.withUnsafeBufferPointer { lengthSymbols in
              DeflateTables.distanceSymbol.withUnsafeBufferPointer { distanceSymbols in
                for token in tokens {
                  if token < 256 {
                    out.write(UInt32(litCodes[Int(token)]), width: Int(litLengths[Int(token)]))
                    continue
                  }
                  let length = Int(token >> 16)
                  let d = Int(token & 0xFFFF)
                  let ls = Int(lengthSymbols[length - 3])
                  let lsym = 257 + ls
                  let lBits = Int(litLengths[lsym])
                  let lExtra = UInt32(length - DeflateTables.lengthBase[ls])
                  // Code and extra bits in one write: at most 15 + 5 bits.
                  out.write(
                    UInt32(litCodes[lsym]) | lExtra << UInt32(lBits),
                    width: lBits + DeflateTables.lengthExtraBits[ls])
                  let ds = DeflateTables.distanceSymbol(forDistanceMinusOne: d, in: distanceSymbols)
                  let dBits = Int(distLengths[ds])
                  let dExtra = UInt32(d + 1 - DeflateTables.distanceBase[ds])
                  out.write(
                    UInt32(distCodes[ds]) | dExtra << UInt32(dBits),
                    width: dBits + DeflateTables.distanceExtraBits[ds])
                }
                out.write(UInt32(litCodes[256]), width: Int(litLengths[256]))
              }
            }
          }
        }
      }
    }
  }
}

/// The code-length section of a dynamic block: both codes' lengths, run-length coded
/// with symbols 16–18 and sent with their own small Huffman code (§3.2.7).
private struct DynamicHeader {
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
