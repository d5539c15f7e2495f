import AnimIR
import AnimMath
import AnimModel
import AnimSyntax

/// Constant folding: the values of the constant top-level values, by slot, and what a
/// constant expression evaluates to now. Rules that need a value known before the scene
/// runs (key times, durations, `cubicBezier` bounds, limits) ask it; it reads nothing
/// of the checker, so the answer depends only on the expression and the values settled.
///
/// A fold evaluates the lowered expression with the evaluator, so a constant is what
/// the simulator would compute. Each thread that checks needs its own folder: folding
/// reuses one evaluation context.
final class ConstantFolder {
  /// Values of the constant top-level values by slot; a value that is not constant
  /// holds NaN, so slots stay dense.
  private(set) var constants: [Value] = []
  /// One context for every fold, so that its argument stack is allocated once; a
  /// constant draws nothing at random.
  private var context = EvaluationContext(random: RandomStream(seed: 0, name: ""))

  init(constants: [Value] = []) {
    self.constants = constants
  }

  /// How many slots are settled: the next value's slot.
  var count: Int { constants.count }

  func reserve(_ capacity: Int) { constants.reserveCapacity(capacity) }

  /// Settles the next slot's value.
  func append(_ value: Value) { constants.append(value) }

  /// The value in `slot`, when one is settled and is not the NaN of a value not folded.
  func settledValue(_ slot: Int) -> Value? {
    guard slot < constants.count else { return nil }
    if case .number(let n) = constants[slot], n.isNaN { return nil }
    return constants[slot]
  }

  /// A constant expression's value, or nil when it cannot be evaluated now.
  func fold(_ e: Expr) -> Value? { try? evaluate(e) }

  /// A constant expression's value, as the evaluator gives it.
  func evaluate(_ e: Expr) throws(EvaluationError) -> Value {
    // Most folds are of a literal (`over 6s`) or a name (`timing pop`): answered as the
    // evaluator would, without setting up a context for it.
    switch e {
    case .constant(let v): return v
    case .global(let slot): return slot < constants.count ? constants[slot] : .number(.nan)
    default: break
    }
    context.globals = constants
    defer { context.globals = [] }
    return try Evaluator.evaluate(e, &context)
  }
}
