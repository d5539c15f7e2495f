import AnimMath

/// CFF (version 1) outlines from an OpenType `CFF ` table: Type 2 charstrings with their
/// global and local subroutines, and for CID-keyed fonts (as Noto CJK) the font DICT
/// each glyph is assigned by FDSelect, whose Private DICT holds its local subroutines.
struct CFFOutlines: Sendable {
  private let charStrings: CFFIndex
  private let globalSubrs: CFFIndex
  /// Local subroutines for a name-keyed font (one Private DICT).
  private let localSubrs: CFFIndex?
  /// For a CID-keyed font: the local subroutines of each font DICT, and FDSelect.
  private let fdSubrs: [CFFIndex?]
  private let fdSelect: ByteView?

  init(_ cff: ByteView) throws(FontError) {
    let major = try cff.u8(0)
    guard major == 1 else { throw cff.fail("CFF version \(major) (only 1 is read)") }
    let headerSize = try cff.u8(2)
    let names = try CFFIndex(cff, at: headerSize)
    let topDicts = try CFFIndex(cff, at: headerSize + names.byteLength)
    guard topDicts.count >= 1 else { throw cff.fail("no Top DICT") }
    let strings = try CFFIndex(cff, at: headerSize + names.byteLength + topDicts.byteLength)
    let gsubrStart = headerSize + names.byteLength + topDicts.byteLength + strings.byteLength
    globalSubrs = try CFFIndex(cff, at: gsubrStart)
    let top = try CFFDict(topDicts.object(0))
    if let type = top.int(1206), type != 2 { throw cff.fail("charstring type \(type) (only 2 is read)") }
    guard let charStringsOffset = top.int(17) else { throw cff.fail("no CharStrings") }
    charStrings = try CFFIndex(cff, at: charStringsOffset)

    /// The local subroutines of the Private DICT at `(size, offset)`, if any.
    func subrs(_ privateDict: (Int, Int)?) throws(FontError) -> CFFIndex? {
      guard let (size, offset) = privateDict else { return nil }
      let dict = try CFFDict(cff.sub(offset, size))
      guard let relative = dict.int(19) else { return nil }
      return try CFFIndex(cff, at: offset + relative)
    }

    if let fdArrayOffset = top.int(1236) {
      let fdArray = try CFFIndex(cff, at: fdArrayOffset)
      var all: [CFFIndex?] = []
      for i in 0..<fdArray.count {
        all.append(try subrs(CFFDict(fdArray.object(i)).pair(18)))
      }
      fdSubrs = all
      guard let selectOffset = top.int(1237) else { throw cff.fail("a CID-keyed font without FDSelect") }
      fdSelect = try cff.sub(from: selectOffset)
      localSubrs = nil
    } else {
      fdSubrs = []
      fdSelect = nil
      localSubrs = try subrs(top.pair(18))
    }
  }

  var glyphCount: Int { charStrings.count }

  /// The font DICT of `glyph` by FDSelect format 0 or 3.
  private func fd(_ glyph: Int, _ select: ByteView) throws(FontError) -> Int {
    let format = try select.u8(0)
    switch format {
    case 0: return try select.u8(1 + glyph)
    case 3:
      let ranges = try select.u16(1)
      var lo = 0
      var hi = ranges - 1
      while lo <= hi {
        let mid = (lo + hi) / 2
        let first = try select.u16(3 + 3 * mid)
        let next = try select.u16(3 + 3 * mid + 3)
        if glyph < first {
          hi = mid - 1
        } else if glyph >= next {
          lo = mid + 1
        } else {
          return try select.u8(3 + 3 * mid + 2)
        }
      }
      throw select.fail("FDSelect assigns no font DICT to glyph \(glyph)")
    default: throw select.fail("FDSelect format \(format)")
    }
  }

  func outline(_ glyph: Int) throws(FontError) -> Path {
    let code = try charStrings.object(glyph)
    var local = localSubrs
    if let fdSelect {
      let i = try fd(glyph, fdSelect)
      guard i < fdSubrs.count else { throw fdSelect.fail("glyph \(glyph) uses font DICT \(i) of \(fdSubrs.count)") }
      local = fdSubrs[i]
    }
    var interpreter = Type2Interpreter(global: globalSubrs, local: local)
    return try interpreter.run(code)
  }
}
