import AnimIR
import AnimMath
import AnimModel
import AnimSource

extension Simulator {
  /// `replicate NAME count N { … }` (§3.2): each child's block is evaluated once, with
  /// its own name's stream; copy i of it is drawn with `T(replicator position)·Mⁱ` before
  /// its own matrix, its animations at `t − i·D`, and the colour multiplier
  /// `instance color + i·Δ` clamped to 0…1. All children's copy 0 come first, then copy 1.
  /// The nodes a child declares are evaluated once too, and every copy has them, with the
  /// copy's delay and tint (§14); `firstChild` is the flat index of `r`'s first child
  /// among all replicators' children.
  func createCopies(_ r: ReplicatorTemplate, firstChild: Int) throws(EvaluationError) {
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
    var descendants: [[InstanceBody]] = []
    for (c, child) in r.children.enumerated() {
      context.random = RandomStream(seed: seed, name: child.name)
      bodies.append(try BlockEvaluator.evaluate(child, defaultPosition: .zero, groups: &timingGroups, &context))
      var own: [InstanceBody] = []
      for d in tree?.copyChildren[firstChild + c] ?? [] {
        context.random = RandomStream(seed: seed, name: d.template.name)
        let body = try BlockEvaluator.evaluate(
          d.template, defaultPosition: .zero, plan: d.plan, groups: &timingGroups, &context)
        own.append(body)
      }
      descendants.append(own)
    }
    let count = min(max(r.count, 0), 100_000)
    let perCopy = bodies.count + descendants.reduce(0) { $0 + $1.count }
    guard fixedInstances + count * perCopy <= liveInstanceLimit else {
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
      for (c, body) in bodies.enumerated() {
        let id = InstanceID(name: body.template.name, kind: .copy, index: i)
        let end = body.appearAt + body.nodeLifetime
        var copy = LiveInstance(
          body: body, id: id, created: body.appearAt, end: end, seq: nextSeq, shape: shape(body, id))
        copy.timeOffset = k * delay
        copy.placement = placement
        addLive(copy)
        nextSeq += 1
        fixedInstances += 1
        if !descendants[c].isEmpty {
          addCopyDescendants(
            firstChild + c, descendants[c], copy: i,
            under: PlacedInstance(seq: nextSeq - 1, created: body.appearAt, end: end), delay: k * delay,
            tint: tint)
        }
      }
      power = power * step
    }
  }
}

extension Simulator {
  /// Adds copy `i`'s instances of the nodes replicator child `c` declares: each appears
  /// its `at` after its parent and ends by its parent's end, runs `delay` late as the copy
  /// does, and takes the copy's tint; its id is `CHILD[i]/NODE/…` (§14). Its matrix is
  /// composed under the copy's, which already holds the copy's transform.
  private func addCopyDescendants(
    _ c: Int, _ bodies: [InstanceBody], copy i: Int, under copy: PlacedInstance, delay: Double, tint: Color
  ) {
    guard let list = tree?.copyChildren[c] else { return }
    let made = addDescendants(
      count: min(list.count, bodies.count), under: copy,
      copy: (delay, CopyPlacement(prefix: .identity, tint: tint))
    ) { k in
      DescendantEntry(
        parent: list[k].parent, ordinal: list[k].ordinal, body: bodies[k],
        id: InstanceID(name: list[k].idName, kind: .copyChild, index: i))
    }
    fixedInstances += made.count
  }
}

func clamp01(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
