/// Symbol statistics of one block of LZ77 tokens (literals < 256, matches packed as
/// `length << 16 | (distance - 1)`), end-of-block symbol included.
struct BlockStatistics {
  var literalFrequencies = [UInt32](repeating: 0, count: 286)
  var distanceFrequencies = [UInt32](repeating: 0, count: 30)
  /// Extra bits the matches need; the same for fixed and dynamic codes.
  var extraBits = 0

  init(_ tokens: ArraySlice<UInt32>) {
    for token in tokens {
      if token < 256 {
        literalFrequencies[Int(token)] += 1
        continue
      }
      let ls = Int(DeflateTables.lengthSymbol[Int(token >> 16) - 3])
      literalFrequencies[257 + ls] += 1
      let ds = DeflateTables.distanceSymbol(forDistanceMinusOne: Int(token & 0xFFFF))
      distanceFrequencies[ds] += 1
      extraBits += DeflateTables.lengthExtraBits[ls] + DeflateTables.distanceExtraBits[ds]
    }
    literalFrequencies[256] += 1  // end of block
  }
}

/// Writes one DEFLATE block in whichever form is smallest: stored, fixed or dynamic
/// Huffman (RFC 1951 §3.2.4–3.2.7).
enum DeflateBlockWriter {
  /// Writes the block of `tokens` (whose uncompressed bytes are `raw`) to `out`.
  static func write(
    _ tokens: ArraySlice<UInt32>, raw: ArraySlice<UInt8>, isFinal: Bool, to out: inout BitWriter
  ) {
    let stats = BlockStatistics(tokens)
    let literalCode = HuffmanCode(frequencies: stats.literalFrequencies, maxLength: 15)
    let distanceCode = HuffmanCode(frequencies: stats.distanceFrequencies, maxLength: 15)
    let header = DynamicHeader(literal: literalCode, distance: distanceCode)

    let dynamicBits =
      3 + header.bits + literalCode.cost(stats.literalFrequencies)
      + distanceCode.cost(stats.distanceFrequencies) + stats.extraBits
    let fixedBits =
      3 + DeflateTables.fixedLiteralCode.cost(stats.literalFrequencies)
      + DeflateTables.fixedDistanceCode.cost(stats.distanceFrequencies) + stats.extraBits
    let storedBlocks = max(1, (raw.count + 65534) / 65535)
    let storedBits = storedBlocks * (3 + 7 + 32) + raw.count * 8

    if storedBits <= fixedBits && storedBits <= dynamicBits {
      writeStored(raw, isFinal: isFinal, to: &out)
    } else if fixedBits <= dynamicBits {
      out.write(isFinal ? 0b011 : 0b010, width: 3)
      writeTokens(tokens, DeflateTables.fixedLiteralCode, DeflateTables.fixedDistanceCode, &out)
    } else {
      out.write(isFinal ? 0b101 : 0b100, width: 3)
      header.write(to: &out)
      writeTokens(tokens, literalCode, distanceCode, &out)
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

  /// Each symbol's code and extra bits go out in one write: at most 15 + 5 bits for a
  /// length, 15 + 13 for a distance.
  private static func writeTokens(
    _ tokens: ArraySlice<UInt32>, _ literal: HuffmanCode, _ distance: HuffmanCode, _ out: inout BitWriter
  ) {
    // Code and length per symbol in one word (code << 8 | length): one table read each.
    let literalTable = literal.packed
    let distanceTable = distance.packed
    for token in tokens {
      if token < 256 {
        let entry = literalTable[Int(token)]
        out.write(entry >> 8, width: Int(entry & 0xFF))
        continue
      }
      let length = Int(token >> 16)
      let ls = Int(DeflateTables.lengthSymbol[length - 3])
      let lEntry = literalTable[257 + ls]
      let lBits = Int(lEntry & 0xFF)
      let lExtra = UInt32(length - DeflateTables.lengthBase[ls])
      out.write(lEntry >> 8 | lExtra << UInt32(lBits), width: lBits + DeflateTables.lengthExtraBits[ls])
      let d = Int(token & 0xFFFF)
      let ds = DeflateTables.distanceSymbol(forDistanceMinusOne: d)
      let dEntry = distanceTable[ds]
      let dBits = Int(dEntry & 0xFF)
      let dExtra = UInt32(d + 1 - DeflateTables.distanceBase[ds])
      out.write(dEntry >> 8 | dExtra << UInt32(dBits), width: dBits + DeflateTables.distanceExtraBits[ds])
    }
    let end = literalTable[256]
    out.write(end >> 8, width: Int(end & 0xFF))
  }
}
