import AnimMath

/// The property values of one instance (§6.1): its model values, then the result of
/// composing its animations on top of them (§6.3).
///
/// Storage is indexed by the declarations: property `p`'s components sit at
/// `p.spec.slots`, and nothing here names a property except the accessors at the end,
/// which read those same slots for code that draws one particular property. The slots are
/// numbers inline in two vectors, so a state is a plain value with no heap storage.
public struct NodeState: Hashable, Sendable {
  /// Slots `0..<16`. Visible to the accessors inlined into other modules: a record's
  /// writers and samplers read a slot per field, and a call for each cost more than the
  /// read (`@inlinable` below).
  @usableFromInline var low: SIMD16<Double>
  /// Slots `16..<Self.slotCount`.
  @usableFromInline var high: SIMD8<Double>

  /// How many slots a state has; every declared property's slots lie below it.
  public static let slotCount = 24

  /// Every property at its declared default (§6.3).
  public init() { self = Self.defaults }

  private init(low: SIMD16<Double>, high: SIMD8<Double>) {
    self.low = low
    self.high = high
  }

  /// The defaults, written once from the declarations.
  private static let defaults: NodeState = {
    var state = NodeState(low: .zero, high: .zero)
    for spec in Property.allCases.map(\.spec) {
      // A component's default is its whole property's.
      if case .component = spec.composition { continue }
      state.set(spec, spec.defaultValue)
    }
    return state
  }()

  /// One slot.
  @inlinable
  public subscript(slot: Int) -> Double {
    get { slot < 16 ? low[slot] : high[slot &- 16] }
    set {
      if slot < 16 { low[slot] = newValue } else { high[slot &- 16] = newValue }
    }
  }

  /// The colour in the four slots from `slot` (r, g, b, a).
  @inlinable
  public func color(at slot: Int) -> Color {
    Color(r: self[slot], g: self[slot &+ 1], b: self[slot &+ 2], a: self[slot &+ 3])
  }

  /// Sets a property's slots from a value of its type: a Number, a Point (two slots), a
  /// Color (four), a Bool (1 for true, 0 for false) or an enum case (its index among the
  /// declaration's `values`); a Number given to a two-slot property (`scale`) sets both.
  package mutating func set(_ spec: PropertySpec, _ value: Value) {
    let first = spec.slots.lowerBound
    switch value {
    case .number(let n):
      for slot in spec.slots { self[slot] = n }
    case .point(let p):
      self[first] = p.x
      self[first &+ 1] = p.y
    case .color(let c):
      self[first] = c.r
      self[first &+ 1] = c.g
      self[first &+ 2] = c.b
      self[first &+ 3] = c.a
    case .bool(let b):
      self[first] = b ? 1 : 0
    case .enumCase(let name):
      self[first] = spec.slotValue(ofCase: name) ?? .nan
    default:
      for slot in spec.slots { self[slot] = .nan }
    }
  }

  /// A property's value as `set(_:_:)` takes it: the inverse of setting it.
  package func value(_ spec: PropertySpec) -> Value {
    let first = spec.slots.lowerBound
    switch spec.type {
    case .point: return .point(Point(self[first], self[first &+ 1]))
    case .color: return .color(color(at: first))
    case .bool: return .bool(self[first] != 0)
    case .enumeration:
      let k = Int(exactly: self[first]) ?? -1
      return spec.values.indices.contains(k) ? .enumCase(spec.values[k].name) : spec.defaultValue
    default: return .number(self[first])
    }
  }

  /// Slot by slot, as the synthesized `==` compares (NaN differs from itself, −0 equals
  /// 0), in two vector comparisons: the synthesized one was not inlined, and every spawn
  /// compares its model values with its timing group's (`TimingGroup.join`).
  @inlinable
  public static func == (a: NodeState, b: NodeState) -> Bool {
    all(a.low .== b.low) && all(a.high .== b.high)
  }

  /// Takes the slots below 16 from `other` and keeps the rest: what a record kept from
  /// the frame before needs when no animation changes its style. Those slots hold every
  /// value most animations change (position, scale, rotation, opacity), and copying one
  /// vector costs no more than copying those values one by one.
  @inlinable
  package mutating func takeLeading(of other: NodeState) {
    low = other.low
  }

  /// Whether `slot` is among those `takeLeading(of:)` takes.
  package static func isLeading(_ slot: Int) -> Bool { slot < 16 }

  // The properties drawing code reads by name, at their declared slots.

  @inlinable public var position: Point {
    get { Point(low[0], low[1]) }
    set {
      low[0] = newValue.x
      low[1] = newValue.y
    }
  }
  @inlinable public var scaleX: Double {
    get { low[2] }
    set { low[2] = newValue }
  }
  @inlinable public var scaleY: Double {
    get { low[3] }
    set { low[3] = newValue }
  }
  /// Degrees, clockwise, unwrapped.
  @inlinable public var rotation: Double {
    get { low[4] }
    set { low[4] = newValue }
  }
  /// Degrees about x and y (§12.1), and the eye's distance (0: none); a node is 3-D when
  /// its source sets or animates any of them (`LiveInstance.is3D`).
  @inlinable public var rotationX: Double {
    get { low[5] }
    set { low[5] = newValue }
  }
  @inlinable public var rotationY: Double {
    get { low[6] }
    set { low[6] = newValue }
  }
  @inlinable public var perspective: Double {
    get { low[7] }
    set { low[7] = newValue }
  }
  /// §14's `doubleSided` (slot 20: 1 true, 0 false). Read for every record of every
  /// frame (`decideFacing`), at a literal slot: the registry's, read through a global,
  /// cost a lazy-initialisation check per record.
  @inlinable public var doubleSided: Bool { high[4] != 0 }
  /// §15's `blend .additive` (slot 21 holds the case's index, 1).
  @inlinable public var isAdditive: Bool { high[5] == 1 }
  /// §15's `blur`, in scene points, as set or animated (a drawer clamps it to ≥ 0).
  @inlinable public var blur: Double { high[6] }
  @inlinable public var opacity: Double {
    get { low[8] }
    set { low[8] = newValue }
  }
  @inlinable public var fill: Color {
    get { Color(r: low[9], g: low[10], b: low[11], a: low[12]) }
    set {
      low[9] = newValue.r
      low[10] = newValue.g
      low[11] = newValue.b
      low[12] = newValue.a
    }
  }
  /// Transparent when the node has no stroke; dumps write it only when the node has one.
  @inlinable public var stroke: Color {
    get { Color(r: low[13], g: low[14], b: low[15], a: high[0]) }
    set {
      low[13] = newValue.r
      low[14] = newValue.g
      low[15] = newValue.b
      high[0] = newValue.a
    }
  }
  @inlinable public var lineWidth: Double {
    get { high[1] }
    set { high[1] = newValue }
  }
  @inlinable public var strokeStart: Double {
    get { high[2] }
    set { high[2] = newValue }
  }
  @inlinable public var strokeEnd: Double {
    get { high[3] }
    set { high[3] = newValue }
  }
}
