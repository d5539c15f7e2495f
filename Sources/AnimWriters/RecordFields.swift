import AnimJSON
import AnimModel

/// The property fields a record writer writes (§9), made once per writer from the
/// declarations (`DumpLayout.fields`): each field's key piece is packed here, so a record
/// loops over them and names no property. A property declared with a dump key is written
/// by every dump with no change here.
///
/// Each element is a plain value (no references), so the loop over them copies words and
/// counts nothing.
struct RecordFields: Sendable {
  /// The fields before `"tint"`, in record order: `.always`, `.depth`, `.stroke` and
  /// `.trim` ones, each written where the record carries its group (`RecordGroups`).
  let leading: [RecordField]
  /// The `.unlessDefault` fields, written after `"z"` where they hold another value than
  /// their default (§14).
  let unlessDefault: [RecordField]
  /// Whether the first leading field's key starts with the quote that closes the string
  /// before it (JSON: the id's, shape's or parent's text is left open for it).
  let closesString: Bool
  /// Where `DumpBytes` keeps `"z"`'s last number (a structural key, not a property).
  let zKept = KeptNumber.z

  /// A JSON record's fields: each key a member's start, `,"KEY":`.
  static func json() -> RecordFields { RecordFields(json: true, depth: true) }

  /// A CSV row's cells: each a comma and the value; the `.depth` ones only with `depth`
  /// (a scene without a 3-D node has no such columns).
  static func csv(depth: Bool) -> RecordFields { RecordFields(json: false, depth: depth) }

  private init(json: Bool, depth: Bool) {
    var leading: [RecordField] = []
    var unlessDefault: [RecordField] = []
    for (index, field) in DumpLayout.fields.enumerated() {
      if field.group == .unlessDefault {
        unlessDefault.append(RecordField(field, index: index, json: json, closing: false))
      } else if depth || field.group != .depth {
        // The first field closes the open string only when every record carries it.
        let closing = json && leading.isEmpty && field.group == .always
        leading.append(RecordField(field, index: index, json: json, closing: closing))
      }
    }
    self.leading = leading
    self.unlessDefault = unlessDefault
    closesString = leading.first?.closesString ?? false
  }
}

/// One field as a writer writes it.
struct RecordField: Sendable {
  /// What its value is written as.
  enum Kind: Sendable {
    /// A number by §9's rule, its last text kept (`DumpBytes.append(_:number:keptIn:)`).
    case number
    /// A colour `#RRGGBBAA`, or the gradient the node's paint has instead (§12.2).
    case paint
    /// A Bool or an enum case (`CSVWriter.value`).
    case named
  }

  let property: Property
  let kind: Kind
  /// Its group's bit.
  let group: RecordGroups
  /// Its `NodeState` slot (the first of a colour's four).
  let slot: Int
  /// The slot's value at the default (`.unlessDefault` fields are written only elsewhere).
  let defaultSlot: Double
  /// Its index in `DumpLayout.fields`: where `DumpBytes` keeps its last number.
  let index: Int
  /// JSON: the end of `,"KEY":` (after `lead`); CSV: a comma.
  let key: PackedBytes
  /// JSON: the end of `,"KEY":"` (after `lead`), a colour string's key and opening quote;
  /// CSV: a comma.
  let keyQuote: PackedBytes
  /// The start of a key too long for one piece (a key of more than 11 bytes), else empty.
  let lead: PackedBytes
  /// Whether `lead`/`key` start with `"`, closing the string before the field.
  let closesString: Bool

  init(_ field: DumpField, index: Int, json: Bool, closing: Bool) {
    property = field.property
    kind = field.isPaint ? .paint : field.isBool || !field.cases.isEmpty ? .named : .number
    group = RecordGroups(field.group)
    slot = field.slot
    defaultSlot = field.defaultSlot
    self.index = index
    closesString = closing
    guard json else {
      key = DumpBytes.comma
      keyQuote = DumpBytes.comma
      lead = PackedBytes(0, count: 0)
      return
    }
    // `"` to close the string before, `,"KEY":`, and `"` to open a colour's string: the
    // piece with the quote is at most 16 bytes, and what does not fit goes in `lead`.
    let member = (closing ? [UInt8(ascii: "\"")] : []) + Array(",\"\(field.key)\":".utf8)
    let split = max(0, member.count + 1 - 16)
    precondition(split <= 16, "dump key `\(field.key)` is longer than a record field's pieces hold")
    lead = PackedBytes(bytes: Array(member[..<split]))
    key = PackedBytes(bytes: Array(member[split...]))
    keyQuote = PackedBytes(bytes: Array(member[split...]) + [UInt8(ascii: "\"")])
  }
}

/// The dump groups (`PropertySpec.DumpGroup`) as bits: a record's carried groups, worked
/// out once per record, and each field's own.
struct RecordGroups: OptionSet, Sendable {
  let rawValue: UInt8

  static let always = RecordGroups(rawValue: 1)
  static let depth = RecordGroups(rawValue: 2)
  static let stroke = RecordGroups(rawValue: 4)
  static let trim = RecordGroups(rawValue: 8)
  static let unlessDefault = RecordGroups(rawValue: 16)

  init(rawValue: UInt8) { self.rawValue = rawValue }

  init(_ group: PropertySpec.DumpGroup) {
    switch group {
    case .always: self = .always
    case .depth: self = .depth
    case .stroke: self = .stroke
    case .trim: self = .trim
    case .unlessDefault: self = .unlessDefault
    }
  }

  /// The groups whose fields `node`'s record carries before `"tint"` (§9): every record
  /// the `.always` ones, a 3-D node (§12.1) the depth ones, a node with a stroke or a
  /// trim (its source sets or animates one) those. `.unlessDefault` fields are written
  /// after `"z"`, each by its own value.
  @inline(__always)
  init(of node: NodeFrame) {
    var bits = Self.always.rawValue
    if node.hasMatrix3D { bits |= Self.depth.rawValue }
    if node.hasStroke { bits |= Self.stroke.rawValue }
    if node.hasTrim { bits |= Self.trim.rawValue }
    rawValue = bits
  }
}
