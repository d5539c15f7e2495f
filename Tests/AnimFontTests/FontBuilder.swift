import Foundation

/// Builds small sfnt fonts byte by byte for tests of hostile structures: the tables a
/// face needs, with glyphs given as raw `glyf` records or CFF charstrings.
enum FontBuilder {
  static func u16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
  static func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v & 0xFFFF) }

  /// An sfnt with `tables`, directory sorted by tag, each table 4-byte aligned.
  static func sfnt(_ tables: [String: [UInt8]], version: Int = 0x0001_0000) -> Data {
    let tags = tables.keys.sorted()
    var out = u32(version) + u16(tags.count) + u16(0) + u16(0) + u16(0)
    var offset = 12 + 16 * tags.count
    var body: [UInt8] = []
    for tag in tags {
      let table = tables[tag]!
      out += Array(tag.utf8) + u32(0) + u32(offset) + u32(table.count)
      let padded = table + Array(repeating: 0, count: (4 - table.count % 4) % 4)
      body += padded
      offset += padded.count
    }
    return Data(out + body)
  }

  /// The tables every face needs, for `glyphs` glyphs of advance 500 at 1000 units per
  /// em, with 'A' mapped to glyph 1 and 'B' to glyph 2.
  static func common(glyphs: Int, longLoca: Bool = false) -> [String: [UInt8]] {
    var head = Array(repeating: UInt8(0), count: 54)
    head.replaceSubrange(18..<20, with: u16(1000))
    head.replaceSubrange(50..<52, with: u16(longLoca ? 1 : 0))
    var hhea = Array(repeating: UInt8(0), count: 36)
    hhea.replaceSubrange(4..<6, with: u16(800))
    hhea.replaceSubrange(6..<8, with: u16(0x1_0000 - 200))
    hhea.replaceSubrange(34..<36, with: u16(glyphs))
    let maxp = u32(0x5000) + u16(glyphs)
    let hmtx = (0..<glyphs).flatMap { _ in u16(500) + u16(0) }
    let segments = [(65, 66, 0x1_0000 - 64), (0xFFFF, 0xFFFF, 1)]
    var sub = u16(4) + u16(16 + 8 * segments.count) + u16(0) + u16(2 * segments.count) + u16(0) + u16(0) + u16(0)
    sub += segments.flatMap { u16($0.1) } + u16(0)
    sub += segments.flatMap { u16($0.0) } + segments.flatMap { u16($0.2) } + segments.flatMap { _ in u16(0) }
    let cmap = u16(0) + u16(1) + u16(3) + u16(1) + u32(12) + sub
    let name = u16(0) + u16(0) + u16(6)
    return ["head": head, "hhea": hhea, "maxp": maxp, "hmtx": hmtx, "cmap": cmap, "name": name]
  }

  /// A TrueType font whose glyph i is `glyphs[i]` (raw `glyf` records), with `extra`
  /// tables.
  static func trueType(_ glyphs: [[UInt8]], extra: [String: [UInt8]] = [:]) -> Data {
    var tables = common(glyphs: glyphs.count, longLoca: true).merging(extra) { $1 }
    var glyf: [UInt8] = []
    var loca: [UInt8] = []
    for g in glyphs {
      loca += u32(glyf.count)
      glyf += g + Array(repeating: 0, count: g.count % 2)
    }
    loca += u32(glyf.count)
    tables["glyf"] = glyf
    tables["loca"] = loca
    return sfnt(tables)
  }

  /// A composite glyph record: each component by glyph index at offset (0, 0).
  static func composite(_ components: [Int]) -> [UInt8] {
    var out = u16(0xFFFF) + Array(repeating: 0, count: 8)
    for (i, c) in components.enumerated() {
      let more = i < components.count - 1 ? 0x0020 : 0
      out += u16(0x0002 | more) + u16(c) + [0, 0]
    }
    return out
  }

  /// A composite glyph record: each component by glyph index at offset (0, 0), scaled
  /// by its F2Dot14 `scale` (16384 is 1.0).
  static func scaledComposite(_ components: [(glyph: Int, scale: Int)]) -> [UInt8] {
    var out = u16(0xFFFF) + Array(repeating: 0, count: 8)
    for (i, c) in components.enumerated() {
      let more = i < components.count - 1 ? 0x0020 : 0
      out += u16(0x0002 | 0x0008 | more) + u16(c.glyph) + [0, 0] + u16(c.scale)
    }
    return out
  }

  /// A simple glyph: one triangle contour.
  static let triangle: [UInt8] =
    u16(1) + u16(0) + u16(0) + u16(100) + u16(100) + u16(2) + u16(0) + [0x01, 0x01, 0x01]
    + u16(0) + u16(100) + u16(0x1_0000 - 50) + u16(0) + u16(0) + u16(100)

  /// A CFF INDEX with 4-byte offsets.
  static func index(_ objects: [[UInt8]]) -> [UInt8] {
    guard !objects.isEmpty else { return u16(0) }
    var out = u16(objects.count) + [4]
    var offset = 1
    out += u32(offset)
    for o in objects {
      offset += o.count
      out += u32(offset)
    }
    return out + objects.flatMap { $0 }
  }

  /// A CFF int32 DICT operand.
  static func int(_ v: Int) -> [UInt8] { [29] + u32(v) }

  /// An OpenType CFF font with these charstrings and local subroutines.
  static func cff(charStrings: [[UInt8]], subrs: [[UInt8]], globalSubrs: [[UInt8]] = []) -> Data {
    let header: [UInt8] = [1, 0, 4, 4]
    let names = index([Array("T".utf8)])
    let topLength = 17
    let strings = index([])
    let global = index(globalSubrs)
    let charStringsOffset = header.count + names.count + (2 + 1 + 8 + topLength) + strings.count + global.count
    let charStringsIndex = index(charStrings)
    let privateOffset = charStringsOffset + charStringsIndex.count
    let privateDict = int(6) + [19]
    let top = int(charStringsOffset) + [17] + int(privateDict.count) + int(privateOffset) + [18]
    let cff = header + names + index([top]) + strings + global + charStringsIndex + privateDict + index(subrs)
    var tables = common(glyphs: charStrings.count)
    tables["CFF "] = cff
    return sfnt(tables, version: 0x4F54_544F)
  }
}
