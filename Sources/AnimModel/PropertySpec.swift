import AnimMath

/// One animatable property (§6.1), declared once: name, type, default, how animations
/// compose on it and interpolate it, the keys it is dumped under (§9), and documentation.
/// The checker types values by it; the language server documents and completes it; the
/// editor grammars list it.
public final class PropertySpec: Sendable {
  public let property: Property
  public var name: String { property.rawValue }
  /// What a value given to it must be.
  public let type: AnimType
  /// The model value of an instance that does not set it (§6.3).
  public let defaultValue: Value
  public let composition: Composition
  public let interpolation: Interpolation
  /// Where its components sit in `NodeState`, in order (a Number one slot, a Point two,
  /// a Color four). A component of another property (`x`) sits inside that one's slots.
  /// Slot order is dump order (§9).
  public let slots: Range<Int>
  /// The record keys (§9) and CSV columns that carry it, in order.
  public let dumpKeys: [String]
  public let dumpGroup: DumpGroup
  /// Whether setting or animating it puts its dump group into the instance's records
  /// (`stroke` does; `lineWidth` alone does not).
  public let bringsDumpGroup: Bool
  /// Whether `animate` may act on it; a fixed property (`doubleSided`) is only set.
  public let isAnimatable: Bool
  /// The statement as the documentation writes it (`opacity N`).
  public let form: String
  public let doc: String

  /// Where an animation of the property acts, on the source-order stack of §6.3. Every
  /// property replaces the value below it, or adds to it with `additive`.
  public enum Composition: Sendable, Equatable {
    /// The whole value.
    case whole
    /// One component of another property (`x` of `position`): it shares that stack.
    case component(of: Property)
    /// A Number that sets both components of a pair (`scale`).
    case bothComponents
  }

  /// How values between keys are found (§6.2).
  public enum Interpolation: Sendable, Equatable {
    /// Linear in each number (a point's x and y).
    case linear
    /// Per sRGB channel, straight alpha.
    case colorChannels
  }

  /// When a dump record carries the keys (§9).
  public enum DumpGroup: Sendable, Equatable, CaseIterable {
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
    bringsDumpGroup: Bool = true, animatable: Bool = true, form: String, doc: String
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
    self.form = form
    self.doc = doc
  }
}
