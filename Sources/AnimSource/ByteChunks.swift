/// Eight bytes of a byte array read as one little-endian number (a chunk): the one raw
/// load that the byte scanners share (line ends, UTF-8 counts, word ends, symbol keys),
/// which test eight bytes at once with carry-free arithmetic instead of a byte at a time.
///
/// The source kernel of unsafe memory: the load is unaligned and unchecked inside, and
/// safe at the API because the range is checked first. `ScanKernelDifferentialTests`
/// holds every scanner built on it to the byte-at-a-time computation.
@usableFromInline package enum ByteChunks {
  /// Bytes `offset ..< offset + 8` of `bytes`, the first in the lowest bits.
  /// Precondition: `0 <= offset` and `offset + 8 <= bytes.count`.
  @inlinable @inline(__always)
  package static func chunk(_ bytes: [UInt8], at offset: Int) -> UInt64 {
    precondition(offset >= 0 && offset <= bytes.count &- 8, "eight bytes past the end")
    return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
  }

  /// Bytes `offset ..< offset + count` (count at most 8) as one number, zero above them;
  /// one load when eight bytes may be read from `offset`, else a byte at a time.
  @inlinable @inline(__always)
  package static func prefix(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
    let n = min(max(count, 0), 8)
    if offset >= 0, offset <= bytes.count &- 8 {
      let w = chunk(bytes, at: offset)
      return n == 8 ? w : w & ((1 << (8 * UInt64(n))) &- 1)
    }
    var w: UInt64 = 0
    for k in 0..<n where offset + k < bytes.count { w |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
    return w
  }
}
