import Foundation

/// A bounds-checked, big-endian view of part of a font file.
///
/// Invariant: `start...start+count` lies inside `data`, whose indices start at 0. Every
/// read checks its offset against `count` and throws `FontError.malformed` naming `table`
/// when it falls outside, so a hostile offset or length is an error, never a trap.
struct ByteView: Sendable {
  let data: Data
  let start: Int
  let count: Int
  let table: String

  init(_ data: Data, table: String) {
    // Rebase so that indices start at 0 (a Data slice keeps its parent's indices).
    let base = data.startIndex == 0 ? data : Data(data)
    self.data = base
    self.start = 0
    self.count = base.count
    self.table = table
  }

  private init(data: Data, start: Int, count: Int, table: String) {
    self.data = data
    self.start = start
    self.count = count
    self.table = table
  }

  func fail(_ reason: String) -> FontError { .malformed(table: table, reason: reason) }

  /// Throws unless `offset..<offset+length` lies inside the view.
  func check(_ offset: Int, _ length: Int) throws(FontError) {
    guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
      throw fail("\(length) byte\(length == 1 ? "" : "s") at offset \(offset) run past its end (\(count) bytes)")
    }
  }

  func u8(_ offset: Int) throws(FontError) -> Int {
    try check(offset, 1)
    return Int(data[start + offset])
  }

  func u16(_ offset: Int) throws(FontError) -> Int {
    try check(offset, 2)
    let i = start + offset
    return Int(data[i]) << 8 | Int(data[i + 1])
  }

  func i16(_ offset: Int) throws(FontError) -> Int {
    let v = try u16(offset)
    return v >= 0x8000 ? v - 0x1_0000 : v
  }

  func u24(_ offset: Int) throws(FontError) -> Int {
    try check(offset, 3)
    let i = start + offset
    return Int(data[i]) << 16 | Int(data[i + 1]) << 8 | Int(data[i + 2])
  }

  func u32(_ offset: Int) throws(FontError) -> Int {
    try check(offset, 4)
    let i = start + offset
    return Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
  }

  func i32(_ offset: Int) throws(FontError) -> Int {
    let v = try u32(offset)
    return v >= 0x8000_0000 ? v - 0x1_0000_0000 : v
  }

  /// An unsigned integer of `size` bytes (1…4), as CFF offsets are.
  func unsigned(_ offset: Int, size: Int) throws(FontError) -> Int {
    switch size {
    case 1: return try u8(offset)
    case 2: return try u16(offset)
    case 3: return try u24(offset)
    case 4: return try u32(offset)
    default: throw fail("offset size \(size) is not 1 to 4")
    }
  }

  /// The 4-byte tag at `offset` as text.
  func tag(_ offset: Int) throws(FontError) -> String {
    try check(offset, 4)
    let bytes = (0..<4).map { data[start + offset + $0] }
    return String(decoding: bytes, as: Unicode.ASCII.self)
  }

  /// The bytes `offset..<offset+length` as a view of their own, named `table`.
  func sub(_ offset: Int, _ length: Int, table: String? = nil) throws(FontError) -> ByteView {
    try check(offset, length)
    return ByteView(data: data, start: start + offset, count: length, table: table ?? self.table)
  }

  /// The bytes from `offset` to the end.
  func sub(from offset: Int) throws(FontError) -> ByteView {
    try check(offset, 0)
    return try sub(offset, count - offset)
  }

  func bytes(_ offset: Int, _ length: Int) throws(FontError) -> [UInt8] {
    try check(offset, length)
    return [UInt8](data[(start + offset)..<(start + offset + length)])
  }
}
