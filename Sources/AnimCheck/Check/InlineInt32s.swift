/// Eight `Int32`s held inline, in a tuple, read and written by index: storage for the
/// checker's short per-call lists (`ParameterSlots`, an animation's clauses) without the
/// allocation an array would make for each.
struct InlineInt32s {
  static let count = 8
  private var slots: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)

  init(repeating value: Int32) { slots = (value, value, value, value, value, value, value, value) }

  /// Slot `i`, for `0 <= i < count`.
  @inline(__always) subscript(i: Int) -> Int32 {
    get {
      switch i {
      case 0: return slots.0
      case 1: return slots.1
      case 2: return slots.2
      case 3: return slots.3
      case 4: return slots.4
      case 5: return slots.5
      case 6: return slots.6
      case 7: return slots.7
      default: preconditionFailure("slot \(i) of \(Self.count)")
      }
    }
    set {
      switch i {
      case 0: slots.0 = newValue
      case 1: slots.1 = newValue
      case 2: slots.2 = newValue
      case 3: slots.3 = newValue
      case 4: slots.4 = newValue
      case 5: slots.5 = newValue
      case 6: slots.6 = newValue
      case 7: slots.7 = newValue
      default: preconditionFailure("slot \(i) of \(Self.count)")
      }
    }
  }
}
