import AnimMath
import AnimModel
import AnimSource

/// Evaluates checked expressions. The checker has proved types and units, so a value of
/// an unexpected kind cannot occur; if it did, the result is NaN and is reported as a
/// non-finite value rather than a trap.
package enum Evaluator {
  package static func evaluate(_ e: Expr, _ ctx: inout EvaluationContext) throws(EvaluationError) -> Value {
    switch e {
    case .constant(let v): return v
    case .global(let slot): return slot < ctx.globals.count ? ctx.globals[slot] : .number(.nan)
    case .local(let slot): return slot < ctx.locals.count ? ctx.locals[slot] : .number(.nan)
    case .selfIndex: return .number(Double(ctx.selfIndex))
    case .triggerPosition: return .point(ctx.triggerPosition)
    case .triggerTime: return .number(ctx.triggerTime)
    case .triggerVelocity: return .point(ctx.triggerVelocity)
    case .nodePosition(let i): return .point(i < ctx.nodePositions.count ? ctx.nodePositions[i] : .zero)
    // A top-level node's parent is the scene; a scene with children is not run (§14).
    case .nodeScenePosition(let i):
      return .point(i < ctx.nodeScenePositions.count ? ctx.nodeScenePositions[i] : .zero)
    case .instanceStart: return .point(ctx.instanceStart ?? .zero)
    case .sceneTime: return .number(ctx.frame.sceneTime)
    case .drawn(let i, let property):
      guard i < ctx.frame.states.count, let state = ctx.frame.states[i] else { return property.spec.defaultValue }
      return state.value(property.spec)
    case .drawnScenePosition(let i):
      return .point(i < ctx.frame.scenePositions.count ? ctx.frame.scenePositions[i] : .zero)
    case .selfDrawn(let property): return ctx.frame.own.value(property.spec)
    case .drag(let member):
      let k = DragMember.allCases.firstIndex(of: member) ?? 0
      return .point(k < ctx.frame.drag.count ? ctx.frame.drag[k] : .zero)
    case .negate(let x):
      switch try evaluate(x, &ctx) {
      case .point(let p): return .point(-p)
      case let v: return .number(-v.number)
      }
    case .arithmetic(let op, let a, let b, let range):
      return try arithmetic(op, try evaluate(a, &ctx), try evaluate(b, &ctx), range)
    case .makePoint(let x, let y):
      return .point(Point(try evaluate(x, &ctx).number, try evaluate(y, &ctx).number))
    case .component(let p, let axis):
      let point = try evaluate(p, &ctx).point
      return .number(axis == .x ? point.x : point.y)
    case .list(let items):
      var values: [Value] = []
      values.reserveCapacity(items.count)
      for item in items { values.append(try evaluate(item, &ctx)) }
      return .list(values)
    case .range(let a, let b): return .range(try evaluate(a, &ctx), try evaluate(b, &ctx))
    case .call(let builtin, let args, let range):
      return try Builtins.call(builtin, args, range, &ctx)
    case .pathLiteral(let commands):
      return .path(try PathCommands.build(commands, &ctx))
    case .shapeLiteral(let w, let h, let commands):
      let path = try PathCommands.build(commands, &ctx)
      if let w, let h {
        return .shape(
          ShapeValue(
            outline: ShapeOutline(path: path, width: try evaluate(w, &ctx).number, height: try evaluate(h, &ctx).number)
          ))
      }
      return .shape(ShapeValue(outline: ShapeOutline.unshifted(path)))
    case .styledShape(let base, let settings):
      guard case .shape(var shape) = try evaluate(base, &ctx) else { return .number(.nan) }
      for s in settings {
        let v = try evaluate(s.value, &ctx)
        switch s.field {
        case .fill: shape.style.setPaint(fill: true, v)
        case .stroke: shape.style.setPaint(fill: false, v)
        case .lineWidth: shape.style.lineWidth = v.number
        }
      }
      return .shape(shape)
    }
  }

  /// Evaluates an expression that must give a finite number.
  package static func number(_ e: Expr, _ ctx: inout EvaluationContext) throws(EvaluationError) -> Double {
    try evaluate(e, &ctx).number
  }

  static func arithmetic(_ op: ArithmeticOperator, _ a: Value, _ b: Value, _ range: SourceRange) throws(EvaluationError)
    -> Value
  {
    let result: Value
    switch (a, b) {
    case (.point(let p), .point(let q)):
      result = .point(op == .add ? p + q : op == .subtract ? p - q : Point(.nan, .nan))
    case (.point(let p), .number(let k)):
      result = .point(op == .multiply ? p * k : op == .divide ? p / k : Point(.nan, .nan))
    case (.number(let k), .point(let p)):
      result = .point(op == .multiply ? p * k : Point(.nan, .nan))
    default:
      let x = a.number
      let y = b.number
      switch op {
      case .add: result = .number(x + y)
      case .subtract: result = .number(x - y)
      case .multiply: result = .number(x * y)
      case .divide: result = .number(x / y)
      case .less: return .bool(x < y)
      case .lessEqual: return .bool(x <= y)
      case .greater: return .bool(x > y)
      case .greaterEqual: return .bool(x >= y)
      }
    }
    try requireFinite(result, range, op == .divide ? "division by zero" : "arithmetic overflow")
    return result
  }

  /// `what` names the failure; built only when there is one (spawns evaluate built-ins
  /// thousands of times a second).
  static func requireFinite(
    _ v: Value, _ range: SourceRange, _ what: @autoclosure () -> String
  ) throws(EvaluationError) {
    switch v {
    case .number(let n) where !n.isFinite:
      throw EvaluationError(message: "\(what()): the value is not finite", range: range)
    case .point(let p) where !p.x.isFinite || !p.y.isFinite:
      throw EvaluationError(message: "\(what()): the point is not finite", range: range)
    default: return
    }
  }
}
