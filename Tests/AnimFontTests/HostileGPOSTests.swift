import AnimFont
import Foundation
import Testing

/// GPOS tables whose records are reused to multiply the work or the memory of reading
/// them: each is read in time and memory bounded by its size, or refused.
struct HostileGPOSTests {
  typealias B = FontBuilder

  /// A PairPos format 1 subtable: 'A' (glyph 1) then 'B' (glyph 2) advances by −50.
  static let pairAB: [UInt8] =
    B.u16(1) + B.u16(12) + B.u16(0x0004) + B.u16(0) + B.u16(1) + B.u16(18)
    + B.u16(1) + B.u16(1) + B.u16(1)  // coverage format 1: glyph 1
    + B.u16(1) + B.u16(2) + B.u16(0x1_0000 - 50)  // one pair: glyph 2, XAdvance −50

  /// A GPOS table: the `latn` default language system lists `langSys` feature indices,
  /// `features` feature records (all `kern`) share one feature table listing `featureLookups`,
  /// and `lookups` lookup records share one type 2 lookup of `subtables` subtables, all
  /// `pairAB`. The lists come in the order lookups, features, scripts, so that each
  /// large list is reached by a small offset.
  static func gpos(langSys: [Int], features: Int, featureLookups: [Int], lookups: Int, subtables: Int) -> [UInt8] {
    let lookup =
      B.u16(2) + B.u16(0) + B.u16(subtables)
      + Array(repeating: B.u16(6 + 2 * subtables), count: subtables).flatMap { $0 } + pairAB
    let lookupList = B.u16(lookups) + Array(repeating: B.u16(2 + 2 * lookups), count: lookups).flatMap { $0 } + lookup
    let featureTable = B.u16(0) + B.u16(featureLookups.count) + featureLookups.flatMap { B.u16($0) }
    let featureList =
      B.u16(features) + Array(repeating: Array("kern".utf8) + B.u16(2 + 6 * features), count: features).flatMap { $0 }
      + featureTable
    let langSysTable = B.u16(0) + B.u16(0xFFFF) + B.u16(langSys.count) + langSys.flatMap { B.u16($0) }
    let scriptList = B.u16(1) + Array("latn".utf8) + B.u16(8) + B.u16(4) + B.u16(0) + langSysTable
    let lookupListOffset = 10
    let featureListOffset = lookupListOffset + lookupList.count
    let scriptListOffset = featureListOffset + featureList.count
    return B.u32(0x1_0000) + B.u16(scriptListOffset) + B.u16(featureListOffset) + B.u16(lookupListOffset)
      + lookupList + featureList + scriptList
  }

  static func face(gpos: [UInt8]) throws -> FontFace {
    try FontFace(data: B.trueType([[], B.triangle, B.triangle], extra: ["GPOS": gpos]))
  }

  @Test func theBuilderMakesAKernedPair() throws {
    let face = try Self.face(gpos: Self.gpos(langSys: [0], features: 1, featureLookups: [0], lookups: 1, subtables: 1))
    let kerning = try face.kerning([1, 2, 1])
    #expect(kerning.map(\.advance) == [-50, 0, 0])
    #expect(kerning.map(\.placement) == [0, 0, 0])
  }

  @Test(.timeLimit(.minutes(1))) func repeatedFeatureAndLookupIndicesAreReadOnce() throws {
    // The kern feature listed 20,000 times, naming lookup 0 20,000 times: 4×10^8 lookup
    // indices if each listing were kept, one lookup once they are not.
    let n = 20_000
    let table = Self.gpos(
      langSys: Array(repeating: 0, count: n), features: 1, featureLookups: Array(repeating: 0, count: n), lookups: 1,
      subtables: 1)
    let face = try Self.face(gpos: table)
    // The lookup applies once: −50, not a multiple of it.
    #expect(try face.kerning([1, 2]).map(\.advance) == [-50, 0])
  }

  @Test(.timeLimit(.minutes(1))) func sharedRecordsThatMultiplyTheWorkAreRefused() throws {
    // 1,000 feature records share a table naming 1,000 lookups, whose 1,000 records share
    // one lookup of 1,000 subtables: 10^6 lookups read and 10^6 subtables kept, from a
    // table of about 14,000 bytes.
    let k = 1_000
    let table = Self.gpos(langSys: Array(0..<k), features: k, featureLookups: Array(0..<k), lookups: k, subtables: k)
    #expect(table.count < 16_000)
    do {
      _ = try Self.face(gpos: table)
      Issue.record("the table was accepted")
    } catch {
      #expect("\(error)".contains("entries its size can hold"), "\(error)")
    }
  }
}
