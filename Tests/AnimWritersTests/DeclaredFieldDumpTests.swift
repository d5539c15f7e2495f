import AnimIR
import AnimMath
import AnimModel
import AnimSim
import Testing

@testable import AnimWriters

/// The dumps write whatever is declared (§9): a scene made from the registry alone, one
/// node per dump field set to a value other than its default, is dumped with every field
/// in its JSON record and its CSV column, with the value the node was given, which is the
/// value its state holds at the field's slot. Nothing here names a property, so a property
/// declared with a dump key is held to its records by this test with no writer change.
///
/// The values are picked from the declared type (a Number half its default, or 0.375 for
/// a default of 0; an Angle of 30°; the colour `#336699CC`; the other Bool; another enum
/// case), and their dump texts follow from §9 by hand: `0.375`, `30`, `"#336699CC"`.
struct DeclaredFieldDumpTests {
  /// A statement giving `spec` a value other than its default, that value's JSON text and
  /// the slot values it is held as.
  static func setting(_ spec: PropertySpec) throws -> (statement: String, json: String, slots: [Double]) {
    let name = spec.name
    switch (spec.type, spec.defaultValue) {
    case (.number, .number(let d)):
      let v = d == 0 ? 0.375 : d / 2
      // §9: an integer without a fraction, else its digits (these need no rounding).
      let text = v == v.rounded() ? String(Int(v)) : "\(v)"
      return ("\(name) \(text)", text, [v])
    case (.angle, _):
      return ("\(name) 30deg", "30", [30])
    case (.color, _):
      return ("\(name) #336699CC", "\"#336699CC\"", [0x33, 0x66, 0x99, 0xCC].map { $0 / 255 })
    case (.bool, .bool(let d)):
      return ("\(name) \(!d)", "\(!d)", [d ? 0 : 1])
    case (.enumeration, .enumCase(let d)):
      let k = try #require(spec.values.firstIndex { $0.name != d }, "\(name) has one case")
      return ("\(name) .\(spec.values[k].name)", "\"\(spec.values[k].name)\"", [Double(k)])
    default:
      Issue.record("\(name): no test value for \(spec.type)")
      return ("", "", [])
    }
  }

  /// Node `n<i>` sets field `i`, and, for a field that does not bring its group
  /// (`lineWidth`), a property of the group that does.
  static func scene() throws -> String {
    var text = "scene \"F\" { size 100, 100; duration 1s; fps 1 }\n"
    for (i, field) in DumpLayout.fields.enumerated() {
      let spec = field.property.spec
      var statements = [try setting(spec).statement]
      if !spec.bringsDumpGroup && spec.dumpGroup != .always,
        let bringer = Property.allCases.first(where: { $0.brings(spec.dumpGroup) })
      {
        statements.insert(try setting(bringer.spec).statement, at: 0)
      }
      text += "node n\(i) = rect(10, 10) { \(statements.joined(separator: "; ")) }\n"
    }
    return text
  }

  /// Frame 0's records as the simulator makes them, by id.
  static func states(_ ir: SceneIR) throws -> [String: NodeState] {
    let sim = try Simulator(ir)
    try sim.step()
    return Dictionary(uniqueKeysWithValues: sim.frame.nodes.map { ($0.id.description, $0.state) })
  }

  @Test func everyFieldReachesItsRecordAndColumn() throws {
    let ir = try checkedScene(try Self.scene())
    let states = try Self.states(ir)
    let json = MemorySink()
    var jsonWriter = JSONLinesWriter(to: json)
    try FrameRun.write(try Simulator(ir), frames: 0...0, to: &jsonWriter)
    let csv = MemorySink()
    var csvWriter = CSVWriter(to: csv)
    try FrameRun.write(try Simulator(ir), frames: 0...0, to: &csvWriter)

    let frame = try #require(json.text.split(separator: "\n").first { $0.contains("\"type\":\"frame\"") })
    let rows = csv.text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let header = try #require(rows.first).map(String.init)
    for (i, field) in DumpLayout.fields.enumerated() {
      let (_, text, slots) = try Self.setting(field.property.spec)
      // The state holds the value given, at the declared slot.
      let state = try #require(states["n\(i)"], "n\(i)")
      for (k, v) in slots.enumerated() {
        #expect(abs(state[field.slot + k] - v) < 1e-12, "\(field.key): slot \(field.slot + k)")
      }
      // The JSON record has the key with that value.
      let start = try #require(frame.range(of: "{\"id\":\"n\(i)\""), "n\(i)")
      let record = frame[start.lowerBound...].prefix { $0 != "}" }
      #expect(record.contains("\"\(field.key)\":\(text),"), "\(field.key) in \(record)")
      // So does the CSV row, in the key's column, unquoted.
      let column = try #require(header.firstIndex(of: field.key), "no CSV column `\(field.key)`")
      let row = try #require(rows.first { $0.count > 2 && $0[2] == "n\(i)" }, "n\(i)")
      #expect(row[column] == text.replacingOccurrences(of: "\"", with: "")[...], "\(field.key) in \(row)")
    }
  }

  /// Every record carries every `.always` field, and no record carries a field of a
  /// group its node does not set: the groups are the declared ones.
  @Test func groupsAreCarriedAsDeclared() throws {
    let json = MemorySink()
    var writer = JSONLinesWriter(to: json)
    try FrameRun.write(try Simulator(try checkedScene(try Self.scene())), frames: 0...0, to: &writer)
    let frame = try #require(json.text.split(separator: "\n").first { $0.contains("\"type\":\"frame\"") })
    for (i, set) in DumpLayout.fields.enumerated() {
      let start = try #require(frame.range(of: "{\"id\":\"n\(i)\""), "n\(i)")
      let record = frame[start.lowerBound...].prefix { $0 != "}" }
      for field in DumpLayout.fields {
        let present = record.contains("\"\(field.key)\":")
        let expected = field.group == .always || field.group == set.group && field.group != .unlessDefault
        #expect(present == expected || field.key == set.key, "\(field.key) in n\(i) (\(set.key)): \(record)")
      }
    }
  }
}
