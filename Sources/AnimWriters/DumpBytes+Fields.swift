import AnimMath
import AnimModel

// A record's property fields (`RecordFields`), written by their kind: the loops of the
// JSON record and the CSV row, which name no property.

extension DumpBytes {
  /// A record's leading fields (before `"tint"`) as a JSON object's members: those of the
  /// groups the record carries, each `,"KEY":VALUE`.
  @inline(__always)
  mutating func append(members fields: RecordFields, of node: NodeFrame) {
    let carried = RecordGroups(of: node)
    let s = node.state
    let gradients = node.boxGradients
    for i in fields.leading.indices {
      let f = fields.leading[i]
      guard carried.contains(f.group) else { continue }
      if f.lead.count != 0 { append(piece: f.lead) }
      switch f.kind {
      case .number:
        append(f.key, number: s[f.slot], keptIn: f.index)
      case .paint:
        if let gradient = gradients?.gradient(of: f.property) {
          append(piece: f.key)
          append(gradient: gradient)
        } else {
          append(f.keyQuote, hex: s.color(at: f.slot))
          append(byte: UInt8(ascii: "\""))
        }
      case .named:
        append(piece: f.key)
        CSVWriter.value(s[f.slot], DumpLayout.fields[f.index], json: true, into: &self)
      }
    }
  }

  /// A row's leading cells (before `tint`'s): each field's value where the record carries
  /// its group, else an empty cell.
  @inline(__always)
  mutating func append(cells fields: RecordFields, of node: NodeFrame) {
    let carried = RecordGroups(of: node)
    let s = node.state
    let gradients = node.boxGradients
    for i in fields.leading.indices {
      let f = fields.leading[i]
      guard carried.contains(f.group) else {
        append(byte: UInt8(ascii: ","))
        continue
      }
      switch f.kind {
      case .number:
        append(Self.comma, number: s[f.slot], keptIn: f.index)
      case .paint:
        if let gradient = gradients?.gradient(of: f.property) {
          append(byte: UInt8(ascii: ","))
          append(paintCell: s.color(at: f.slot), gradient: gradient)
        } else {
          append(Self.comma, hex: s.color(at: f.slot))
        }
      case .named:
        append(byte: UInt8(ascii: ","))
        CSVWriter.value(s[f.slot], DumpLayout.fields[f.index], json: false, into: &self)
      }
    }
  }
}
