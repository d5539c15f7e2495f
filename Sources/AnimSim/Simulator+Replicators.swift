import AnimIR
import AnimMath
import AnimModel
import AnimSource

extension Simulator {
  /// `replicate NAME count N { … }` (§3.2): each child's block is evaluated once, with
  /// its own name's stream; copy i of it is drawn with `T(replicator position)·Mⁱ` before
  /// its own matrix, its animations at `t − i·D`, and the colour multiplier
  /// `instance color + i·Δ` clamped to 0…1. All children's copy 0 come first, then copy 1.
  func createCopies(_ r: ReplicatorTemplate) throws(EvaluationError) {
    context.random = RandomStream(seed: seed, name: r.name)
    let position = try Evaluator.evaluate(r.position, &context).point
    var step = AffineTransform.identity
    for e in r.instanceTransform {
      if case .transform(let t) = try Evaluator.evaluate(e, &context) { step = step * t }
    }
    let delay = try Evaluator.number(r.instanceDelay, &context)
    let color = try Evaluator.evaluate(r.instanceColor, &context).color
    guard position.x.isFinite, position.y.isFinite, delay.isFinite else {
      throw EvaluationError(
        message: "the replicator `\(r.name)` has a value that is not finite", range: r.children.first?.range ?? .at(0))
    }
    var bodies: [InstanceBody] = []
    for child in r.children {
      context.random = RandomStream(seed: seed, name: child.name)
      bodies.append(try BlockEvaluator.evaluate(child, defaultPosition: .zero, groups: &timingGroups, &context))
    }
    let count = min(max(r.count, 0), 100_000)
    guard fixedInstances + count * bodies.count <= liveInstanceLimit else {
      throw EvaluationError(
        message: "replicator `\(r.name)` would make more than 1,000,000 live instances",
        range: r.children.first?.range ?? .at(0))
    }
    let origin = AffineTransform.translation(position.x, position.y)
    var power = AffineTransform.identity
    for i in 0..<count {
      let k = Double(i)
      let tint = Color(
        r: clamp01(color.r + k * r.offsets.red), g: clamp01(color.g + k * r.offsets.green),
        b: clamp01(color.b + k * r.offsets.blue), a: clamp01(color.a + k * r.offsets.alpha))
      let placement = CopyPlacement(prefix: origin * power, tint: tint)
      for body in bodies {
        let id = InstanceID(name: body.template.name, kind: .copy, index: i)
        var copy = LiveInstance(
          body: body, id: id, created: body.appearAt, end: body.appearAt + body.nodeLifetime, seq: nextSeq,
          shape: shape(body, id))
        copy.timeOffset = k * delay
        copy.placement = placement
        addLive(copy)
        nextSeq += 1
        fixedInstances += 1
      }
      power = power * step
    }
  }
}

func clamp01(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
