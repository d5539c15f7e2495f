import AnimMath

/// A record's property fields as §9 orders them, from the declarations: every property
/// with one dump key, in slot order (`PropertySpec.slots`; a Point's or `scale`'s keys
/// are its components'). The CSV column rows are made from these; the record writers
/// spell the same fields out for speed, and `DumpLayoutTests` holds their records to
/// this order.
package struct DumpField: Sendable {
  package let property: Property
  package let key: String
  /// Its first `NodeState` slot.
  package let slot: Int
  package let group: PropertySpec.DumpGroup
  /// A Number, or a paint: a colour, or the gradient a node's fill or stroke has instead.
  package let isPaint: Bool
}

package enum DumpLayout {
  /// Every field, in record order.
  package static let fields: [DumpField] = Property.allCases.map(\.spec).filter { $0.dumpKeys.count == 1 }
    .sorted { $0.slots.lowerBound < $1.slots.lowerBound }
    .map {
      DumpField(
        property: $0.property, key: $0.dumpKeys[0], slot: $0.slots.lowerBound, group: $0.dumpGroup,
        isPaint: $0.type == .color)
    }

  /// The CSV columns the fields take, with or without the 3-D ones.
  package static func columns(depth: Bool) -> [String] {
    fields.filter { depth || $0.group != .depth }.map(\.key)
  }
}
