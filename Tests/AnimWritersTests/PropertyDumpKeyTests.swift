import AnimCheck
import AnimIR
import AnimModel
import AnimSim
import Testing

@testable import AnimWriters

/// Every declared property reaches the dump records under its declared keys (§9): a node
/// that sets one property to a value other than its default is dumped with that value, in
/// the JSON record and in the CSV row. The values are written by hand from §6.1 and §9
/// (rotations in degrees, colours as `#RRGGBBAA`), so a property declared without its
/// place in the records, or dumped from the wrong slot, fails here.
struct PropertyDumpKeyTests {
  /// Property → the statement that sets it, and each dump key's expected JSON text.
  static let rows: [(Property, String, [String: String])] = [
    (.position, "position (12, 34)", ["x": "12", "y": "34"]),
    (.x, "x 5", ["x": "5"]),
    (.y, "y 6", ["y": "6"]),
    (.scale, "scale 2", ["scaleX": "2", "scaleY": "2"]),
    (.scaleX, "scaleX 3", ["scaleX": "3"]),
    (.scaleY, "scaleY 4", ["scaleY": "4"]),
    (.rotation, "rotation 30deg", ["rotation": "30"]),
    (.opacity, "opacity 0.25", ["opacity": "0.25"]),
    (.fill, "fill #FF0000", ["fill": "\"#FF0000FF\""]),
    (.stroke, "stroke #00FF0080", ["stroke": "\"#00FF0080\""]),
    // A line width alone does not bring the stroke fields (§9: "where the node has them").
    (.lineWidth, "stroke red; lineWidth 3", ["lineWidth": "3"]),
    (.strokeStart, "strokeStart 0.5", ["strokeStart": "0.5"]),
    (.strokeEnd, "strokeEnd 0.75", ["strokeEnd": "0.75"]),
    (.rotationX, "rotationX 20deg", ["rotationX": "20"]),
    (.rotationY, "rotationY 40deg", ["rotationY": "40"]),
    (.perspective, "perspective 500", ["perspective": "500"]),
    // Written after `z`, and a CSV column, only where not the default (§14).
    (.doubleSided, "doubleSided false", ["doubleSided": "false"]),
    // §15: an enum case as its name, a JSON string.
    (.blend, "blend .additive", ["blend": "\"additive\""]),
    (.blur, "blur 2.5", ["blur": "2.5"]),
  ]

  static func scene() -> String {
    var text = "scene \"K\" { size 100, 100; duration 1s; fps 1 }\n"
    for (i, row) in rows.enumerated() { text += "node n\(i) = rect(10, 10) { \(row.1) }\n" }
    return text
  }

  static func dump(_ csv: Bool) throws -> String {
    let sim = try Simulator(try checkedScene(scene()))
    let sink = MemorySink()
    if csv {
      var writer = CSVWriter(to: sink)
      try FrameRun.write(sim, frames: 0...0, to: &writer)
    } else {
      var writer = JSONLinesWriter(to: sink)
      try FrameRun.write(sim, frames: 0...0, to: &writer)
    }
    return sink.text
  }

  @Test func everyDeclaredPropertyHasARow() {
    #expect(Set(Self.rows.map(\.0)) == Set(Property.allCases))
    for (property, _, keys) in Self.rows { #expect(Set(keys.keys) == Set(property.spec.dumpKeys), "\(property)") }
  }

  @Test func eachPropertyReachesItsJSONRecord() throws {
    let frame = try #require(try Self.dump(false).split(separator: "\n").first { $0.contains("\"type\":\"frame\"") })
    for (i, row) in Self.rows.enumerated() {
      let start = try #require(frame.range(of: "{\"id\":\"n\(i)\""), "n\(i)")
      let record = frame[start.lowerBound...].prefix { $0 != "}" }
      for (key, value) in row.2 {
        #expect(record.contains("\"\(key)\":\(value),"), "\(row.0): `\(key)` in \(record)")
      }
    }
  }

  @Test func eachPropertyReachesItsCSVColumn() throws {
    let lines = try Self.dump(true).split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    let header = try #require(lines.first).map(String.init)
    for (i, row) in Self.rows.enumerated() {
      let fields = try #require(lines.first { $0.count > 2 && $0[2] == "n\(i)" }, "n\(i)")
      for (key, value) in row.2 {
        let column = try #require(header.firstIndex(of: key), "no CSV column `\(key)`")
        #expect(fields[column] == value.replacingOccurrences(of: "\"", with: "")[...], "\(row.0): `\(key)`")
      }
    }
  }
}
