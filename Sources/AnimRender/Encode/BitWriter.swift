/// Packs variable-width codes least-significant-bit first, the order both DEFLATE and
/// GIF's LZW use. Bits collect in a 64-bit register and leave in whole bytes, so the
/// per-code cost is a shift and an or.
struct BitWriter {
  /// Whole bytes written so far. Settable so a caller can lend its own buffer (by `swap`)
  /// and have bits appended to it; only on a byte boundary.
  var bytes: [UInt8]
  private var buffer: UInt64 = 0
  private var count = 0

  init(capacity: Int = 0) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// Appends the low `width` bits of `value` (width ≤ 32).
  @inline(__always)
  mutating func write(_ value: UInt32, width: Int) {
    buffer |= UInt64(value) << UInt64(count)
    count += width
    if count >= 32 {
      let word = UInt32(truncatingIfNeeded: buffer)
      bytes.append(UInt8(truncatingIfNeeded: word))
      bytes.append(UInt8(truncatingIfNeeded: word >> 8))
      bytes.append(UInt8(truncatingIfNeeded: word >> 16))
      bytes.append(UInt8(truncatingIfNeeded: word >> 24))
      buffer >>= 32
      count -= 32
    }
  }

  /// Pads with zero bits to the next byte boundary.
  mutating func alignToByte() {
    while count > 0 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      count = max(0, count - 8)
    }
    buffer = 0
  }

  /// Appends whole bytes; only valid on a byte boundary (after `alignToByte`).
  mutating func appendAligned<C: Collection>(_ more: C) where C.Element == UInt8 {
    bytes.append(contentsOf: more)
  }

  /// Returns the bytes written so far and empties the writer, keeping pending bits.
  /// Whole bytes only: up to 31 bits may stay behind in the register.
  mutating func takeBytes() -> [UInt8] {
    let out = bytes
    bytes.removeAll(keepingCapacity: true)
    return out
  }
}
