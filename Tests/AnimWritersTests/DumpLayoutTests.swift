import AnimModel
import Foundation
import Testing

@testable import AnimWriters

/// The record writers loop over the declared fields (`RecordFields`); these hold the
/// records to the declarations' order (`DumpLayout`), so a property declared with a dump
/// key and not written, or written out of place, fails here.
struct DumpLayoutTests {
  /// The property keys of each node object of a JSON Lines frame, in order.
  static func recordKeys(_ line: String) -> [[String]] {
    let known = Set(DumpLayout.fields.map(\.key))
    return line.components(separatedBy: "{\"id\":").dropFirst().map { object in
      let pattern = try! NSRegularExpression(pattern: "\"([A-Za-z0-9]+)\":")
      let range = NSRange(object.startIndex..., in: object)
      return pattern.matches(in: object, range: range).compactMap { match in
        Range(match.range(at: 1), in: object).map { String(object[$0]) }
      }.filter { known.contains($0) }
    }
  }

  @Test func jsonRecordsFollowTheDeclaredOrder() throws {
    let (pool, header) = try DumpHalvesTests.records()
    let sink = MemorySink()
    var writer = JSONLinesWriter(to: sink)
    try writer.begin(header)
    var frame = Frame()
    frame.nodes = pool
    try writer.write(frame)
    try writer.finish()
    let order = DumpLayout.fields.map(\.key)
    var groups = Set<PropertySpec.DumpGroup>()
    for keys in Self.recordKeys(sink.text) {
      // Every key is declared, in the declared order, and a record has each group whole.
      let positions = keys.map { order.firstIndex(of: $0) ?? -1 }
      #expect(positions == positions.sorted() && !positions.contains(-1), "\(keys)")
      for field in DumpLayout.fields where keys.contains(field.key) {
        groups.insert(field.group)
        let whole = DumpLayout.fields.filter { $0.group == field.group }.allSatisfy { keys.contains($0.key) }
        #expect(whole, "\(field.key) without the rest of its group in \(keys)")
      }
    }
    // The examples' records carry every group but the one no example sets
    // (`DoubleSidedTests` holds its place after `z`).
    #expect(groups == Set(PropertySpec.DumpGroup.allCases).subtracting([.unlessDefault]))
  }

  @Test func csvColumnsAreTheDeclaredFields() {
    let columns = CSVWriter.depthColumns.split(separator: ",").map(String.init)
    let fields = DumpLayout.fields.filter { $0.group != .unlessDefault }.map(\.key)
    #expect(Array(columns[4..<(4 + fields.count)]) == fields)
    // The `.unlessDefault` fields follow `z` in a scene that sets them, `doubleSided`
    // with `backFacing` (§14), then `blend` and `blur` (§15).
    let extra = CSVWriter.columns(depth: true, extra: DumpLayout.unlessDefault).split(separator: ",").map(String.init)
    let z = extra.firstIndex(of: "z") ?? 0
    #expect(Array(extra[(z + 1)..<(z + 5)]) == ["doubleSided", "backFacing", "blend", "blur"])
    #expect(extra.count == columns.count + 4)
  }
}
