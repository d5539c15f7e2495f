import AnimMath
import Testing

@testable import AnimModel

/// `NodeState` is storage indexed by the property declarations: these tests hold the
/// slots, the defaults and the named accessors to the declarations and to the spec.
struct NodeStateTests {
  /// The properties that own their slots (a component lives inside its whole's).
  static var owners: [PropertySpec] {
    Property.allCases.map(\.spec).filter {
      if case .component = $0.composition { return false }
      return true
    }
  }

  /// How many numbers a property's value needs: a Point two, a Color four, `scale` (a
  /// Number that sets two components, §6.1) two.
  static func width(_ spec: PropertySpec) -> Int {
    switch spec.type {
    case .point: return 2
    case .color: return 4
    default: return spec.name == "scale" ? 2 : 1
    }
  }

  @Test func ownedSlotsAreDisjointAndFitTheStorage() {
    var taken = Set<Int>()
    for spec in Self.owners {
      #expect(spec.slots.count == Self.width(spec), "\(spec.name)")
      #expect(spec.slots.upperBound <= NodeState.slotCount, "\(spec.name)")
      for slot in spec.slots { #expect(taken.insert(slot).inserted, "\(spec.name) shares slot \(slot)") }
    }
  }

  @Test func componentsLieInsideTheirWholeProperty() {
    for spec in Property.allCases.map(\.spec) {
      guard case .component(let whole) = spec.composition else { continue }
      #expect(spec.slots.count == 1, "\(spec.name)")
      #expect(whole.spec.slots.contains(spec.slots.lowerBound), "\(spec.name) outside \(whole)")
    }
  }

  /// Slot order is §9's record and column order: the CSV columns of a scene with a 3-D
  /// node, as §12.1 lists them, then §14's `doubleSided,blend,blur` (after `z`).
  @Test func slotOrderIsDumpOrder() {
    let columns =
      "x,y,scaleX,scaleY,rotation,rotationX,rotationY,perspective,opacity,fill,stroke,"
      + "lineWidth,strokeStart,strokeEnd,doubleSided,blend,blur"
    let bySlot = Property.allCases.map(\.spec).filter { $0.dumpKeys.count == 1 }.sorted {
      $0.slots.lowerBound < $1.slots.lowerBound
    }
    #expect(bySlot.map(\.dumpKeys[0]).joined(separator: ",") == columns)
  }

  /// §6.3's defaults, read through the named accessors drawing code uses.
  @Test func defaultsAreTheSpecs() {
    let s = NodeState()
    #expect(s.position == Point(0, 0))
    #expect(s.scaleX == 1 && s.scaleY == 1)
    #expect(s.rotation == 0 && s.rotationX == 0 && s.rotationY == 0 && s.perspective == 0)
    #expect(s.opacity == 1)
    #expect(s.fill == Color(r: 0, g: 0, b: 0, a: 1))
    #expect(s.stroke == Color(r: 0, g: 0, b: 0, a: 0))
    #expect(s.lineWidth == 1 && s.strokeStart == 0 && s.strokeEnd == 1)
    // §14: doubleSided defaults to true, held as 1.
    #expect(s[Property.doubleSided.spec.slots.lowerBound] == 1 && s.doubleSided)
    // §15: blend `.normal` and blur 0.
    #expect(!s.isAdditive && s.blur == 0)
  }

  /// An enum case is held as its index among the declaration's cases: `.additive` is
  /// the second of `.normal | .additive` (§15).
  @Test func anEnumCaseSetsItsIndex() {
    let spec = Property.blend.spec
    var state = NodeState()
    state.set(spec, .enumCase("additive"))
    let changed = (0..<NodeState.slotCount).filter { state[$0] != NodeState()[$0] }
    #expect(changed == [spec.slots.lowerBound] && state[spec.slots.lowerBound] == 1)
    #expect(state.isAdditive)
    state.set(spec, .enumCase("normal"))
    #expect(state == NodeState())
  }

  /// A Bool is held as 1 (true) or 0 (false) in its one slot.
  @Test func aBoolSetsOneSlotToOneOrZero() {
    let spec = Property.doubleSided.spec
    var state = NodeState()
    state.set(spec, .bool(false))
    let changed = (0..<NodeState.slotCount).filter { state[$0] != NodeState()[$0] }
    #expect(changed == [spec.slots.lowerBound] && state[spec.slots.lowerBound] == 0)
    // The named accessor reads the declared slot.
    #expect(!state.doubleSided)
    state.set(spec, .bool(true))
    #expect(state.doubleSided)
    #expect(state == NodeState())
  }

  /// Each declaration's default, written at its slots, is what a new state holds there.
  @Test func defaultsComeFromTheDeclarations() {
    for spec in Property.allCases.map(\.spec) {
      var expected = NodeState()
      for slot in spec.slots { expected[slot] = -7 }
      expected.set(spec, spec.defaultValue)
      #expect(expected == NodeState(), "\(spec.name)")
    }
  }

  /// Setting a named accessor changes exactly the slots its property declares.
  @Test func namedAccessorsUseTheDeclaredSlots() {
    let writes: [(Property, (inout NodeState) -> Void)] = [
      (.position, { $0.position = Point(-3, -4) }), (.scaleX, { $0.scaleX = -3 }), (.scaleY, { $0.scaleY = -3 }),
      (.rotation, { $0.rotation = -3 }), (.rotationX, { $0.rotationX = -3 }), (.rotationY, { $0.rotationY = -3 }),
      (.perspective, { $0.perspective = -3 }), (.opacity, { $0.opacity = -3 }),
      (.fill, { $0.fill = Color(r: -3, g: -4, b: -5, a: -6) }),
      (.stroke, { $0.stroke = Color(r: -3, g: -4, b: -5, a: -6) }),
      (.lineWidth, { $0.lineWidth = -3 }), (.strokeStart, { $0.strokeStart = -3 }), (.strokeEnd, { $0.strokeEnd = -3 }),
    ]
    for (property, write) in writes {
      let before = NodeState()
      var after = before
      write(&after)
      let changed = (0..<NodeState.slotCount).filter { before[$0] != after[$0] }
      #expect(changed == Array(property.spec.slots), "\(property)")
      #expect(after[property.spec.slots.lowerBound] == -3, "\(property)")
    }
  }

  /// `withFixedSlot` passes every slot on unchanged (each case spells its own).
  @Test func withFixedSlotPassesTheSlotItIsGiven() {
    for slot in -1...NodeState.slotCount {
      var passed: [Int] = []
      NodeState.withFixedSlot(slot, &passed) { $1.append($0) }
      #expect(passed == [slot])
    }
  }

  /// `takeLeading` takes every slot a record's leading values use (position, scale,
  /// rotation, opacity), and keeps every slot it does not say it takes.
  @Test func takeLeadingTakesTheLeadingValues() {
    var source = NodeState()
    for slot in 0..<NodeState.slotCount { source[slot] = Double(slot) + 100 }
    var kept = NodeState()
    kept.takeLeading(of: source)
    for property in [Property.position, .scale, .rotation, .opacity] {
      for slot in property.spec.slots { #expect(kept[slot] == source[slot], "\(property)") }
    }
    for slot in 0..<NodeState.slotCount where !NodeState.isLeading(slot) {
      #expect(kept[slot] == NodeState()[slot], "slot \(slot)")
    }
    #expect(kept.lineWidth == 1)
  }

  /// `==` compares every slot as numbers compare: one slot apart is unequal, a NaN is
  /// unequal to itself, and −0 equals 0.
  @Test func equalityComparesEverySlotAsNumbersDo() {
    #expect(NodeState() == NodeState())
    for slot in 0..<NodeState.slotCount {
      var changed = NodeState()
      changed[slot] += 0.5
      #expect(changed != NodeState(), "slot \(slot)")
      var nan = NodeState()
      nan[slot] = .nan
      #expect(nan != nan, "slot \(slot)")
      var zero = NodeState()
      zero[slot] = 0
      var negativeZero = NodeState()
      negativeZero[slot] = -0.0
      #expect(zero == negativeZero, "slot \(slot)")
    }
  }
}
