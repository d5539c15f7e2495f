/// Unswitching a loop over many states by the one slot it touches (an animation of one
/// number, composed member by member).
///
/// Why: `NodeState[slot]` with a variable slot indexes a vector by a variable, and the
/// compiler then copies the whole vector to the stack, reads or writes the lane there and
/// copies it back, for every access. A switch inside the accessor does not help either:
/// the compiler hoists the state's loads above it and sinks the stores below it. Called
/// with the loop as `body`, each case here inlines a copy of the loop whose slot is a
/// literal, so each access is one load or one store.
extension NodeState {
  /// Calls `body` with `slot`, spelled as a literal in every case (any slot past the
  /// storage is passed as it is, and traps in the subscript as it would have), and with
  /// `states`: what the loop writes is handed to it as a parameter, not captured, so
  /// that an array's uniqueness is checked once, not for every element written.
  @inlinable @inline(__always)
  package static func withFixedSlot<States>(_ slot: Int, _ states: inout States, _ body: (Int, inout States) -> Void) {
    switch slot {
    case 0: body(0, &states)
    case 1: body(1, &states)
    case 2: body(2, &states)
    case 3: body(3, &states)
    case 4: body(4, &states)
    case 5: body(5, &states)
    case 6: body(6, &states)
    case 7: body(7, &states)
    case 8: body(8, &states)
    case 9: body(9, &states)
    case 10: body(10, &states)
    case 11: body(11, &states)
    case 12: body(12, &states)
    case 13: body(13, &states)
    case 14: body(14, &states)
    case 15: body(15, &states)
    case 16: body(16, &states)
    case 17: body(17, &states)
    case 18: body(18, &states)
    case 19: body(19, &states)
    case 20: body(20, &states)
    case 21: body(21, &states)
    case 22: body(22, &states)
    case 23: body(23, &states)
    default: body(slot, &states)
    }
  }
}
