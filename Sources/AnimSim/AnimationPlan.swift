import AnimIR
import AnimMath
import AnimModel
import AnimSource

/// One top-level `animate` statement of a `SpawnPlan`: its values, path and timing
/// evaluated once where they are the same at every spawn. `compile` does at a spawn what
/// `TimelineCompiler.compile` does for the statement (values, then timing, then the
/// path's check), with the rest evaluated in the same order.
///
/// A class: a spawn reads it in place, where a struct this size would be copied at every
/// step.
final class AnimationPlan {
  /// A basic animation's `from`, `to` or `by`.
  enum ChannelsOperand {
    /// Evaluated once, finite.
    case constant(Channels)
    /// A program or an expression (`SpawnPlan.Operand`), checked at every spawn.
    case perSpawn(SpawnPlan.Operand)
  }

  /// An `along` animation's path.
  enum PathOperand {
    /// The same at every spawn: measured once, and shared by every spawn's stack, with
    /// its span (`AnimationStack.span`).
    case constant(PathMeasure, span: Channels)
    /// `line`, `quad` or `cubic` with its start given: the arguments are evaluated at
    /// every spawn and the curve measured without a `Path` value.
    case curve(Builtin, [SpawnPlan.Operand])
    case perSpawn(Expr)
  }

  enum ValuePlan {
    case basic(from: ChannelsOperand?, to: ChannelsOperand?, by: ChannelsOperand?)
    case along(PathOperand, PathPacing, AlongRotation)
  }

  let target: PropertyTarget
  let additive: Bool
  let cumulative: Bool
  let range: SourceRange
  let value: ValuePlan
  let clauses: Timing
  /// The timing, when every clause is the same at every spawn; nil: evaluated at each.
  let timing: ActiveTiming?
  /// The whole compiled animation of a basic animation whose values are all the same
  /// at every spawn: a spawn appends it as it is.
  let fixed: CompiledAnimation?

  /// Nil for keyframes (their spawns take the interpreter).
  init?(_ a: Animation, _ builder: inout SpawnPlan.Builder) {
    let target = PropertyTarget(a.property)
    self.target = target
    additive = a.additive
    cumulative = a.cumulative
    range = a.range
    clauses = a.timing
    switch a.value {
    case .basic(let from, let to, let by):
      func operand(_ e: Expr?) -> ChannelsOperand? {
        guard let e else { return nil }
        let operand = builder.operand(e)
        if case .constant(let v) = operand, target.channels(v).isFinite { return .constant(target.channels(v)) }
        return .perSpawn(operand)
      }
      value = .basic(from: operand(from), to: operand(to), by: operand(by))
    case .keyframes:
      return nil
    case .along(let e, let pacing, let rotation):
      value = .along(Self.pathOperand(e, pacing, rotation, &builder), pacing, rotation)
    }
    timing = Self.fixedTiming(a.timing, &builder.ctx)
    fixed = Self.fixedAnimation(value, target: target, additive: additive, cumulative: cumulative)
  }

  private static func fixedAnimation(
    _ value: ValuePlan, target: PropertyTarget, additive: Bool, cumulative: Bool
  ) -> CompiledAnimation? {
    guard case .basic(let from, let to, let by) = value else { return nil }
    func constant(_ operand: ChannelsOperand?) -> Channels?? {
      switch operand {
      case nil: return .some(nil)
      case .constant(let c)?: return c
      case .perSpawn?: return nil
      }
    }
    guard let f = constant(from), let t = constant(to), let b = constant(by) else { return nil }
    var compiled = CompiledAnimation(target: target, kind: .basic(BasicValues(from: f, to: t, by: b)))
    compiled.additive = additive
    compiled.cumulative = cumulative
    return compiled
  }

  private static func pathOperand(
    _ e: Expr, _ pacing: PathPacing, _ rotation: AlongRotation, _ builder: inout SpawnPlan.Builder
  ) -> PathOperand {
    if e.isSameAtEverySpawn, case .path(let path)? = try? Evaluator.evaluate(e, &builder.ctx) {
      let measure = PathMeasure(path)
      return .constant(measure, span: AnimationStack.span(measure, pacing))
    }
    // `Builtins.call` defers a curve whose first argument is the instance's start.
    if case .call(let b, let args, _) = e, b == .line || b == .quad || b == .cubic {
      if case .instanceStart? = args.first { return .perSpawn(e) }
      return .curve(b, args.map { builder.operand($0) })
    }
    return .perSpawn(e)
  }

  /// The timing as `TimelineCompiler` makes it for a top-level animation, when every
  /// clause is the same at every spawn and evaluates without error.
  private static func fixedTiming(_ t: Timing, _ ctx: inout EvaluationContext) -> ActiveTiming? {
    let exprs = [t.duration, t.delay, t.timingFunction]
    guard exprs.allSatisfy({ $0?.isSameAtEverySpawn ?? true }) else { return nil }
    switch t.repeatCount {
    case .count(let e), .duration(let e): guard e.isSameAtEverySpawn else { return nil }
    case nil, .forever: break
    }
    guard var (timing, _) = try? TimelineCompiler.timing(t, defaultDuration: nil, &ctx) else { return nil }
    timing.begin += 0  // the offset of a top-level item, added as the compiler adds it
    return timing
  }

  /// Appends the animation to `stack` (and its timing, unless the plan's timings are
  /// fixed and shared); returns its `begin + A`.
  func compile(
    into stack: inout AnimationStack, fixedTiming: Bool, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> Double {
    var compiled: CompiledAnimation
    if let fixed {
      compiled = fixed
    } else {
      compiled = CompiledAnimation(target: target, kind: try kind(&stack, &ctx))
      compiled.additive = additive
      compiled.cumulative = cumulative
    }
    var timing: ActiveTiming
    if let fixed = self.timing {
      timing = fixed
    } else {
      (timing, _) = try TimelineCompiler.timing(clauses, defaultDuration: nil, &ctx)
      timing.begin += 0
    }
    if !stack.hasFiniteLength(compiled.kind) {
      throw EvaluationError(message: "the path's length is not finite", range: range)
    }
    stack.animations.append(compiled)
    if !fixedTiming { stack.timings.append(timing) }
    return timing.begin + timing.activeDuration
  }

  private func kind(
    _ stack: inout AnimationStack, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> CompiledAnimation.Kind {
    switch value {
    case .basic(let from, let to, let by):
      let f = try channels(from, &ctx)
      let t = try channels(to, &ctx)
      let b = try channels(by, &ctx)
      return .basic(BasicValues(from: f, to: t, by: b))
    case .along(.constant(let measure, let span), let pacing, let rotation):
      return stack.along(measure, pacing, rotation, span: span)
    case .along(.curve(let b, let args), let pacing, let rotation):
      return stack.along(try Self.curve(b, args, &ctx), pacing, rotation)
    case .along(.perSpawn(let e), let pacing, let rotation):
      switch try Evaluator.evaluate(e, &ctx) {
      case .path(let path): return stack.along(path, pacing, rotation)
      case .deferredPath(let deferred): return stack.deferredAlong(deferred, pacing, rotation)
      default: throw EvaluationError(message: "`along` needs a path", range: range)
      }
    }
  }

  private func channels(_ operand: ChannelsOperand?, _ ctx: inout EvaluationContext) throws(EvaluationError)
    -> Channels?
  {
    switch operand {
    case nil: return nil
    case .constant(let c): return c
    case .perSpawn(let operand):
      let v = target.channels(try operand.value(&ctx))
      guard v.isFinite else { throw EvaluationError(message: "the value is not finite", range: range) }
      return v
    }
  }

  /// `line`, `quad` or `cubic` of the arguments, measured: every argument evaluated in
  /// order, a missing point the origin, as `Builtins.path` builds the path.
  private static func curve(
    _ b: Builtin, _ args: [SpawnPlan.Operand], _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> PathMeasure {
    var p = (Point.zero, Point.zero, Point.zero, Point.zero)
    for (i, arg) in args.enumerated() {
      let point = try arg.point(&ctx)
      switch i {
      case 0: p.0 = point
      case 1: p.1 = point
      case 2: p.2 = point
      case 3: p.3 = point
      default: break
      }
    }
    let segment: PathSegment
    switch b {
    case .line: segment = .line(to: p.1)
    case .quad: segment = .quad(control: p.1, to: p.2)
    default: segment = .cubic(c1: p.1, c2: p.2, to: p.3)
    }
    // Always a measure: the segment is a line, a quadratic or a cubic.
    return PathMeasure(from: p.0, segment) ?? PathMeasure(Path([.move(to: p.0), segment]))
  }
}
