import AnimIR
import AnimMath
import AnimModel
import AnimSource

/// A spawn expression on numbers and points compiled to a flat list of operations on a
/// small stack: what `Evaluator.evaluate` computes, with the same random draws in the
/// same order and the same errors at the same operation, without walking the `Expr` tree
/// (each node of which is a reference to follow, retain and release) or building `Value`s.
///
/// Every value's kind, number or point, is known when the program is made (`compile`
/// refuses an expression where it is not), so an operation does what the interpreter
/// does for those kinds and nothing else. Parts that are the same at every spawn are
/// evaluated once, when the program is made.
struct SpawnProgram: Sendable {
  enum Kind: Sendable, Equatable { case number, point }

  /// One operation; numbers use a stack slot's `x`.
  enum Op: Sendable {
    case push(Point)
    /// Local slot, known to hold a value of the kind given.
    case local(Int, Kind)
    case selfIndex
    case triggerPosition
    case triggerTime
    case negate(Kind)
    /// The operands' kinds, left then right.
    case arithmetic(ArithmeticOperator, Kind, Kind, SourceRange)
    case makePoint
    case component(Axis)
    /// `random` or `randomInt` between the two numbers on top.
    case random(Builtin, SourceRange)
    /// `choose` among the `count` values on top, all of kind `Kind`.
    case choose(count: Int, Kind, SourceRange)
  }

  let ops: [Op]
  let kind: Kind
  /// The most stack slots the operations use at once.
  let depth: Int

  /// The value, as the interpreter gives it.
  func value(_ ctx: inout EvaluationContext) throws(EvaluationError) -> Value {
    let p = try run(&ctx)
    return kind == .point ? .point(p) : .number(p.x)
  }

  /// Runs the operations; a number result is the point's `x`.
  func run(_ ctx: inout EvaluationContext) throws(EvaluationError) -> Point {
    var stack = ContiguousArray<Point>(repeating: .zero, count: max(depth, 1))
    var top = -1
    for op in ops {
      switch op {
      case .push(let p):
        top += 1
        stack[top] = p
      case .local(let slot, let kind):
        top += 1
        let v = ctx.locals[slot]
        stack[top] = kind == .point ? v.point : Point(v.number, 0)
      case .selfIndex:
        top += 1
        stack[top] = Point(Double(ctx.selfIndex), 0)
      case .triggerPosition:
        top += 1
        stack[top] = ctx.triggerPosition
      case .triggerTime:
        top += 1
        stack[top] = Point(ctx.triggerTime, 0)
      case .negate(let kind):
        stack[top] = kind == .point ? -stack[top] : Point(-stack[top].x, 0)
      case .arithmetic(let op, let left, let right, let range):
        top -= 1
        stack[top] = try Self.arithmetic(op, left, stack[top], right, stack[top + 1], range)
      case .makePoint:
        top -= 1
        stack[top] = Point(stack[top].x, stack[top + 1].x)
      case .component(let axis):
        stack[top] = Point(axis == .x ? stack[top].x : stack[top].y, 0)
      case .random(let b, let range):
        top -= 1
        let (lo, hi) = (stack[top].x, stack[top + 1].x)
        let n = b == .random ? ctx.random.uniform(lo, hi) : ctx.random.int(lo, hi)
        try Self.requireFinite(n, range, "`\(b.rawValue)` gave no number")
        stack[top] = Point(n, 0)
      case .choose(let count, let kind, let range):
        top -= count - 1
        let chosen = stack[top + ctx.random.chooseIndex(count)]
        if kind == .point {
          try Self.requireFinite(chosen, range, "`choose` gave no number")
        } else {
          try Self.requireFinite(chosen.x, range, "`choose` gave no number")
        }
        stack[top] = chosen
      }
    }
    return stack[0]
  }

  /// `Evaluator.arithmetic` for operands of the kinds given.
  @inline(__always)
  private static func arithmetic(
    _ op: ArithmeticOperator, _ left: Kind, _ a: Point, _ right: Kind, _ b: Point, _ range: SourceRange
  ) throws(EvaluationError) -> Point {
    // The failure's name, made only on failure (a string, even a literal, is retained).
    func what() -> String { op == .divide ? "division by zero" : "arithmetic overflow" }
    let result: Point
    switch (left, right) {
    case (.point, .point):
      result = op == .add ? a + b : op == .subtract ? a - b : Point(.nan, .nan)
    case (.point, .number):
      result = op == .multiply ? a * b.x : op == .divide ? a / b.x : Point(.nan, .nan)
    case (.number, .point):
      result = op == .multiply ? b * a.x : Point(.nan, .nan)
    case (.number, .number):
      let (x, y) = (a.x, b.x)
      let n: Double
      switch op {
      case .add: n = x + y
      case .subtract: n = x - y
      case .multiply: n = x * y
      case .divide: n = x / y
      }
      try requireFinite(n, range, what())
      return Point(n, 0)
    }
    try requireFinite(result, range, what())
    return result
  }

  /// `Evaluator.requireFinite` for a number.
  @inline(__always)
  private static func requireFinite(
    _ n: Double, _ range: SourceRange, _ what: @autoclosure () -> String
  ) throws(EvaluationError) {
    guard n.isFinite else { throw EvaluationError(message: "\(what()): the value is not finite", range: range) }
  }

  /// `Evaluator.requireFinite` for a point.
  @inline(__always)
  private static func requireFinite(
    _ p: Point, _ range: SourceRange, _ what: @autoclosure () -> String
  ) throws(EvaluationError) {
    guard p.x.isFinite && p.y.isFinite else {
      throw EvaluationError(message: "\(what()): the point is not finite", range: range)
    }
  }
}
