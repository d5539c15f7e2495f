import AnimCheck
import AnimMath
import AnimSource

/// What a node's or spawn's block evaluated to: model values, style, anchor, z, the
/// compiled animation stack and the lifetime. Shared by every replicator copy of a child.
final class InstanceBody: @unchecked Sendable {
  let template: NodeTemplate
  let shape: ShapeValue
  var model = NodeState()
  var anchor = Point(0.5, 0.5)
  var z = 0.0
  var animations: [CompiledAnimation] = []
  /// `remove after D`, from creation.
  var removeAfter: Double? = nil
  /// A node's `at T` (scene time of its appearance).
  var appearAt = 0.0
  /// The end of the last finite top-level animation (`begin + A`), from creation; nil
  /// when there is none, infinite when one repeats forever.
  var animationsEnd: Double? = nil
  var hasStroke = false
  var hasTrim = false
  /// Slot in the simulator's shape table, assigned when the instance is created.
  var shapeSlot = 0
  /// The outline flattened for hit-testing, built on first use.
  private var polygonCache: FlatOutline? = nil

  init(template: NodeTemplate, shape: ShapeValue) {
    self.template = template
    self.shape = shape
  }

  var width: Double { shape.outline.width }
  var height: Double { shape.outline.height }

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
  @inline(__always)
  func sample(_ t: Double) -> (NodeState, extraRotation: Double) {
    var state = model
    var extra = 0.0
    // Through a buffer pointer: each animation is applied in place, not copied out.
    animations.withUnsafeBufferPointer { stack in
      for i in stack.indices { stack[i].apply(t, &state, &extra) }
    }
    return (state, extra)
  }
}

/// Evaluates a `NodeTemplate`'s shape and block, statement by statement in source
/// order, so random draws happen in source order (§7).
enum BlockEvaluator {
  static func evaluate(
    _ template: NodeTemplate, defaultPosition: Point, _ ctx: inout EvaluationContext
  ) throws(EvaluationError) -> InstanceBody {
    ctx.locals = Array(repeating: .number(0), count: max(template.localCount, 0))
    ctx.instanceStart = nil
    guard case .shape(let shape) = try Evaluator.evaluate(template.shape, &ctx) else {
      throw EvaluationError(message: "`\(template.name)` has no shape", range: template.range)
    }
    let body = InstanceBody(template: template, shape: shape)
    body.model.position = defaultPosition
    body.model.fill = shape.style.fill ?? .clear
    if let stroke = shape.style.stroke {
      body.model.stroke = stroke
      body.hasStroke = true
    }
    body.model.lineWidth = shape.style.lineWidth
    var compiler = TimelineCompiler()
    var ends: [Double] = []
    for statement in template.body {
      switch statement {
      case .bind(let slot, let e):
        let v = try Evaluator.evaluate(e, &ctx)
        if slot >= 0 && slot < ctx.locals.count { ctx.locals[slot] = v }
      case .set(let property, let e):
        let v = try Evaluator.evaluate(e, &ctx)
        let target = Target(property)
        target.set(v, &body.model)
        guard target.read(body.model).isFinite else {
          throw EvaluationError(message: "the value of `\(property.rawValue)` is not finite", range: template.range)
        }
        note(property, body)
      case .anchor(let e):
        let p = try Evaluator.evaluate(e, &ctx).point
        if p.x.isFinite && p.y.isFinite { body.anchor = p }
      case .z(let e):
        let z = try Evaluator.number(e, &ctx)
        if z.isFinite { body.z = z }
      case .timeline(let item):
        if case .animation(let a) = item { note(a.property, body) } else { noteAll(item, body) }
        ends.append(try compiler.compile(item, offset: 0, parents: [], &ctx))
      case .removeAfter(let e):
        let d = try Evaluator.number(e, &ctx)
        body.removeAfter = d.isFinite ? max(d, 0) : nil
      case .appearAt(let e):
        let t = try Evaluator.number(e, &ctx)
        body.appearAt = t.isFinite ? max(t, 0) : 0
      }
    }
    body.animations = compiler.animations
    if !ends.isEmpty { body.animationsEnd = ends.max() }
    resolveDeferredPaths(body)
    return body
  }

  /// Which optional dump fields a property brings (§9: stroke, trim).
  static func note(_ property: Property, _ body: InstanceBody) {
    switch property {
    case .stroke: body.hasStroke = true
    case .strokeStart, .strokeEnd: body.hasTrim = true
    default: break
    }
  }

  static func noteAll(_ item: TimelineItem, _ body: InstanceBody) {
    switch item {
    case .animation(let a): note(a.property, body)
    case .group(_, let children), .sequence(_, let children):
      for child in children { noteAll(child, body) }
    }
  }

  /// A path whose `from:` was omitted starts at the instance's position when the
  /// animation begins (§4): the composed position of the stack below it at that time,
  /// taken once, after the whole block (so model values set later in it count).
  static func resolveDeferredPaths(_ body: InstanceBody) {
    for i in body.animations.indices {
      guard case .deferredAlong(let deferred, let pacing, let rotation) = body.animations[i].kind else { continue }
      let begin = body.animations[i].absoluteBegin
      var state = body.model
      var extra = 0.0
      for below in body.animations[..<i] { below.apply(begin, &state, &extra) }
      body.animations[i].kind = TimelineCompiler.along(deferred.build(state.position), pacing, rotation)
    }
  }
}
