/// The fixed tables of RFC 1951 §3.2.5: length and distance symbols with their extra bits.
enum DeflateTables {
  /// First length of each length symbol 257…285.
  static let lengthBase: [Int] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  static let lengthExtraBits: [Int] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
    3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  /// First distance of each distance symbol 0…29.
  static let distanceBase: [Int] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
    257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  static let distanceExtraBits: [Int] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
    7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]

  /// Length symbol index (0…28) for `length - 3`, so the hot loop does one lookup.
  static let lengthSymbol: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for symbol in 0..<29 {
      let end = symbol == 28 ? 256 : lengthBase[symbol + 1] - 3
      for index in (lengthBase[symbol] - 3)..<end { table[index] = UInt8(symbol) }
    }
    table[255] = 28  // length 258 has its own symbol, not 227 + 31
    return table
  }()

  /// Distance symbol for `distance - 1`: entries 0…255 are direct, entries 256…511 cover
  /// `256 + (distance - 1) >> 7`, which works because every code above 256 spans a
  /// multiple of 128 distances (zlib's trick).
  static let distanceSymbol: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 512)
    for symbol in 0..<30 {
      let start = distanceBase[symbol] - 1
      let end = symbol == 29 ? 32768 : distanceBase[symbol + 1] - 1
      for d in start..<end {
        if d < 256 {
          table[d] = UInt8(symbol)
        } else {
          table[256 + (d >> 7)] = UInt8(symbol)
        }
      }
    }
    return table
  }()

  /// Distance symbol (0…29) for `distance - 1` (0…32767).
  @inline(__always)
  static func distanceSymbol(forDistanceMinusOne d: Int) -> Int {
    Int(d < 256 ? distanceSymbol[d] : distanceSymbol[256 + (d >> 7)])
  }

  /// The fixed literal/length code (lengths 8, 9, 7, 8 by range).
  static let fixedLiteralCode: HuffmanCode = {
    var lengths = [UInt8](repeating: 8, count: 288)
    for i in 144..<256 { lengths[i] = 9 }
    for i in 256..<280 { lengths[i] = 7 }
    return HuffmanCode(lengths: lengths)
  }()

  /// The fixed distance code: five bits each.
  static let fixedDistanceCode = HuffmanCode(lengths: [UInt8](repeating: 5, count: 30))

  /// Order in which code-length code lengths are transmitted (§3.2.7).
  static let codeLengthOrder: [Int] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]
}
