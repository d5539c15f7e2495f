import AnimModel

/// Each IR type with its values turned into another form, the rest kept as it is: how
/// `Lowering` makes the IR from the checked scene.
extension IRForm.Scene {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.Scene<W> {
    var scene = IRForm.Scene<W>()
    scene.settings = settings
    scene.globals = globals.map { IRForm.GlobalBinding(name: $0.name, slot: $0.slot, value: f($0.value)) }
    scene.nodes = nodes.map { $0.map(f) }
    scene.emitters = emitters.map { $0.map(f) }
    scene.replicators = replicators.map { $0.map(f) }
    scene.input = input
    scene.fontFiles = fontFiles
    return scene
  }
}

extension IRForm.NodeTemplate {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.NodeTemplate<W> {
    var t = IRForm.NodeTemplate<W>(
      name: name, shape: f(shape), shapeID: shapeID, body: body.map { $0.map(f) }, localCount: localCount,
      range: range, is3D: is3D)
    t.children = children.map { $0.map(f) }
    t.isGroup = isGroup
    t.interaction = interaction.map { $0.map(f) }
    return t
  }
}

extension IRForm.EmitterTemplate {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.EmitterTemplate<W> {
    var e = IRForm.EmitterTemplate<W>(name: name, triggers: triggers, spawn: spawn.map(f))
    e.burst = burst
    e.max = max
    e.origin = origin.map(f)
    e.parent = parent
    return e
  }
}

extension IRForm.ReplicatorTemplate {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.ReplicatorTemplate<W> {
    var r = IRForm.ReplicatorTemplate<W>(name: name, count: count)
    r.position = f(position)
    r.instanceTransform = instanceTransform.map(f)
    r.instanceDelay = f(instanceDelay)
    r.instanceColor = f(instanceColor)
    r.offsets = offsets
    r.children = children.map { $0.map(f) }
    return r
  }
}

extension IRForm.BlockStatement {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.BlockStatement<W> {
    switch self {
    case .bind(let slot, let v): return .bind(slot: slot, f(v))
    case .set(let property, let v): return .set(property, f(v))
    case .anchor(let v): return .anchor(f(v))
    case .z(let v): return .z(f(v))
    case .timeline(let item): return .timeline(item.map(f))
    case .removeAfter(let v): return .removeAfter(f(v))
    case .appearAt(let v): return .appearAt(f(v))
    case .contentsRect(let v): return .contentsRect(f(v))
    }
  }
}

extension IRForm.TimelineItem {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.TimelineItem<W> {
    switch self {
    case .animation(let a): return .animation(a.map(f))
    case .group(let timing, let children): return .group(timing.map(f), children.map { $0.map(f) })
    case .sequence(let timing, let children): return .sequence(timing.map(f), children.map { $0.map(f) })
    }
  }
}

extension IRForm.Animation {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.Animation<W> {
    var a = IRForm.Animation<W>(property: property, value: value.map(f), timing: timing.map(f), range: range)
    a.additive = additive
    a.cumulative = cumulative
    return a
  }
}

extension IRForm.AnimationValue {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.AnimationValue<W> {
    switch self {
    case .basic(let from, let to, let by): return .basic(from: from.map(f), to: to.map(f), by: by.map(f))
    case .keyframes(let frames, let interpolation):
      return .keyframes(
        frames.map { IRForm.Keyframe(key: $0.key, value: f($0.value), timing: $0.timing.map(f)) }, interpolation)
    case .along(let path, let pacing, let rotation): return .along(f(path), pacing, rotation)
    case .motion(let motion, let rotation): return .motion(f(motion), rotation)
    }
  }
}

extension IRForm.Timing {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.Timing<W> {
    var t = IRForm.Timing<W>()
    t.duration = duration.map(f)
    t.delay = delay.map(f)
    t.timingFunction = timingFunction.map(f)
    switch repeatCount {
    case .count(let c)?: t.repeatCount = .count(f(c))
    case .duration(let d)?: t.repeatCount = .duration(f(d))
    case .forever?: t.repeatCount = .forever
    case nil: t.repeatCount = nil
    }
    t.autoreverse = autoreverse
    t.fill = fill
    return t
  }
}
