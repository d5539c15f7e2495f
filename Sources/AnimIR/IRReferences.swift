import AnimModel

/// What an expression reads from the run: top-level `let`s (by slot) and nodes' model
/// positions (by node index). The simulator orders the per-run stage by these, so a node
/// or `let` declared later is evaluated first when something reads it.
package struct IRReferences: Sendable {
  package var globals: [Int] = []
  package var nodes: [Int] = []
  /// The nodes whose `scenePosition` it reads (§14), by node index (also in `nodes`).
  package var scenePositions: [Int] = []
  package init() {}

  package mutating func add(_ e: Expr) {
    switch e {
    case .global(let slot): globals.append(slot)
    case .nodePosition(let i): nodes.append(i)
    case .nodeScenePosition(let i):
      nodes.append(i)
      scenePositions.append(i)
    case .constant, .local, .selfIndex, .triggerPosition, .triggerTime, .triggerVelocity, .instanceStart: break
    // A binding's reads are of the frame, not of the per-run stage (§16).
    case .sceneTime, .drawn, .drawnScenePosition, .selfDrawn, .drag: break
    case .negate(let x), .component(let x, _): add(x)
    case .arithmetic(_, let a, let b, _), .makePoint(let a, let b), .range(let a, let b):
      add(a)
      add(b)
    case .list(let items), .call(_, let items, _): for item in items { add(item) }
    case .pathLiteral(let commands): add(commands)
    case .shapeLiteral(let w, let h, let commands):
      if let w { add(w) }
      if let h { add(h) }
      add(commands)
    case .styledShape(let base, let settings):
      add(base)
      for item in settings { add(item.value) }
    }
  }

  mutating func add(_ commands: [PathCommand]) {
    for c in commands { for item in c.arguments { add(item) } }
  }

  /// Everything a node template's shape and body read.
  package mutating func add(_ t: NodeTemplate) {
    add(t.shape)
    for statement in t.body {
      switch statement {
      case .bind(_, let e), .set(_, let e), .anchor(let e), .z(let e), .removeAfter(let e), .appearAt(let e),
        .contentsRect(let e):
        add(e)
      case .timeline(let item): add(item)
      }
    }
  }

  mutating func add(_ item: TimelineItem) {
    switch item {
    case .animation(let a):
      add(a.timing)
      switch a.value {
      case .basic(let from, let to, let by):
        for e in [from, to, by].compactMap({ $0 }) { add(e) }
      case .keyframes(let frames, _):
        for f in frames {
          add(f.value)
          if let t = f.timing { add(t) }
        }
      case .along(let path, _, _): add(path)
      case .motion(let motion, _): add(motion)
      }
    case .group(let t, let children), .sequence(let t, let children):
      add(t)
      for item in children { add(item) }
    }
  }

  mutating func add(_ t: Timing) {
    for e in [t.duration, t.delay, t.timingFunction].compactMap({ $0 }) { add(e) }
    switch t.repeatCount {
    case .count(let e)?, .duration(let e)?: add(e)
    default: break
    }
  }
}

extension SceneIR {
  /// One unit of the per-run stage.
  package enum RunUnit: Hashable, Sendable {
    case global(slot: Int)
    case node(Int)
  }

  /// The per-run stage in evaluation order: globals in their order, then nodes in source
  /// order, each after what it reads (§2: per-run values; names are visible in the whole
  /// file). A cycle through node positions is broken where it closes (that read sees
  /// (0, 0)); the checker already rejects cycles between `let`s.
  package var runOrder: [RunUnit] {
    var globalDeps: [Int: IRReferences] = [:]
    for g in globals {
      var r = IRReferences()
      r.add(g.value)
      globalDeps[g.slot] = r
    }
    var nodeDeps: [IRReferences] = []
    for n in nodes {
      var r = IRReferences()
      r.add(n)
      nodeDeps.append(r)
    }
    var order: [RunUnit] = []
    var state: [RunUnit: Bool] = [:]  // false: in progress, true: done
    func visit(_ u: RunUnit) {
      guard state[u] == nil else { return }
      state[u] = false
      let r: IRReferences?
      switch u {
      case .global(let slot): r = globalDeps[slot]
      case .node(let i): r = i < nodeDeps.count ? nodeDeps[i] : nil
      }
      if let r {
        for slot in r.globals where globalDeps[slot] != nil { visit(.global(slot: slot)) }
        for i in r.nodes where i < nodeDeps.count { visit(.node(i)) }
      }
      state[u] = true
      order.append(u)
    }
    for g in globals { visit(.global(slot: g.slot)) }
    for i in nodes.indices { visit(.node(i)) }
    return order
  }
}
