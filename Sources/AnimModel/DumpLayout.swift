import AnimMath

/// A record's property fields as §9 orders them, from the declarations: every property
/// with one dump key, in slot order (`PropertySpec.slots`; a Point's or `scale`'s keys
/// are its components'). The CSV column rows and the JSON and CSV record writers are
/// made from these (`RecordFields` in AnimWriters), so a property declared with one dump
/// key is dumped with no writer change.
package struct DumpField: Sendable {
  package let property: Property
  package let key: String
  /// Its first `NodeState` slot.
  package let slot: Int
  package let group: PropertySpec.DumpGroup
  /// A Number, or a paint: a colour, or the gradient a node's fill or stroke has instead.
  package let isPaint: Bool
  /// A Bool, held as 1 or 0 and written `true` or `false`.
  package let isBool: Bool
  /// An enumeration's case names, by the index its slot holds (`blend`); empty for the
  /// rest.
  package let cases: [String]
  /// The slot's value in a state at its defaults: a `.unlessDefault` field is written
  /// only where the slot holds another.
  package let defaultSlot: Double
}

package enum DumpLayout {
  /// Every field, in record order.
  package static let fields: [DumpField] = Property.allCases.map(\.spec).filter { $0.dumpKeys.count == 1 }
    .sorted { $0.slots.lowerBound < $1.slots.lowerBound }
    .map(field)

  private static func field(_ spec: PropertySpec) -> DumpField {
    let slot = spec.slots.lowerBound
    return DumpField(
      property: spec.property, key: spec.dumpKeys[0], slot: slot, group: spec.dumpGroup,
      isPaint: spec.type == .color, isBool: spec.type == .bool,
      cases: spec.values.map(\.name), defaultSlot: NodeState()[slot])
  }

  /// The fields written after `"z"` only where they are not the default (§14), in
  /// record order.
  package static let unlessDefault: [DumpField] = fields.filter { $0.group == .unlessDefault }

  /// The CSV columns the fields before `tint` take, with or without the 3-D ones (the
  /// `.unlessDefault` ones come after `z`, only in a scene that sets them).
  package static func columns(depth: Bool) -> [String] {
    fields.filter { (depth || $0.group != .depth) && $0.group != .unlessDefault }.map(\.key)
  }
}
