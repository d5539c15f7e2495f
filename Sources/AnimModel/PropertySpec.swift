import AnimMath

/// One animatable property (§6.1), declared once: name, type, default, how animations
/// compose on it and interpolate it, the keys it is dumped under (§9), and documentation.
/// The checker types values by it; the language server documents and completes it; the
/// editor grammars list it.
package final class PropertySpec: Sendable {
  package let property: Property
  package var name: String { property.rawValue }
  /// What a value given to it must be.
  package let type: AnimType
  /// The model value of an instance that does not set it (§6.3).
  package let defaultValue: Value
  package let composition: Composition
  package let interpolation: Interpolation
  /// Where its components sit in `NodeState`, in order (a Number one slot, a Point two,
  /// a Color four). A component of another property (`x`) sits inside that one's slots.
  /// Slot order is dump order (§9).
  package let slots: Range<Int>
  /// The record keys (§9) and CSV columns that carry it, in order.
  package let dumpKeys: [String]
  package let dumpGroup: DumpGroup
  /// Whether setting or animating it puts its dump group into the instance's records
  /// (`stroke` does; `lineWidth` alone does not).
  package let bringsDumpGroup: Bool
  /// Whether `animate` may act on it; a fixed property (`doubleSided`) is only set.
  package let isAnimatable: Bool
  /// Whether it styles the node's own shape, so that a group (a node with no shape, §14)
  /// may not set or animate it.
  package let isShapeOnly: Bool
  /// An enumeration's cases, in the order of the indices its slot holds, each with its
  /// documentation: hover, completion and the dumps take them from here.
  package let values: [(name: String, doc: String)]
  /// The statement as the documentation writes it (`opacity N`).
  package let form: String
  package let doc: String

  /// Where an animation of the property acts, on the source-order stack of §6.3. Every
  /// property replaces the value below it, or adds to it with `additive`.
  package enum Composition: Sendable, Equatable {
    /// The whole value.
    case whole
    /// One component of another property (`x` of `position`): it shares that stack.
    case component(of: Property)
    /// A Number that sets both components of a pair (`scale`).
    case bothComponents
  }

  /// How values between keys are found (§6.2).
  package enum Interpolation: Sendable, Equatable {
    /// Linear in each number (a point's x and y).
    case linear
    /// Per sRGB channel, straight alpha.
    case colorChannels
  }

  /// When a dump record carries the keys (§9).
  package enum DumpGroup: Sendable, Equatable, CaseIterable {
    /// In every record.
    case always
    /// With the stroke: when the node sets or animates `stroke`.
    case stroke
    /// With the trim: when the node sets or animates `strokeStart` or `strokeEnd`.
    case trim
    /// With the depth: when the node sets or animates `rotationX`, `rotationY` or
    /// `perspective` (§12.1), together with `matrix3d`.
    case depth
    /// After `"z"`, and only where the value is not the default (§14): a CSV dump has the
    /// column, after `z`, when the scene sets the property.
    case unlessDefault
  }

  init(
    _ property: Property, _ type: AnimType, default value: Value, composition: Composition = .whole,
    interpolation: Interpolation = .linear, slots: Range<Int>, dumpKeys: [String], dumpGroup: DumpGroup = .always,
    bringsDumpGroup: Bool = true, animatable: Bool = true, shapeOnly: Bool = false,
    values: [(name: String, doc: String)] = [], form: String, doc: String
  ) {
    self.property = property
    self.type = type
    self.defaultValue = value
    self.composition = composition
    self.interpolation = interpolation
    self.slots = slots
    self.dumpKeys = dumpKeys
    self.dumpGroup = dumpGroup
    self.bringsDumpGroup = bringsDumpGroup && dumpGroup != .always
    self.isAnimatable = animatable
    self.isShapeOnly = shapeOnly
    self.values = values
    self.form = form
    self.doc = doc
  }

  /// The slot value of an enumeration case: its index among `values` (nil for a name
  /// that is not one of them).
  package func slotValue(ofCase name: String) -> Double? {
    values.firstIndex { $0.name == name }.map(Double.init)
  }
}
