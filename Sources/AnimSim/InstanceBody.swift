import AnimIR
import AnimMath
import AnimModel
import AnimSource

/// What a node's or spawn's block evaluated to: model values, style, anchor, z, the
/// compiled animation stack and the lifetime. Shared by every replicator copy of a child.
///
/// Immutable once evaluated but for the hit-test outline, built on first use: sampling
/// reads it for every instance in every frame, and `let` properties need neither copies
/// nor exclusivity checks.
final class InstanceBody {
  // Sampling reads a run's first body (the stack, its timing group and, when the members
  // share them, the model values) and a member's only for its model values or an
  // animation `block` does not cover: the rest is in the `LiveInstance`.
  let stack: AnimationStack

  /// Animation `k` of the stack on `state` (`AnimationStack.apply`), called on the body
  /// so that the stack is borrowed in place: read through an instance, the struct (eight
  /// arrays) was copied, with a retain and a release each, per member per frame.
  func applyAnimation(_ k: Int, _ phase: AnimationPhase, _ state: inout NodeState, _ extra: inout Double) {
    stack.apply(k, phase, &state, &extra)
  }
  /// What sampling reads of the stack for every member (copied into the instance).
  let block: AnimationBlock
  let anchor: Point
  /// `contentsRect` (§12.3); nil when the block does not set it.
  let contentsRect: ContentsRect?
  /// The shape box's top-left corner from the anchor: −anchor·(width, height).
  let boxOrigin: Point
  let z: Double
  let hasStroke: Bool
  let hasTrim: Bool
  /// The gradient paints (§12.2), fixed for the instance's life.
  let gradients: PaintGradients?
  /// Bodies of one group have the same timings (`TimingGroups`).
  let timingGroup: TimingGroup
  let model: NodeState
  let template: NodeTemplate
  let shape: ShapeValue
  /// `remove after D`, from creation.
  let removeAfter: Double?
  /// A node's `at T` (scene time of its appearance).
  let appearAt: Double
  /// The end of the last finite top-level animation (`begin + A`), from creation; nil
  /// when there is none, infinite when one repeats forever.
  let animationsEnd: Double?
  /// The outline flattened for hit-testing, built on first use.
  private var polygonCache: FlatOutline? = nil

  init(_ b: BlockEvaluator.PartialBody, group: TimingGroup) {
    template = b.template
    shape = b.shape
    model = b.model
    anchor = b.anchor
    contentsRect = b.contentsRect
    z = b.z
    stack = b.stack
    block = AnimationBlock(b.stack)
    timingGroup = group
    removeAfter = b.removeAfter
    appearAt = b.appearAt
    animationsEnd = b.animationsEnd
    hasStroke = b.hasStroke
    hasTrim = b.hasTrim
    gradients = b.gradients
    boxOrigin = Point(-b.anchor.x * b.shape.outline.width, -b.anchor.y * b.shape.outline.height)
  }

  /// How long a spawned instance lives after its creation (§6.4).
  var spawnLifetime: Double { removeAfter ?? animationsEnd ?? .infinity }

  /// How long a node lives after its appearance: animations ending do not remove it.
  var nodeLifetime: Double { removeAfter ?? .infinity }

  var outline: FlatOutline {
    if let polygonCache { return polygonCache }
    let flat = FlatOutline(shape.outline.path)
    polygonCache = flat
    return flat
  }

  /// The composed property values at instance time `t` (§6.3), and the `along` tangent
  /// rotation to add on top.
  func sample(_ t: Double) -> (NodeState, extraRotation: Double) {
    stack.sample(model, at: t)
  }
}

/// Evaluates a `NodeTemplate`'s shape and block, statement by statement in source
/// order, so random draws happen in source order (§7).
enum BlockEvaluator {
  /// A body while its block is evaluated.
  struct PartialBody {
    let template: NodeTemplate
    let shape: ShapeValue
    var model = NodeState()
    var anchor = Point(0.5, 0.5)
    var z = 0.0
    var stack = AnimationStack()
    var removeAfter: Double? = nil
    var appearAt = 0.0
    var animationsEnd: Double? = nil
    var hasStroke = false
    var hasTrim = false
    var gradients: PaintGradients? = nil
    var contentsRect: ContentsRect? = nil
  }

  /// `shape`: the template's shape evaluated already, when it is the same at every
  /// spawn (`Expr.isSameAtEverySpawn`); `plan`: the template's timeline laid out, kept
  /// across its spawns (`TimelinePlan`), or nil for one made for this evaluation.
  /// `groups` numbers the stack by its timings.
  static func evaluate(
    _ template: NodeTemplate, defaultPosition: Point, shape shapeGiven: ShapeValue? = nil, model: NodeState? = nil,
    plan: TimelinePlan? = nil, groups: inout TimingGroups, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> InstanceBody {
    resetLocals(max(template.localCount, 0), &ctx)
    ctx.instanceStart = nil
    let shape: ShapeValue
    if let given = shapeGiven { shape = given } else { shape = try Self.shape(template, &ctx) }
    var body = PartialBody(template: template, shape: shape)
    body.model.position = defaultPosition
    body.model.fill = shape.style.fill ?? .clear
    if let stroke = shape.style.stroke {
      body.model.stroke = stroke
      body.hasStroke = true
    }
    body.model.lineWidth = shape.style.lineWidth
    body.gradients = shape.style.gradients
    // A release's block composes on the values the instance has then (§16).
    if let model { body.model = model }
    let plan = plan ?? TimelinePlan(template.body)
    var compiler = TimelineCompiler(plan)
    // The plan's items, in statement order: where the next timeline statement's begins.
    var nextItem = 0
    // The latest end of a top-level item, kept as `[Double].max()` would find it.
    var latestEnd: Double? = nil
    for statement in template.body {
      switch statement {
      case .bind(let slot, let e):
        let v = try Evaluator.evaluate(e, &ctx)
        if slot >= 0 && slot < ctx.locals.count { ctx.locals[slot] = v }
      case .set(let property, let e):
        let v = try Evaluator.evaluate(e, &ctx)
        if GradientPaint.set(property, v, &body.model, &body.gradients) {
          note(property, &body)
          continue
        }
        let target = PropertyTarget(property)
        target.set(v, &body.model)
        guard target.read(body.model).isFinite else {
          throw EvaluationError(message: "the value of `\(property.rawValue)` is not finite", range: template.range)
        }
        note(property, &body)
      case .anchor(let e):
        let p = try Evaluator.evaluate(e, &ctx).point
        if p.x.isFinite && p.y.isFinite { body.anchor = p }
      case .z(let e):
        let z = try Evaluator.number(e, &ctx)
        if z.isFinite { body.z = z }
      case .timeline:
        let end = try compiler.compile(nextItem, offset: 0, &ctx)
        nextItem += plan.items[nextItem].descendants + 1
        if latestEnd.map({ $0 < end }) ?? true { latestEnd = end }
      case .removeAfter(let e):
        let d = try Evaluator.number(e, &ctx)
        body.removeAfter = d.isFinite ? max(d, 0) : nil
      case .appearAt(let e):
        let t = try Evaluator.number(e, &ctx)
        body.appearAt = t.isFinite ? max(t, 0) : 0
      case .contentsRect(let e):
        body.contentsRect = try contentsRect(Evaluator.evaluate(e, &ctx), template.range)
      }
    }
    // Animating a stroke's or a trim's property brings its fields too (`note`).
    if plan.bringsStroke { body.hasStroke = true }
    if plan.bringsTrim { body.hasTrim = true }
    body.stack = compiler.finish()
    body.animationsEnd = latestEnd
    body.stack.resolveDeferredPaths(body.model)
    let group = groups.group(of: &body.stack, model: body.model)
    return InstanceBody(body, group: group)
  }

  /// Fresh local slots, all 0. The previous instance's array is reused when it has as
  /// many (a spawn's usually has): one allocation less per spawn.
  static func resetLocals(_ count: Int, _ ctx: inout EvaluationContext) {
    guard ctx.locals.count == count else {
      ctx.locals = Array(repeating: .number(0), count: count)
      return
    }
    for slot in ctx.locals.indices { ctx.locals[slot] = .number(0) }
  }

  /// The template's shape, evaluated.
  static func shape(_ template: NodeTemplate, _ ctx: inout EvaluationContext) throws(EvaluationError) -> ShapeValue {
    guard case .shape(let shape) = try Evaluator.evaluate(template.shape, &ctx) else {
      throw EvaluationError(message: "`\(template.name)` has no shape", range: template.range)
    }
    return shape
  }

  /// Which optional dump fields a property brings (§9: stroke, trim).
  static func note(_ property: Property, _ body: inout PartialBody) {
    if property.bringsStroke { body.hasStroke = true }
    if property.bringsTrim { body.hasTrim = true }
  }
}

extension Property {
  /// Whether setting or animating it gives the instance a stroke in dumps (§9).
  var bringsStroke: Bool { brings(.stroke) }
  /// Whether setting or animating it gives the instance trim fields in dumps (§9).
  var bringsTrim: Bool { brings(.trim) }
}
