/// A growing buffer of text bytes for writers that produce a lot of it (dumps): a short
/// piece (`PackedBytes`, up to 16 bytes) is stored as two 8-byte words, whatever its
/// length, and the next piece starts `count` bytes on, overwriting what lay beyond.
///
/// Why: appending to a `[UInt8]` one byte at a time reads and writes the array's count
/// in memory for every byte, a chain of dependent memory operations that cost more than
/// making the digits; here the position stays in a register and a number is two stores.
/// The hot methods are inlinable, so a writer in another module calls none of them.
///
/// This is AnimJSON's one unsafe kernel. Its API is safe: the storage is kept at least
/// 32 bytes longer than what was written (zeroed room), and every store is checked
/// against the storage's length before the pointer is used; `ByteBufferTests` checks it
/// against plain appends.
@usableFromInline package struct ByteBuffer: Sendable {
  /// The bytes written are `storage[..<used]`; the rest is room (at least 32 bytes after
  /// each `makeRoom(32)`).
  @usableFromInline var storage: [UInt8] = []
  @usableFromInline var used = 0
  /// Literals remembered, by a hash of their address (`append(_: StaticString)`; a
  /// literal whose slot another took is packed again: only the speed depends on it).
  @usableFromInline var literals: [Literal] = []
  /// Members' starts (`append(member:)`), as `literals`.
  @usableFromInline var members: [Literal] = []
  @usableFromInline static let literalSlots = 256

  package init() {}

  /// The number of bytes written.
  @inlinable package var count: Int { used }

  /// Forgets what was written; the storage is kept.
  @inlinable package mutating func removeAll() { used = 0 }

  /// Ensures room for `n` more bytes after `used` in the storage.
  @inlinable @inline(__always)
  mutating func makeRoom(_ n: Int) {
    if storage.count &- used < n { grow(n) }
  }

  @usableFromInline @inline(never)
  mutating func grow(_ n: Int) {
    // The capacity `takeBytes` kept is taken first, so a buffer reused frame after frame
    // stops reallocating; beyond it, at least doubles (amortized O(1) per byte). The
    // room is zeroed, never uninitialized.
    let spare = storage.capacity - storage.count
    let more = spare >= n ? spare : max(n, storage.count, 4096)
    storage.append(contentsOf: repeatElement(0, count: more))
  }

  /// Appends `text`'s `count` bytes.
  @inlinable @inline(__always)
  package mutating func append(_ text: PackedBytes) {
    append(text, PackedBytes(0, count: 0))
  }

  /// Appends `first`'s bytes, then `second`'s: a record's key and its value, a comma and
  /// a number, stored with one check of the storage rather than two.
  @inlinable @inline(__always)
  package mutating func append(_ first: PackedBytes, _ second: PackedBytes) {
    makeRoom(32)
    let at = used
    let next = at &+ first.count
    storage.withUnsafeMutableBytes { raw in
      // makeRoom made at + 32 ≤ raw.count, and a piece holds at most 16 bytes; checked
      // again, for the kernel's own sake.
      precondition(
        at >= 0 && first.count >= 0 && first.count <= 16 && next &+ 16 <= raw.count,
        "ByteBuffer: store out of range")
      raw.storeBytes(of: first.low.littleEndian, toByteOffset: at, as: UInt64.self)
      raw.storeBytes(of: first.high.littleEndian, toByteOffset: at &+ 8, as: UInt64.self)
      raw.storeBytes(of: second.low.littleEndian, toByteOffset: next, as: UInt64.self)
      raw.storeBytes(of: second.high.littleEndian, toByteOffset: next &+ 8, as: UInt64.self)
    }
    precondition(second.count >= 0 && second.count <= 16, "ByteBuffer: a piece holds at most 16 bytes")
    used = next &+ second.count
  }

  /// Appends one byte.
  @inlinable @inline(__always)
  package mutating func append(_ byte: UInt8) {
    makeRoom(1)
    storage[used] = byte
    used &+= 1
  }

  /// Appends the UTF-8 of `text`. A literal of at most 16 bytes (a key, a separator) is
  /// packed once and found again by its address, so that writing it is two stores.
  @inlinable @inline(__always)
  package mutating func append(_ text: StaticString) {
    guard text.hasPointerRepresentation, text.utf8CodeUnitCount <= 16 else {
      appendLong(text)
      return
    }
    let address = UInt(bitPattern: text.utf8Start)
    var slot = Self.slot(of: address, in: literals)
    if literals.count != Self.literalSlots || literals[slot].address != address
      || literals[slot].text.count != text.utf8CodeUnitCount
    {
      slot = remember(text, address)
    }
    append(literals[slot].text)
  }

  /// Where the piece remembered for `address` is in `table` (a table of `literalSlots`
  /// slots): the first of the address's probes that holds it or is free, else its first
  /// probe (taken over); 0 for a table not yet made.
  @inlinable @inline(__always)
  static func slot(of address: UInt, in table: [Literal]) -> Int {
    guard table.count == literalSlots else { return 0 }
    // Literals lie a few bytes apart: a multiplicative hash spreads their addresses.
    let first = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) &>> 56)
    var slot = first
    for _ in 0..<4 {
      if table[slot].address == address || table[slot].address == 0 { return slot }
      slot = (slot &+ 1) & (literalSlots &- 1)
    }
    return first
  }

  /// Appends `,"KEY":`, a JSON member's start after the first: one packed piece for a
  /// key of at most 12 bytes, kept as literals are.
  @inlinable @inline(__always)
  package mutating func append(member key: StaticString) {
    guard key.hasPointerRepresentation, key.utf8CodeUnitCount <= 12 else {
      append(",\"")
      append(key)
      append("\":")
      return
    }
    let address = UInt(bitPattern: key.utf8Start)
    var slot = Self.slot(of: address, in: members)
    if members.count != Self.literalSlots || members[slot].address != address
      || members[slot].text.count != key.utf8CodeUnitCount &+ 4
    {
      slot = rememberMember(key, address)
    }
    append(members[slot].text)
  }

  @usableFromInline @inline(never)
  mutating func rememberMember(_ key: StaticString, _ address: UInt) -> Int {
    if members.count != Self.literalSlots {
      members = Array(repeating: Literal(address: 0, text: PackedBytes("")), count: Self.literalSlots)
    }
    let slot = Self.slot(of: address, in: members)
    var bytes: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\"")]
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    members[slot] = Literal(address: address, text: PackedBytes(bytes: bytes))
    return slot
  }

  @usableFromInline @inline(never)
  mutating func remember(_ text: StaticString, _ address: UInt) -> Int {
    if literals.count != Self.literalSlots {
      literals = Array(repeating: Literal(address: 0, text: PackedBytes("")), count: Self.literalSlots)
    }
    let slot = Self.slot(of: address, in: literals)
    literals[slot] = Literal(address: address, text: PackedBytes(text))
    return slot
  }

  @usableFromInline @inline(never)
  mutating func appendLong(_ text: StaticString) {
    text.withUTF8Buffer { utf8 in
      makeRoom(utf8.count)
      for byte in utf8 {
        storage[used] = byte
        used &+= 1
      }
    }
  }

  /// A literal's address and its bytes (`append(_: StaticString)`).
  @usableFromInline struct Literal: Sendable {
    @usableFromInline let address: UInt
    @usableFromInline let text: PackedBytes
    @inlinable init(address: UInt, text: PackedBytes) {
      self.address = address
      self.text = text
    }
  }

  /// Appends `bytes`.
  @inlinable
  package mutating func append(contentsOf bytes: [UInt8]) {
    makeRoom(bytes.count)
    var at = used
    // Plain subscript stores: the index is in a register, so no chain through memory.
    for i in bytes.indices {
      storage[at] = bytes[i]
      at &+= 1
    }
    used = at
  }

  /// Doubles every `byte` written since `start`, in place: RFC 4180's quoting of a
  /// cell's text that was written unquoted (a gradient's object in a CSV cell). Nothing
  /// is allocated once the storage has room.
  package mutating func double(_ byte: UInt8, since start: Int) {
    precondition(start >= 0 && start <= used, "ByteBuffer: start out of range")
    var extra = 0
    for i in start..<used where storage[i] == byte { extra &+= 1 }
    guard extra > 0 else { return }
    makeRoom(extra)
    // From the end back, so each byte moves once and nothing unread is overwritten.
    var to = used &+ extra
    var from = used
    while from > start {
      from &-= 1
      to &-= 1
      storage[to] = storage[from]
      if storage[from] == byte {
        to &-= 1
        storage[to] = byte
      }
    }
    used &+= extra
  }

  /// Appends the UTF-8 of `text`.
  package mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { utf8 in
      makeRoom(utf8.count)
      for byte in utf8 {
        storage[used] = byte
        used &+= 1
      }
    }
  }

  /// The bytes written, as an array of exactly `count` bytes. The storage's room is
  /// given up (the next append grows it again); when the caller lets the array go before
  /// the next append, its memory is reused.
  package mutating func takeBytes() -> [UInt8] {
    storage.removeSubrange(used...)
    return storage
  }
}
