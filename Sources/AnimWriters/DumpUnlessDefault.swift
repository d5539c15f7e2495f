import AnimModel

// The dump's fields after `"z"` (§14): the `.unlessDefault` properties, each only where a
// node's value is not its default, with `backFacing` right after `doubleSided`. A scene
// that sets none of them dumps the bytes it did before they existed.

extension DumpRecords {
  /// `"doubleSided":false` and the other fields of `fields` that differ from their
  /// defaults, and `"backFacing":true` in a frame where the node faces away.
  @inline(__always)
  static func unlessDefaultMembers(_ node: NodeFrame, _ fields: [RecordField], into out: inout DumpBytes) {
    for i in fields.indices {
      let f = fields[i]
      let v = node.state[f.slot]
      guard v != f.defaultSlot else { continue }
      if f.lead.count != 0 { out.append(piece: f.lead) }
      out.append(piece: f.key)
      CSVWriter.value(v, DumpLayout.fields[f.index], json: true, into: &out)
      if f.property == .doubleSided && node.backFacing { out.append(",\"backFacing\":true") }
    }
  }
}

extension CSVWriter {
  /// The columns after `z` of a scene that sets `properties`: each `.unlessDefault`
  /// field it sets, with `backFacing` after `doubleSided`.
  static func unlessDefaultColumns(_ properties: [Property]) -> [DumpField] {
    DumpLayout.unlessDefault.filter { properties.contains($0.property) }
  }

  /// The column names of `fields`, each after a comma.
  static func columnNames(_ fields: [DumpField]) -> String {
    fields.map { "," + $0.key + ($0.property == .doubleSided ? ",backFacing" : "") }.joined()
  }

  /// A row's cells for `fields`: the value where it is not the default, else empty, and
  /// `backFacing`'s `true` or empty after `doubleSided`'s.
  static func unlessDefaultCells(_ node: NodeFrame, _ fields: [DumpField], into out: inout DumpBytes) {
    for field in fields {
      out.append(byte: UInt8(ascii: ","))
      let v = node.state[field.slot]
      if v != field.defaultSlot { value(v, field, json: false, into: &out) }
      if field.property == .doubleSided {
        out.append(byte: UInt8(ascii: ","))
        if node.backFacing { out.append("true") }
      }
    }
  }

  /// A field's value as JSON and CSV write it: a Bool as `true` or `false`, an enum case
  /// by its name (a JSON string), else a number.
  static func value(_ v: Double, _ field: DumpField, json: Bool, into out: inout DumpBytes) {
    if field.isBool {
      out.append(v != 0 ? "true" : "false")
    } else if !field.cases.isEmpty, let i = Int(exactly: v), field.cases.indices.contains(i) {
      if json { out.append(jsonString: field.cases[i]) } else { out.append(text: field.cases[i]) }
    } else {
      out.append(number: v)
    }
  }
}
