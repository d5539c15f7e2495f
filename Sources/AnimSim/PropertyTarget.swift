import AnimIR
import AnimMath
import AnimModel

/// Which slots of `NodeState` an animation of a property reads and writes, from the
/// property's declaration (`PropertySpec.slots`). Component targets (`x`, `y`, `scaleX`,
/// `scaleY`) touch only their own slot, inside their whole property's, so they share one
/// source-order stack with `position` and `scale` (§6.3).
struct PropertyTarget: Hashable, Sendable {
  /// The first slot.
  let slot: Int
  /// How many slots: 1 (a Number), 2 (a Point, or both components of `scale`), 4 (a Color).
  let width: Int
  /// Whether a Number sets every slot (`scale`, §6.1).
  let numberSetsAll: Bool
  /// The property, for the slot value of an enum case (`blend .additive`).
  let property: Property

  init(_ property: Property) {
    let spec = property.spec
    self.property = property
    slot = spec.slots.lowerBound
    width = spec.slots.count
    numberSetsAll = spec.composition == .bothComponents
  }

  static let position = PropertyTarget(.position)

  /// The value below, as channels.
  @inline(__always) func read(_ s: NodeState) -> Channels {
    switch width {
    case 1: return Channels(s[slot])
    case 2: return Channels(s[slot], s[slot &+ 1])
    default: return Channels(s[slot], s[slot &+ 1], s[slot &+ 2], s[slot &+ 3])
    }
  }

  @inline(__always) func write(_ v: Channels, _ s: inout NodeState) {
    s[slot] = v.x
    guard width > 1 else { return }
    s[slot &+ 1] = v.y
    guard width > 2 else { return }
    s[slot &+ 2] = v.z
    s[slot &+ 3] = v.w
  }

  /// Whether it animates a slot that `NodeState.takeLeading` does not take: a record kept
  /// from the frame before then needs its whole state composed again.
  var isStyle: Bool { !NodeState.isLeading(slot &+ width &- 1) }

  /// The one slot it writes, for a one-number target; nil for points and colours.
  var scalar: Int? { width == 1 ? slot : nil }

  /// An evaluated value of this property as channels: a Number given to `scale` sets
  /// both components (§6.1); a Bool is 1 or 0 and an enum case its index, as `NodeState`
  /// holds them.
  func channels(_ v: Value) -> Channels {
    switch v {
    case .point(let p): return Channels(p)
    case .color(let c): return Channels(c)
    case .number(let n): return numberSetsAll ? Channels(n, n) : Channels(n)
    case .bool(let b): return Channels(b ? 1 : 0)
    case .enumCase(let name): return Channels(property.spec.slotValue(ofCase: name) ?? .nan)
    default: return Channels(.nan)
    }
  }

  /// Sets a fixed property value from a block statement (`opacity 0.5`, `scale 2`).
  func set(_ v: Value, _ s: inout NodeState) {
    write(channels(v), &s)
  }
}
