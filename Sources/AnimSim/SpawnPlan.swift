import AnimIR
import AnimMath
import AnimModel
import AnimSource

/// An emitter's spawn block prepared once per run: every expression that is the same at
/// every spawn (`Expr.isSameAtEverySpawn`) evaluated already, every animation's timing
/// and every path that is the same at every spawn measured already. A spawn evaluates the
/// rest and assembles its body directly, without `TimelineCompiler`.
///
/// What a spawn does is what `BlockEvaluator.evaluate` does, statement by statement in
/// the same order: the same random draws (§7), the same checks and errors at the same
/// point. An expression whose evaluation fails when the plan is made stays one to
/// evaluate at every spawn, so it fails where it would have. Blocks with groups,
/// sequences or keyframes have no plan (nil): their spawns take the interpreter.
///
/// A class: a spawn reads it in place rather than copying it out of the simulator.
final class SpawnPlan {

  /// One statement of the block; its values are `Operand`s (`SpawnPlan+Operand.swift`).
  enum Step {
    case bind(slot: Int, Operand)
    case set(Property, Operand)
    case anchor(Operand)
    case z(Operand)
    case removeAfter(Operand)
    case appearAt(Operand)
    case contentsRect(Operand)
    case animation(AnimationPlan)
  }

  let template: NodeTemplate
  let steps: [Step]
  let animationCount: Int
  /// What the block's statements bring to the dump's optional fields (`BlockEvaluator.note`).
  let notesStroke: Bool
  let notesTrim: Bool
  /// Every animation's timing when all are the same at every spawn: one array that every
  /// spawn's stack shares.
  let timings: [ActiveTiming]?

  /// Nil when the block has a statement the plan does not cover.
  /// `ctx`: the run's context once the per-run stage is done (globals, nodes' positions).
  init?(_ template: NodeTemplate, _ ctx: EvaluationContext) {
    self.template = template
    var builder = Builder(template, ctx)
    var steps: [Step] = []
    var notesStroke = false
    var notesTrim = false
    func note(_ property: Property) {
      notesStroke = notesStroke || property.bringsStroke
      notesTrim = notesTrim || property.bringsTrim
    }
    var timings: [ActiveTiming] = []
    var animations = 0
    var allTimingsFixed = true
    for statement in template.body {
      switch statement {
      case .bind(let slot, let e):
        let operand = builder.operand(e)
        builder.bind(slot, operand)
        steps.append(.bind(slot: slot, operand))
      case .set(let property, let e):
        steps.append(.set(property, builder.operand(e)))
        note(property)
      case .anchor(let e): steps.append(.anchor(builder.operand(e)))
      case .z(let e): steps.append(.z(builder.operand(e)))
      case .removeAfter(let e): steps.append(.removeAfter(builder.operand(e)))
      case .appearAt(let e): steps.append(.appearAt(builder.operand(e)))
      case .contentsRect(let e): steps.append(.contentsRect(builder.operand(e)))
      case .timeline(.animation(let a)):
        guard let plan = AnimationPlan(a, &builder) else { return nil }
        note(a.property)
        animations += 1
        if let timing = plan.timing { timings.append(timing) } else { allTimingsFixed = false }
        steps.append(.animation(plan))
      case .timeline(.group), .timeline(.sequence): return nil
      }
    }
    self.steps = steps
    animationCount = animations
    self.notesStroke = notesStroke
    self.notesTrim = notesTrim
    self.timings = allTimingsFixed ? timings : nil
  }

  /// The body of one spawn, as `BlockEvaluator.evaluate(template, …)` makes it.
  func instantiate(
    defaultPosition: Point, shape shapeGiven: ShapeValue?, groups: inout TimingGroups, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> InstanceBody {
    BlockEvaluator.resetLocals(max(template.localCount, 0), &ctx)
    ctx.instanceStart = nil
    let shape: ShapeValue
    if let given = shapeGiven { shape = given } else { shape = try BlockEvaluator.shape(template, &ctx) }
    // Plain values while the steps run, and the `PartialBody` (which holds references) made
    // once at the end: a `PartialBody` mutated across the steps would be copied at nearly
    // every one.
    var model = NodeState()
    model.position = defaultPosition
    model.fill = shape.style.fill ?? .clear
    if let stroke = shape.style.stroke { model.stroke = stroke }
    model.lineWidth = shape.style.lineWidth
    var settings = Settings()
    settings.gradients = shape.style.gradients
    var stack = AnimationStack()
    stack.animations.reserveCapacity(animationCount)
    if let timings { stack.timings = timings } else { stack.timings.reserveCapacity(animationCount) }
    var latestEnd: Double? = nil
    for step in steps {
      if case .animation(let plan) = step {
        let end = try plan.compile(into: &stack, fixedTiming: timings != nil, &ctx)
        if latestEnd.map({ $0 < end }) ?? true { latestEnd = end }
      } else {
        try run(step, &model, &settings, &ctx)
      }
    }
    stack.resolveDeferredPaths(model)
    let group = groups.group(of: &stack, model: model)
    let body = BlockEvaluator.PartialBody(
      template: template, shape: shape, model: model, anchor: settings.anchor, z: settings.z, stack: stack,
      removeAfter: settings.removeAfter, appearAt: settings.appearAt, animationsEnd: latestEnd,
      hasStroke: shape.style.stroke != nil || notesStroke, hasTrim: notesTrim, gradients: settings.gradients,
      contentsRect: settings.contentsRect)
    return InstanceBody(body, group: group)
  }

  /// The statements' settings besides the model values, with `BlockEvaluator.PartialBody`'s
  /// defaults.
  private struct Settings {
    var anchor = Point(0.5, 0.5)
    var z = 0.0
    var removeAfter: Double? = nil
    var appearAt = 0.0
    var gradients: PaintGradients? = nil
    var contentsRect: ContentsRect? = nil
  }

  /// A step that is not an animation, as `BlockEvaluator.evaluate` runs its statement.
  private func run(
    _ step: Step, _ model: inout NodeState, _ settings: inout Settings, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) {
    switch step {
    case .bind(let slot, let operand):
      let v = try operand.value(&ctx)
      if slot >= 0 && slot < ctx.locals.count { ctx.locals[slot] = v }
    case .set(let property, let operand):
      let v = try operand.value(&ctx)
      if GradientPaint.set(property, v, &model, &settings.gradients) { return }
      let target = PropertyTarget(property)
      target.set(v, &model)
      guard target.read(model).isFinite else {
        throw EvaluationError(message: "the value of `\(property.rawValue)` is not finite", range: template.range)
      }
    case .anchor(let operand):
      let p = try operand.value(&ctx).point
      if p.x.isFinite && p.y.isFinite { settings.anchor = p }
    case .z(let operand):
      let z = try operand.value(&ctx).number
      if z.isFinite { settings.z = z }
    case .removeAfter(let operand):
      let d = try operand.value(&ctx).number
      settings.removeAfter = d.isFinite ? max(d, 0) : nil
    case .appearAt(let operand):
      let t = try operand.value(&ctx).number
      settings.appearAt = t.isFinite ? max(t, 0) : 0
    case .contentsRect(let operand):
      settings.contentsRect = try BlockEvaluator.contentsRect(operand.value(&ctx), template.range)
    case .animation: break
    }
  }
}
