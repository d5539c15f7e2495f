import AnimMath
import AnimModel
import AnimSource

/// The built-in functions and constructors of §2, §3.1, §4, §5 and §11.
package enum Builtins {
  static func call(_ b: Builtin, _ args: [Expr], _ range: SourceRange, _ ctx: inout EvaluationContext)
    throws(EvaluationError)
    -> Value
  {
    // Paths whose `from:` was omitted wait for the instance's position (§4).
    if b.startsAtInstance, case .instanceStart = args.first, ctx.instanceStart == nil {
      var rest: [Value] = []
      for a in args.dropFirst() { rest.append(try Evaluator.evaluate(a, &ctx)) }
      let captured = rest
      let spec = b.spec
      return .deferredPath(
        DeferredPath { start in spec.path?(BuiltinArguments([.point(start)] + captured)) ?? Path() })
    }
    let result: Value
    if let drawn = try randomInRange(b, args, &ctx) {
      result = drawn
    } else {
      result = try applyEvaluated(b, args, &ctx)
    }
    try Evaluator.requireFinite(result, range, "`\(b.rawValue)` gave no number")
    return result
  }

  /// `random(a…b)` or `randomInt(a…b)` with the range written in the call: the bounds are
  /// evaluated in order and drawn between, without a range value or an argument list to
  /// allocate (every spawn of a random particle calls it). Nil for any other call.
  private static func randomInRange(
    _ b: Builtin, _ args: [Expr], _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> Value? {
    guard b == .random || b == .randomInt, args.count == 1, case .range(let low, let high) = args[0] else { return nil }
    let lo = try Evaluator.evaluate(low, &ctx).number
    let hi = try Evaluator.evaluate(high, &ctx).number
    return .number(b == .random ? ctx.random.uniform(lo, hi) : ctx.random.int(lo, hi))
  }

  /// Evaluates the arguments in order and applies `b` to them. They are pushed on the
  /// context's argument stack, not into an array of their own: a spawn calls built-ins
  /// several times. An argument that is itself a call pushes above them and pops again.
  private static func applyEvaluated(
    _ b: Builtin, _ args: [Expr], _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> Value {
    let base = ctx.arguments.count
    defer { ctx.arguments.removeSubrange(base...) }
    for a in args {
      let value = try Evaluator.evaluate(a, &ctx)
      ctx.arguments.append(value)
    }
    return try apply(b, BuiltinArguments(ctx.arguments[base...]), &ctx)
  }

  /// `b` applied to its evaluated arguments: the evaluation its `BuiltinSpec` declares.
  static func apply(
    _ b: Builtin, _ v: BuiltinArguments, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> Value {
    b.spec.evaluate(v, &ctx)
  }

  /// A count from a Double, clamped so NaN or a huge value cannot trap.
  static func safeInt(_ d: Double) -> Int {
    guard d.isFinite else { return 0 }
    return Int(Swift.max(-1e9, Swift.min(1e9, d.rounded(.down))))
  }

  /// Numbers, or points component by component (§2: min/max/abs/clamp/lerp).
  static func componentwise(_ v: BuiltinArguments, _ f: ([Double]) -> Double) -> Value {
    if v.contains(where: { if case .point = $0 { return true } else { return false } }) {
      let xs = v.map { if case .point(let p) = $0 { return p.x } else { return $0.number } }
      let ys = v.map { if case .point(let p) = $0 { return p.y } else { return $0.number } }
      return .point(Point(f(xs), f(ys)))
    }
    return .number(f(v.map(\.number)))
  }

  static func points(_ v: Value?) -> [Point] {
    guard case .list(let items) = v else { return [] }
    return items.map(\.point)
  }

  static func enumName(_ v: Value?) -> String? {
    if case .enumCase(let name) = v { return name }
    return nil
  }

  /// `hsl(h, s, l)` with h in degrees and s, l as fractions (written `s%`).
  static func hsl(_ h: Double, _ s: Double, _ l: Double) -> Color {
    let hue = (h.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
    let sat = Swift.min(Swift.max(s, 0), 1)
    let light = Swift.min(Swift.max(l, 0), 1)
    let q = light < 0.5 ? light * (1 + sat) : light + sat - light * sat
    let p = 2 * light - q
    func channel(_ t0: Double) -> Double {
      var t = t0
      if t < 0 { t += 1 }
      if t > 1 { t -= 1 }
      if t < 1.0 / 6 { return p + (q - p) * 6 * t }
      if t < 0.5 { return q }
      if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
      return p
    }
    return Color(r: channel(hue + 1.0 / 3), g: channel(hue), b: channel(hue - 1.0 / 3))
  }
}

/// `path { … }` commands (§4): an `arc` after other commands joins with a line.
package enum PathCommands {
  static func build(_ commands: [PathCommand], _ ctx: inout EvaluationContext) throws(EvaluationError) -> Path {
    var builder = PathBuilder()
    for c in commands {
      var v: [Value] = []
      for a in c.arguments { v.append(try Evaluator.evaluate(a, &ctx)) }
      func p(_ i: Int) -> Point { i < v.count ? v[i].point : .zero }
      func n(_ i: Int) -> Double { i < v.count ? v[i].number : .nan }
      switch c.kind {
      case .move: builder.move(to: p(0))
      case .line: builder.line(to: p(0))
      case .quad: builder.quad(control: p(0), to: p(1))
      case .cubic: builder.cubic(c1: p(0), c2: p(1), to: p(2))
      case .arc:
        builder.arc(
          Arc(
            center: p(0), radius: n(1), start: radians(fromDegrees: n(2)), end: radians(fromDegrees: n(3)),
            clockwise: !c.counterClockwise))
      case .close: builder.close()
      }
    }
    return builder.path
  }
}

extension Builtin {
  /// The path constructors whose start (`from:`) may be the instance's position (§4).
  var startsAtInstance: Bool { spec.startsAtInstance }
}
