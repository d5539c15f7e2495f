import AnimCheck
import Testing

@testable import AnimWriters

/// Every property's dump keys (its `PropertySpec`) are columns of the CSV dump, so a new
/// property declared without its place in the dumps fails here.
struct PropertyDumpKeyTests {
  @Test func everyDumpKeyIsACSVColumn() {
    let columns = Set(CSVWriter.columns.split(separator: ",").map(String.init))
    for spec in Vocabulary.properties {
      #expect(!spec.dumpKeys.isEmpty, "\(spec.name)")
      for key in spec.dumpKeys { #expect(columns.contains(key), "`\(spec.name)` dumps as `\(key)`") }
    }
  }
}
