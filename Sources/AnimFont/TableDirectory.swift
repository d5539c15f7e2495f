import Foundation

/// The table directory of one face of an sfnt file (`.ttf`, `.otf`) or of a collection
/// (`.ttc`): the tables by tag, each a bounds-checked view of the file.
struct TableDirectory: Sendable {
  /// Views of the tables present, by tag; every view lies inside the file.
  let tables: [String: ByteView]

  /// The number of faces: a collection's count, or 1 for a single font.
  static func faceCount(_ file: ByteView) throws(FontError) -> Int {
    guard file.count >= 12 else { throw FontError.notAFont("the file is only \(file.count) bytes") }
    if try file.tag(0) == "ttcf" {
      let n = try file.u32(8)
      guard n > 0 else { throw FontError.notAFont("the collection has no faces") }
      return n
    }
    return 1
  }

  /// The directory of face `index` (0 for a single font).
  init(file: ByteView, index: Int) throws(FontError) {
    var offset = 0
    let count = try Self.faceCount(file)
    if try file.tag(0) == "ttcf" {
      guard index >= 0, index < count else { throw FontError.noSuchFace(index: index, count: count) }
      offset = try file.u32(12 + 4 * index)
    } else if index != 0 {
      throw FontError.noSuchFace(index: index, count: 1)
    }
    let version = try file.u32(offset)
    guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else {
      throw FontError.notAFont("unknown sfnt version 0x\(String(version, radix: 16))")
    }
    let numTables = try file.u16(offset + 4)
    var tables: [String: ByteView] = [:]
    for i in 0..<numTables {
      let record = offset + 12 + 16 * i
      let tag = try file.tag(record)
      let start = try file.u32(record + 8)
      let length = try file.u32(record + 12)
      // A table that runs past the end of the file is an error when used, not at open:
      // a face whose unused tables are broken is still usable.
      if let view = try? file.sub(start, length, table: tag) { tables[tag] = view }
    }
    self.tables = tables
  }

  /// A directory over tables read separately (font lookup reads only a few tables).
  init(tables: [String: ByteView]) { self.tables = tables }

  func required(_ tag: String) throws(FontError) -> ByteView {
    guard let view = tables[tag] else { throw FontError.missingTable(tag) }
    return view
  }
}
