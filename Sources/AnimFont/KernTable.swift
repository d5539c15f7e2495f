/// The `kern` table's horizontal format 0 subtables (the Microsoft layout, version 0):
/// sorted pairs of glyphs with a kerning value in font units, summed over subtables.
/// Cross-stream and minimum subtables do not change advances and are skipped.
struct KernTable: Sendable {
  private let subtables: [(pairs: ByteView, count: Int, override: Bool)]

  init(_ table: ByteView) throws(FontError) {
    var found: [(ByteView, Int, Bool)] = []
    guard try table.u16(0) == 0 else {
      subtables = []  // Apple's version 1 layout is not read.
      return
    }
    let n = try table.u16(2)
    var at = 4
    for _ in 0..<n {
      let length = try table.u16(at + 2)
      let coverage = try table.u16(at + 4)
      let format = coverage >> 8
      // Lengths overflow 16 bits in large fonts: a format 0 subtable is sized by its pairs.
      if format == 0, coverage & 0x07 == 0x01 {
        let pairs = try table.u16(at + 6)
        let view = try table.sub(at + 14, 6 * pairs)
        found.append((view, pairs, coverage & 0x08 != 0))
        at += 14 + 6 * pairs
      } else {
        guard length >= 6 else { throw table.fail("a subtable of length \(length)") }
        at += length
      }
    }
    subtables = found
  }

  var isEmpty: Bool { subtables.isEmpty }

  /// The kerning between `left` and `right`, in font units.
  func value(_ left: Int, _ right: Int) -> Int {
    let key = left << 16 | right
    var total = 0
    for (pairs, count, override) in subtables {
      var lo = 0
      var hi = count - 1
      while lo <= hi {
        let mid = (lo + hi) / 2
        guard let k = try? pairs.u32(6 * mid) else { break }
        if k < key {
          lo = mid + 1
        } else if k > key {
          hi = mid - 1
        } else {
          let v = (try? pairs.i16(6 * mid + 4)) ?? 0
          total = override ? v : total + v
          break
        }
      }
    }
    return total
  }
}
