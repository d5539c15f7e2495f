import AnimCheck
import AnimIR
import AnimModel
import Testing

@testable import AnimWriters

/// Every property's dump keys (its `PropertySpec`) are columns of the CSV dump, so a new
/// property declared without its place in the dumps fails here.
struct PropertyDumpKeyTests {
  @Test func everyDumpKeyIsACSVColumn() {
    let columns = Set(CSVWriter.columns.split(separator: ",").map(String.init))
    // The 3-D properties are columns only of a scene with a 3-D node (§12.1).
    let depthColumns = Set(CSVWriter.depthColumns.split(separator: ",").map(String.init))
    // The `.unlessDefault` ones only of a scene that sets them (§14).
    let extraColumns = Set(
      CSVWriter.columns(depth: false, extra: DumpLayout.unlessDefault).split(separator: ",").map(String.init))
    for spec in Vocabulary.properties {
      #expect(!spec.dumpKeys.isEmpty, "\(spec.name)")
      let present =
        spec.dumpGroup == .depth
        ? depthColumns.subtracting(columns)
        : spec.dumpGroup == .unlessDefault ? extraColumns.subtracting(columns) : columns
      for key in spec.dumpKeys { #expect(present.contains(key), "`\(spec.name)` dumps as `\(key)`") }
    }
  }
}
