import AnimSyntax

/// Checking without lowering. `animc check` without `--emit-ir` keeps no IR, yet most of
/// what the checker built was the IR of values no rule looks at again: `to` values,
/// paths to move along, property values, block `let`s. Those are still checked in full
/// (types, units, stages, every diagnostic) but, when the IR is not kept, not lowered:
/// their `Typed.expr` is a placeholder, and building and freeing the expression trees
/// was a large part of the check.
///
/// What rules fold stays lowered: timings, durations, key times, `remove after`, and the
/// arguments of `cubicBezier` and `spring`, wherever they appear.
extension Checker {
  /// The expression of a value that was checked but not lowered (nothing reads it).
  static let unlowered = Expr.constant(.number(.nan))

  /// Checks a value that only the IR keeps.
  func checkValue(_ id: NodeID, expecting expected: AnimType?, in scope: inout BlockScope) -> Typed {
    unlowered { check(id, expecting: expected, in: &scope) }
  }

  /// Runs `body` without lowering when the IR is not kept, for values only the IR reads.
  func unlowered<T>(_ body: () -> T) -> T {
    guard !keepsIR, lowering else { return body() }
    lowering = false
    defer { lowering = true }
    return body()
  }

  /// Runs `body` lowering everything, for rules that fold what it checks.
  func lowered<T>(_ body: () -> T) -> T {
    guard !lowering else { return body() }
    lowering = true
    defer { lowering = false }
    return body()
  }
}

extension Builtin {
  /// The four forms of `spring(…)`.
  var isSpring: Bool {
    switch self {
    case .springUIKit, .springDuration, .springResponse, .springMass: return true
    default: return false
    }
  }
}
