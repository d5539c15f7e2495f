import AnimMath

/// A record's property fields as §9 orders them, from the declarations: every property
/// with one dump key, in slot order (`PropertySpec.slots`; a Point's or `scale`'s keys
/// are its components'). The JSON Lines, CSV and 3-D dump writers loop over these, so a
/// property declared with a dump key is dumped with no writer naming it.
public struct DumpField: Sendable {
  public let property: Property
  public let key: String
  /// Its first `NodeState` slot.
  public let slot: Int
  public let group: PropertySpec.DumpGroup
  /// A Number, or a paint: a colour, or the gradient a node's fill or stroke has instead.
  public let isPaint: Bool
}

public enum DumpLayout {
  /// Every field, in record order.
  public static let fields: [DumpField] = Property.allCases.map(\.spec).filter { $0.dumpKeys.count == 1 }
    .sorted { $0.slots.lowerBound < $1.slots.lowerBound }
    .map {
      DumpField(
        property: $0.property, key: $0.dumpKeys[0], slot: $0.slots.lowerBound, group: $0.dumpGroup,
        isPaint: $0.type == .color)
    }

  /// The CSV columns the fields take, with or without the 3-D ones.
  public static func columns(depth: Bool) -> [String] {
    fields.filter { depth || $0.group != .depth }.map(\.key)
  }
}

extension NodeFrame {
  /// Whether the record carries `group`'s fields (§9): a 3-D node its depth, a node with a
  /// stroke its stroke, one with a trim its trim.
  @inline(__always)
  public func carries(_ group: PropertySpec.DumpGroup) -> Bool {
    switch group {
    case .always: return true
    case .depth: return matrix3d != nil
    case .stroke: return hasStroke
    case .trim: return hasTrim
    }
  }

  /// The gradient a paint field has instead of its colour, in box points; nil for a colour.
  public func gradient(of field: DumpField, in box: PaintGradients?) -> Gradient? {
    guard let box else { return nil }
    switch field.property {
    case .fill: return box.fill
    case .stroke: return box.stroke
    default: return nil
    }
  }
}
