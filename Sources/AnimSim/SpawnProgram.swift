import AnimCheck
import AnimMath
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
    try withUnsafeTemporaryAllocation(of: Point.self, capacity: depth) {
      (stack: UnsafeMutableBufferPointer<Point>) throws(EvaluationError) -> Point in
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

extension SpawnProgram {
  /// The program for `e`, or nil when some part of it is not on numbers and points of
  /// known kinds (then the interpreter evaluates it). `locals`: each local slot's kind at
  /// this point of the block, nil where it is not known.
  static func compile(_ e: Expr, locals: [Kind?], _ ctx: inout EvaluationContext) -> SpawnProgram? {
    var compiler = Compiler(locals: locals)
    guard let kind = compiler.emit(e, height: 0, &ctx) else { return nil }
    return SpawnProgram(ops: compiler.ops, kind: kind, depth: compiler.depth)
  }

  private struct Compiler {
    let locals: [Kind?]
    var ops: [Op] = []
    var depth = 0

    /// Appends the operations that leave `e`'s value on the stack above `height` values;
    /// returns its kind.
    mutating func emit(_ e: Expr, height: Int, _ ctx: inout EvaluationContext) -> Kind? {
      depth = max(depth, height + 1)
      if e.isSameAtEverySpawn {
        // Evaluated once: it draws nothing and gives the same value at every spawn.
        switch try? Evaluator.evaluate(e, &ctx) {
        case .number(let n)?: return push(.push(Point(n, 0)), .number)
        case .point(let p)?: return push(.push(p), .point)
        default: return nil
        }
      }
      switch e {
      case .local(let slot):
        guard slot >= 0, slot < locals.count, let kind = locals[slot] else { return nil }
        return push(.local(slot, kind), kind)
      case .selfIndex: return push(.selfIndex, .number)
      case .triggerPosition: return push(.triggerPosition, .point)
      case .triggerTime: return push(.triggerTime, .number)
      case .negate(let x):
        guard let kind = emit(x, height: height, &ctx) else { return nil }
        return push(.negate(kind), kind)
      case .arithmetic(let op, let a, let b, let range):
        guard let left = emit(a, height: height, &ctx), let right = emit(b, height: height + 1, &ctx) else {
          return nil
        }
        return push(.arithmetic(op, left, right, range), left == .number && right == .number ? .number : .point)
      case .makePoint(let x, let y):
        guard emit(x, height: height, &ctx) == .number, emit(y, height: height + 1, &ctx) == .number else {
          return nil
        }
        return push(.makePoint, .point)
      case .component(let p, let axis):
        guard emit(p, height: height, &ctx) == .point else { return nil }
        return push(.component(axis), .number)
      case .call(let b, let args, let range) where b == .random || b == .randomInt:
        // `Builtins.randomInRange`: the range written in the call.
        guard args.count == 1, case .range(let lo, let hi) = args[0], emit(lo, height: height, &ctx) == .number,
          emit(hi, height: height + 1, &ctx) == .number
        else { return nil }
        return push(.random(b, range), .number)
      case .call(.choose, let args, let range):
        // `Builtins.apply`: every argument evaluated in order, then one drawn.
        guard !args.isEmpty, let kind = emit(args[0], height: height, &ctx) else { return nil }
        for (i, arg) in args.enumerated().dropFirst() {
          guard emit(arg, height: height + i, &ctx) == kind else { return nil }
        }
        return push(.choose(count: args.count, kind, range), kind)
      default:
        return nil
      }
    }

    private mutating func push(_ op: Op, _ kind: Kind) -> Kind {
      ops.append(op)
      return kind
    }
  }
}
